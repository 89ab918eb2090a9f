import { elementLanguageSources, formatSalaryRange, type Locale, type Offer as OfferEntity, pickText, visitorLanguageIfKnown } from '@rec/core';
import { COMMON_PART, type LocalePart, loadLocale, OFFER_PART, type Translate } from '@rec/i18n/widgets';
// Deep import: the stores index also holds the form's store, which must stay in the form chunk.
import { createOfferStore } from '@rec/stores/offer';
import type { ShareActions as ShareActionsComponent } from '@rec/ui/share-actions';
import { CompanyLogo, type ElementProps, headingTag, hostOf, Loading, PoweredBy, resolveApiBase, safeUrl, ThemeScope, useStore, useTranslate, visitReferralCode, WayBack, withReferral } from '@rec/ui';
import { type ComponentType, useEffect, useMemo, useRef, useState } from 'react';
import type { ApplyFormProps } from './ApplyForm';
import { addJobPostingToHead } from './job-posting';
import { sanitizeHtml } from './sanitize-html';

/** Attributes of <rec-offer>, as plain strings (absent or empty: undefined). */
export interface OfferProps extends ElementProps {
  channelId?: string;
  /** The offer's own id, for `/offer/{_id}` pages (channel-id wins when both are set). */
  offerId?: string;
  /** applyManualOnly or applyWithOptions: the compact embedded layout; anything else the full offer page. */
  embedded?: string;
  language?: string;
  apiBase?: string;
  /** A referral code; else the page's `?ref=`. Carried as companyReferralCode. */
  referralCode?: string;
  /** Hidden meta of spec §3: the agent who brought the candidate. */
  agentEmail?: string;
  /** Level of the title heading (default 1 on the full page, 2 embedded). */
  headingLevel?: string;
}

export const OFFER_PARTS: readonly LocalePart[] = [COMMON_PART, OFFER_PART];
const prepareLocale = (locale: Locale) => loadLocale(locale, OFFER_PARTS);

export type Mode = 'applyManualOnly' | 'applyWithOptions' | 'page';
const modeOf = (embedded: string | undefined): Mode => (embedded === 'applyManualOnly' || embedded === 'applyWithOptions' ? embedded : 'page');


/** The apply form is its own chunk: fetched only when a candidate opens it. */
// Share actions appear on the full offer page only: embedded offers on career sites never download them.
let shareModule: Promise<typeof ShareActionsComponent> | undefined;
function loadShareActions(): Promise<typeof ShareActionsComponent> {
  shareModule ??= import('@rec/ui/share-actions').then((module) => module.ShareActions);
  return shareModule;
}

let formModule: Promise<ComponentType<ApplyFormProps>> | undefined;
function loadApplyForm(): Promise<ComponentType<ApplyFormProps>> {
  formModule ??= import('./ApplyForm').then((module) => module.ApplyForm);
  formModule.catch(() => {
    formModule = undefined;
  });
  return formModule;
}

export function OfferMeta({ offer, locale, t }: { offer: OfferEntity; locale: Locale; t: Translate }) {
  const location = pickText(offer.information.location, locale, offer.language);
  const contract = offer.contractType ? t(`contractTypes.${offer.contractType}`) : '';
  // A spontaneous application is not a job: no contract and no publish date (its own layout).
  const posted = offer.datePosted && !offer.spontaneous ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(offer.datePosted)) : '';
  const items: Array<[string, string]> = [];
  if (offer.company?.name) items.push(['offerPage.company', offer.company.name]);
  if (location) items.push(['offerPage.location', location]);
  if (contract && !offer.spontaneous) items.push(['offerPage.contract', contract]);
  // Pay transparency: one line, amounts in the page's language ("45 000–60 000 € par an").
  if (offer.salary) items.push(['offerSalary.label', t(`offerSalary.${offer.salary.period}`, { range: formatSalaryRange(offer.salary, locale) })]);
  return (
    <>
      <dl className="offer-meta" part="offer-meta">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {posted ? <p className="offer-date">{t('offerPage.postedOn', { date: posted })}</p> : null}
    </>
  );
}

export interface OfferHeaderProps {
  offer: OfferEntity;
  locale: Locale;
  t: Translate;
  /** The full page (h1 by default) or an embedded offer's slim header (h2 by default). */
  mode: Mode;
  headingLevel?: string | undefined;
}

/**
 * The offer's header: the company's default logo from its theme (when it has one), the title and
 * the meta line. Exported for the branding previews (SLIM_HEADER, OFFER_HEADER), which show this
 * very component.
 */
