import { elementLanguageSources, ERROR_KEYS, type Locale, type Offer, pickText, visitorLanguageIfKnown } from '@rec/core';
import type { ApplicationSource } from '@rec/core/application-source';
import { hasKey, loadLocale, type Translate } from '@rec/i18n/widgets';
import { createBoardStore } from '@rec/stores';
import { CompanyLogo, type ElementProps, ErrorMessage, headingTag, hostOf, Loading, PoweredBy, resolveApiBase, safeUrl, ThemeScope, useStore, useTranslate, visitReferralCode, visitSource, withReferral, withSource } from '@rec/ui';
import { type MouseEvent, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { BoardFilters } from './BoardFilters';
import { applyFilter, type BoardFilter, filterOptions, type IndexedOffer, indexOffers, isFiltered, NO_FILTER, sameFilter, selectedLocation } from './board-filter';

/** Attributes of <rec-board>, as plain strings (absent or empty: undefined). */
export interface BoardProps extends ElementProps {
  boardId?: string;
  /** de, en, es, fr, lb, nl, pt, it or pl; else the one language rule (docs/embedding.md "Languages"), the board's language last. */
  language?: string;
  /** Level of the board-name heading, 1 to 6 (default 2). */
  headingLevel?: string;
  apiBase?: string;
  /** An employee's referral code; else the page's `?ref=`. Every offer link carries it on. */
  referralCode?: string;
  /** Filter state (set by the page, and reflected here when the visitor changes it): search words. */
  search?: string;
  /** Only offers at this location, written in any language, ignoring case and accents. */
  location?: string;
  /** Only offers of this contract-type code. */
  contract?: string;
  /** Only offers written in this language. */
  offerLanguage?: string;
}

export const OFFER_SELECT_EVENT = 'rec-offer-select';

export interface OfferSelectDetail {
  offer: Offer;
  channelId: string;
  url: string;
}

export const BOARD_FILTER_EVENT = 'rec-board-filter';

/** The filter the visitor set, how many offers it keeps and how many the board has. */
export interface BoardFilterDetail extends BoardFilter {
  count: number;
  total: number;
}

/** Offers rendered at first and added by each "show more": the first titles paint without waiting for 500. */
export const PAGE_SIZE = 20;
/** Boards with more offers than this get the search field and filters (smaller ones a plain list). */
export const FILTERS_FROM = 10;
const FILTER_ATTRIBUTES: ReadonlyArray<[keyof BoardFilter, string]> = [
  ['search', 'search'],
  ['location', 'location'],
  ['contract', 'contract'],
  ['offerLanguage', 'offer-language'],
];

const TITLE_ID = 'rec-board-title';
/** Failures worth a retry button (a wrong id stays wrong). */
const RETRYABLE = new Set<string>([ERROR_KEYS.generic, ERROR_KEYS.tooManyRequests]);


/** A plain click on an offer: tell the page, which may take over navigation (preventDefault). */
function selectOffer(event: MouseEvent<HTMLAnchorElement>, offer: Offer, host: HTMLElement | undefined, url: string) {
  // Modified clicks open tabs or windows: that stays the browser's business.
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const detail: OfferSelectDetail = { offer, channelId: offer.channelId, url };
  const event_ = new CustomEvent<OfferSelectDetail>(OFFER_SELECT_EVENT, { bubbles: true, composed: true, cancelable: true, detail });
  if (host && !host.dispatchEvent(event_)) event.preventDefault();
}

/** The visitor changed the filter: mirror it in the element's attributes. */
function reflectFilter(host: HTMLElement | undefined, filter: BoardFilter) {
  for (const [key, attribute] of FILTER_ATTRIBUTES) {
    if (filter[key]) host?.setAttribute(attribute, filter[key]);
    else host?.removeAttribute(attribute);
  }
}

interface OfferItemProps {
  entry: IndexedOffer;
  locale: Locale;
  t: Translate;
  host: HTMLElement | undefined;
  referral: string | undefined;
  source: ApplicationSource | undefined;
}

function OfferItem({ entry, locale, t, host, referral, source }: OfferItemProps) {
  const { offer, title, titleLanguage, location } = entry;
  // Contracts are codes: translated here, never a stored word inside another language's page.
  const contract = offer.contractType ? t(`contractTypes.${offer.contractType}`) : '';
  // The offer opens in the language the visitor reads the board in (when it is written in it).
  const href = withSource(withReferral(safeUrl(offer.url.canonical), referral, locale), source);
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
export function Board({ boardId, language, headingLevel, apiBase, referralCode, search, location, contract, offerLanguage, container }: BoardProps) {
  const host = hostOf(container);
  const referral = useMemo(() => visitReferralCode(referralCode), [referralCode]);
  // The campaign and referring page of the visit ride along to the offers (issue 30), as the referral code does.
  const source = useMemo(visitSource, []);
  // The one language rule (@rec/core visitor-language.ts); the board's own language comes last, in the store.
  const requested = visitorLanguageIfKnown(elementLanguageSources(host, language));
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

  // The filter comes from the attributes (never the page URL). The visitor's changes are written
  // back into them; r2wc renders synchronously on each attribute it is given, so while we write
  // them (`reflecting`) the half-written states are ignored, and only a change the page makes
  // itself (attributes differing from the last state we accepted) replaces the visitor's filter.
  const fromAttributes = useMemo<BoardFilter>(
    () => ({ search: search ?? '', location: location ?? '', contract: contract ?? '', offerLanguage: offerLanguage ?? '' }),
    [search, location, contract, offerLanguage],
  );
  const current = useRef(fromAttributes);
  const accepted = useRef(fromAttributes);
  const reflecting = useRef(false);
  const [, rerender] = useState(0);
  if (!reflecting.current && !sameFilter(accepted.current, fromAttributes)) {
    accepted.current = fromAttributes;
    current.current = fromAttributes;
  }
  const filter = current.current;

  const index = useMemo(() => (t && locale ? indexOffers(offers, locale, (code) => t(`contractTypes.${code}`)) : []), [offers, locale, t]);
  const options = useMemo(() => (t && locale ? filterOptions(index, locale, (code) => t(`contractTypes.${code}`)) : null), [index, locale, t]);
  const matching = useMemo(() => applyFilter(index, filter), [index, filter]);
  // How many are shown, for this filter only: a new filter starts again at one page.
  const [more, setMore] = useState<{ filter: BoardFilter; visible: number }>({ filter, visible: PAGE_SIZE });
  const visible = more.filter === filter ? more.visible : PAGE_SIZE;
  // After "show more", focus moves to the first new offer so keyboard users continue from there.
  // A layout effect: focus moves as the new offers enter the DOM, not a frame later (preact runs
  // plain effects after paint), so nothing can act on the old focus in between.
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (focusFrom.current === null) return;
    list.current?.children[focusFrom.current]?.querySelector('a')?.focus();
    focusFrom.current = null;
  }, [visible]);

  const changeFilter = (change: Partial<BoardFilter>) => {
    const next = { ...current.current, ...change };
    if (sameFilter(next, current.current)) return;
    current.current = next;
    reflecting.current = true;
    try {
      reflectFilter(host, next);
    } finally {
      reflecting.current = false;
    }
    accepted.current = next;
    rerender((n) => n + 1);
    // Told once the attributes are final: a listener may set them itself.
    const detail: BoardFilterDetail = { ...next, count: applyFilter(index, next).length, total: index.length };
    host?.dispatchEvent(new CustomEvent<BoardFilterDetail>(BOARD_FILTER_EVENT, { bubbles: true, composed: true, detail }));
  };
  const showMore = () => {
    focusFrom.current = visible;
    setMore({ filter, visible: visible + PAGE_SIZE });
  };

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
          backLabel={t('common.back')}
          heading={headingTag(headingLevel, 2)}
        />
        <PoweredBy t={t} />
      </>
    );
  } else if (board) {
    const Heading = headingTag(headingLevel, 2);
    const spontaneous = withSource(withReferral(safeUrl(board.spontaneousOfferChannelUrl), referral, locale), source);
    content = (
      <>
        {board.theme?.logo ? <CompanyLogo logo={board.theme.logo} alt={board.company.name} /> : null}
        <Heading id={TITLE_ID} className="board-title" part="title">
          {pickText(board.names, locale, board.language) || board.name}
        </Heading>
        {offers.length ? (
          <>
            {options && (offers.length > FILTERS_FROM || isFiltered(filter)) ? (
              <BoardFilters t={t} filter={filter} options={options} location={selectedLocation(index, options.locations, filter.location)} onChange={changeFilter} />
            ) : null}
            {/* A polite live region: screen readers hear how many offers the filter keeps. */}
            <p className="board-count" part="count" role="status">
              {isFiltered(filter) ? t('boardFilter.matching', { count: matching.length, total: offers.length }) : t('board.offerCount', { count: offers.length })}
            </p>
            {matching.length ? (
              <ul className="offers" part="offers" aria-labelledby={TITLE_ID} ref={list}>
                {matching.slice(0, visible).map((entry) => (
                  <OfferItem key={entry.offer._id} entry={entry} locale={locale} t={t} host={host} referral={referral} source={source} />
                ))}
              </ul>
            ) : (
              <p className="board-empty" part="no-match">
                {t('boardFilter.noMatch')}{' '}
                <button type="button" className="rec-button rec-button-secondary" part="clear-filters" onClick={() => changeFilter(NO_FILTER)}>
                  {t('boardFilter.clear')}
                </button>
              </p>
            )}
            {matching.length > visible ? (
              <button type="button" className="rec-button rec-button-secondary show-more" part="show-more" onClick={showMore}>
                {t('boardFilter.showMore', { count: Math.min(PAGE_SIZE, matching.length - visible) })}
              </button>
            ) : null}
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
    <ThemeScope properties={board?.theme?.properties}>
      <div className="board" part="board" lang={locale ?? undefined} aria-busy={busy}>
        {content}
      </div>
    </ThemeScope>
  );
}
