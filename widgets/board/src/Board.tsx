import { ERROR_KEYS, type Locale, type Offer, pickText, toLocale } from '@rec/core';
import { hasKey, loadLocale, type Translate } from '@rec/i18n/widgets';
import { createBoardStore, summarizeOffer } from '@rec/stores';
import { type ElementProps, ErrorMessage, headingTag, hostOf, Loading, PoweredBy, resolveApiBase, safeUrl, useStore, useTranslate, visitReferralCode, withReferral } from '@rec/ui';
import { type MouseEvent, type ReactNode, useEffect, useMemo } from 'react';

/** Attributes of <rec-board>, as plain strings (absent or empty: undefined). */
export interface BoardProps extends ElementProps {
  boardId?: string;
  /** de, en, es, fr, lb, nl, pt, it or pl; else the page's `?language=`, else the board's language, else en. */
  language?: string;
  /** Level of the board-name heading, 1 to 6 (default 2). */
  headingLevel?: string;
  apiBase?: string;
  /** An employee's referral code; else the page's `?ref=`. Every offer link carries it on. */
  referralCode?: string;
}

export const OFFER_SELECT_EVENT = 'rec-offer-select';

export interface OfferSelectDetail {
  offer: Offer;
  channelId: string;
  url: string;
}

const TITLE_ID = 'rec-board-title';
/** Failures worth a retry button (a wrong id stays wrong). */
const RETRYABLE = new Set<string>([ERROR_KEYS.generic, ERROR_KEYS.tooManyRequests]);

/** `?language=` of the page (with `?ref=`, the only things the widget reads from the page URL). */
function pageLanguage(): Locale | undefined {
  return toLocale(new URLSearchParams(globalThis.location?.search ?? '').get('language'));
}


/** A plain click on an offer: tell the page, which may take over navigation (preventDefault). */
function selectOffer(event: MouseEvent<HTMLAnchorElement>, offer: Offer, host: HTMLElement | undefined, url: string) {
  // Modified clicks open tabs or windows: that stays the browser's business.
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const detail: OfferSelectDetail = { offer, channelId: offer.channelId, url };
  const event_ = new CustomEvent<OfferSelectDetail>(OFFER_SELECT_EVENT, { bubbles: true, composed: true, cancelable: true, detail });
  if (host && !host.dispatchEvent(event_)) event.preventDefault();
}

interface OfferItemProps {
  offer: Offer;
  locale: Locale;
  t: Translate;
  host: HTMLElement | undefined;
  referral: string | undefined;
}

function OfferItem({ offer, locale, t, host, referral }: OfferItemProps) {
  const { title, titleLanguage, location } = summarizeOffer(offer, locale);
  // Contracts are codes: translated here, never a stored word inside another language's page.
  const contract = offer.contractType ? t(`contractTypes.${offer.contractType}`) : '';
  // The offer opens in the language the visitor reads the board in (when it is written in it).
  const href = withReferral(safeUrl(offer.url.canonical), referral, locale);
  return (
    <li className="offer-item">
      <a className="offer" part="offer" href={href} onClick={(event) => selectOffer(event, offer, host, href ?? offer.url.canonical)}>
        <span className="offer-title" part="offer-title" lang={titleLanguage === locale ? undefined : titleLanguage}>
          {title}
        </span>
        {location || contract ? (
          <span className="offer-meta" part="offer-meta">
            {location ? (
              <span className="offer-location" part="offer-location">
                <span className="rec-sr-only">{t('board.location')} </span>
                {location}
              </span>
            ) : null}
            {contract ? (
              <span className="offer-contract" part="offer-contract">
                <span className="rec-sr-only">{t('board.contract')} </span>
                {contract}
              </span>
            ) : null}
          </span>
        ) : null}
      </a>
    </li>
  );
}

/** `<rec-board>`: a company's open positions, sorted by title in the shown language. */
export function Board({ boardId, language, headingLevel, apiBase, referralCode, container }: BoardProps) {
  const host = hostOf(container);
  const referral = useMemo(() => visitReferralCode(referralCode), [referralCode]);
  const requested = toLocale(language) ?? pageLanguage();
  const baseURL = resolveApiBase(apiBase);
  // The store readies each locale's file before showing it, alongside the API calls.
  const store = useMemo(() => createBoardStore({ baseURL, prepareLocale: loadLocale }), [baseURL]);
  const { status, board, offers, errorKey, locale: shown } = useStore(store.$board);
  // Null while the board's own language is still unknown: no file is fetched for a guess.
  const locale = shown ?? requested ?? null;
  const t = useTranslate(locale);

  useEffect(() => {
    void store.loadBoard(boardId, requested);
  }, [store, boardId, requested]);

  const busy = status === 'loading';
  let content: ReactNode = null;
  if (!t || !locale || (busy && !board)) {
    content = <Loading label={t ? t('board.loading') : ''} />;
  } else if (status === 'error') {
    const messageKey = errorKey && errorKey !== ERROR_KEYS.generic && hasKey(locale, errorKey) ? errorKey : 'genericErrorMessage';
    content = (
      <>
        <ErrorMessage
          title={t('genericErrorTitle')}
          message={t(messageKey)}
          retryLabel={t('common.retry')}
          onRetry={errorKey && RETRYABLE.has(errorKey) ? () => void store.loadBoard(boardId, requested) : undefined}
        />
        <PoweredBy t={t} />
      </>
    );
  } else if (board) {
    const Heading = headingTag(headingLevel, 2);
    const spontaneous = withReferral(safeUrl(board.spontaneousOfferChannelUrl), referral, locale);
    content = (
      <>
        <Heading id={TITLE_ID} className="board-title" part="title">
          {pickText(board.names, locale, board.language) || board.name}
        </Heading>
        {offers.length ? (
          <>
            <p className="board-count" part="count">
              {t('board.offerCount', { count: offers.length })}
            </p>
            <ul className="offers" part="offers" aria-labelledby={TITLE_ID}>
              {offers.map((offer) => (
                <OfferItem key={offer._id} offer={offer} locale={locale} t={t} host={host} referral={referral} />
              ))}
            </ul>
          </>
        ) : (
          <p className="board-empty" part="empty">
            {t('board.empty')}
          </p>
        )}
        {spontaneous ? (
          <p className="spontaneous" part="spontaneous-block">
            <span>{t('board.spontaneousHint')}</span>{' '}
            <a className="spontaneous-link" part="spontaneous" href={spontaneous}>
              {t('board.spontaneous')}
            </a>
          </p>
        ) : null}
        <PoweredBy t={t} />
      </>
    );
  }

  return (
    <div className="board" part="board" lang={locale ?? undefined} aria-busy={busy}>
      {content}
    </div>
  );
}