export function OfferHeader({ offer, locale, t, mode, headingLevel }: OfferHeaderProps) {
  // At most h3: the apply section below is an h2.
  const Heading = headingTag(headingLevel, mode === 'page' ? 1 : 2, 3);
  return (
    <>
      {offer.theme?.logo && offer.company ? <CompanyLogo logo={offer.theme.logo} alt={offer.company.name} /> : null}
      <Heading id="rec-offer-title" className="offer-title" part="title" lang={offer.information.title[locale] ? undefined : offer.language}>
        {pickText(offer.information.title, locale, offer.language)}
      </Heading>
      <OfferMeta offer={offer} locale={locale} t={t} />
    </>
  );
}

/** The offer's description, already sanitised (sanitize-html.ts): headings, paragraphs, lists, links; `lang` when not the page's. */
export function OfferDescription({ html, lang }: { html: string; lang?: string | undefined }) {
  return <div className="offer-description" part="description" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Each language named in itself, so its reader finds it whatever the labels are in. */
function ownName(code: string): string {
  try {
    const name = new Intl.DisplayNames(code, { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

/**
 * Switcher truth (issue 25): the visitor reads the labels in `locale`, the offer has no posting in
 * it, so the content is in another language; say so and offer the languages it is written in.
 * A link reloads the page in that language (`?language=`); an element whose page fixed its
 * `language` attribute gets that attribute changed instead.
 */
function AvailableIn({ offer, t, host }: { offer: OfferEntity; t: Translate; host: HTMLElement | undefined }) {
  const languages = Object.keys(offer.information.title).filter((code) => offer.information.title[code as Locale]);
  return (
    <p className="offer-languages" part="available-in">
      {t('offerPage.availableIn')}{' '}
      {languages.map((code, index) => {
        const href = withReferral(globalThis.location?.href, undefined, code);
        return (
          <span key={code}>
            {index ? ', ' : ''}
            <a
              href={href}
              hrefLang={code}
              lang={code}
              onClick={(event) => {
                if (!host?.hasAttribute('language')) return;
                event.preventDefault();
                host.setAttribute('language', code);
              }}
            >
              {ownName(code)}
            </a>
          </span>
        );
      })}
    </p>
  );
}

export interface ApplyChoiceProps {
  mode: Mode;
  t: Translate;
  /** "Apply with Indeed", when the server offers it. */
  indeedUrl?: string | undefined;
  onApply: () => void;
}

/**
 * How to apply, before the form opens: the heading and the choice cards (the form, or Indeed
 * with embedded="applyWithOptions"). Exported for the APPLICATION_CARDS branding preview.
 */
export function ApplyChoice({ mode, t, indeedUrl, onApply }: ApplyChoiceProps) {
  return (
    <>
      <h2 id="rec-apply-heading" className="apply-heading">
        {mode === 'applyWithOptions' ? t('offerPage.applyChoice') : t('offerPage.applyTitle')}
      </h2>
      <div className="apply-options">
        <button type="button" className="rec-button" part="apply-button" onClick={onApply}>
          {t('offerPage.applyManual')}
        </button>
        {indeedUrl ? (
          <a className="rec-button rec-button-secondary" part="apply-indeed" href={indeedUrl}>
            {t('offerPage.applyWithIndeed')}
          </a>
        ) : null}
      </div>
    </>
  );
}

/**
 * Tells the page what the offer shows (its language and title, or the message's title when it cannot
 * be shown), so a host page can match `<html lang>` and its title and offer a way back.
 */
export const OFFER_SHOWN_EVENT = 'rec-offer-shown';

/** `<rec-offer>`: one job offer, and applying to it. */
export function Offer({ channelId, offerId, embedded, language, apiBase, referralCode: referralAttribute, agentEmail, headingLevel, container }: OfferProps) {
  const baseURL = resolveApiBase(apiBase);
  const host = hostOf(container);
  const store = useMemo(() => createOfferStore({ baseURL, prepareLocale }), [baseURL]);
  const { status, offer, messageKey, locale: shown } = useStore(store.$offer);
  // The one language rule (@rec/core visitor-language.ts); the offer's own language comes last, in the store.
  const requested = visitorLanguageIfKnown(elementLanguageSources(host, language)) ?? null;
  const locale = shown ?? requested ?? null;
  const t = useTranslate(locale ?? 'en', OFFER_PARTS);
  const mode = modeOf(embedded);
  const [formOpen, setFormOpen] = useState(false);
  const [Form, setForm] = useState<ComponentType<ApplyFormProps> | null>(null);
  const [Share, setShare] = useState<typeof ShareActionsComponent | null>(null);
  const applyRef = useRef<HTMLElement>(null);
  const shownTitle = offer ? pickText(offer.information.title, locale ?? offer.language, offer.language) : status === 'error' && t ? t(`messageKeys.${messageKey}.title`) : '';

  useEffect(() => {
    if (shownTitle) hostOf(container)?.dispatchEvent(new CustomEvent(OFFER_SHOWN_EVENT, { bubbles: true, composed: true, detail: { language: locale, title: shownTitle, error: !offer } }));
  }, [container, shownTitle, locale, offer]);

  useEffect(() => {
    setFormOpen(false);
    void store.loadOffer({ channelId, offerId }, requested);
  }, [store, channelId, offerId, requested]);

  // The content is in the offer's language (the visitor's when a posting exists in it): see the store.
  const description = useMemo(() => (offer ? sanitizeHtml(pickText(offer.information.description, offer.language, offer.language)) : ''), [offer]);

  useEffect(() => {
    if (offer && mode !== 'page') addJobPostingToHead(offer, description);
  }, [offer, mode, description]);

  useEffect(() => {
    if (mode !== 'page') return;
    let live = true;
    loadShareActions().then((component) => live && setShare(() => component));
    return () => {
      live = false;
    };
  }, [mode]);

  const wantsForm = mode === 'applyManualOnly' || formOpen;
  useEffect(() => {
    if (!wantsForm || !offer) return;
    let live = true;
    loadApplyForm().then((component) => live && setForm(() => component));
    return () => {
      live = false;
    };
  }, [wantsForm, offer]);

  if (!t || status === 'loading' || !locale) {
    return (
      <div className="offer" part="offer" aria-busy="true">
        <Loading label={t ? t('offerPage.loading') : ''} />
      </div>
    );
  }

  // At most h3: the apply section below is an h2. A message that replaces the offer is titled like it.
  const Heading = headingTag(headingLevel, mode === 'page' ? 1 : 2, 3);
  if (status === 'error' || !offer) {
    const key = messageKey ?? 'genericError';
    return (
      <div className="offer" part="offer" lang={locale}>
        <div className="rec-error offer-message" role="alert" part="error" data-message-key={key}>
          <Heading className="rec-error-title">{t(`messageKeys.${key}.title`)}</Heading>
          <p>{t(`messageKeys.${key}.text`)}</p>
          <WayBack label={t('common.back')} />
        </div>
        <PoweredBy t={t} />
      </div>
    );
  }

  const title = pickText(offer.information.title, locale, offer.language);
  const indeedUrl = offer.applyOptions?.indeed ? safeUrl(offer.applyOptions.indeedUrl) : undefined;
  const showChoice = mode !== 'applyManualOnly' && !formOpen;
  const companyId = offer.company?._id;

  return (
    <ThemeScope properties={offer.theme?.properties}>
    <article className={`offer offer-${mode}`} part="offer" lang={locale} aria-labelledby="rec-offer-title">
      {mode === 'page' && offer.boardUrl ? (
        <a className="offer-board-link" part="board-link" href={withReferral(safeUrl(offer.boardUrl), undefined, locale)}>
          {t('offerPage.allPositions')}
        </a>
      ) : null}
      <OfferHeader offer={offer} locale={locale} t={t} mode={mode} headingLevel={headingLevel} />
      {offer.language !== locale ? <AvailableIn offer={offer} t={t} host={host} /> : null}
      <OfferDescription html={description} lang={offer.language !== locale ? offer.language : undefined} />
      <section className="apply" part="apply" aria-labelledby="rec-apply-heading" ref={applyRef}>
        {showChoice ? (
          <ApplyChoice mode={mode} t={t} indeedUrl={indeedUrl} onApply={() => setFormOpen(true)} />
        ) : (
          <h2 id="rec-apply-heading" className="rec-sr-only">
            {t('offerPage.applyTitle')}
          </h2>
        )}
        {wantsForm && companyId ? (
          Form ? (
            <Form
              offer={offer}
              companyId={companyId}
              locale={locale}
              t={t}
              baseURL={baseURL}
              referralCode={visitReferralCode(referralAttribute)}
              agentEmail={agentEmail}
              autoFocus={formOpen}
            />
          ) : (
            <Loading label={t('common.loading')} />
          )
        ) : null}
      </section>
      {/* The shared link opens the offer as shown: in the visitor's language (issue 25). */}
      {mode === 'page' && Share ? <Share url={withReferral(offer.url.canonical, undefined, locale) ?? offer.url.canonical} title={title} t={t} /> : null}
      <PoweredBy t={t} />
    </article>
    </ThemeScope>
  );
}
