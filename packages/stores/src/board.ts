import { createApiClient, errorKeyFromUnknown, fetchBoard, fetchBoardOffers } from '@rec/api-client';
import { type Board, DEFAULT_LOCALE, ERROR_KEYS, isObjectId, type Locale, type Offer, pickText, resolveLocale, toLocale } from '@rec/core';
import { atom, type ReadableAtom } from 'nanostores';

export type BoardStatus = 'loading' | 'ready' | 'error';

export interface BoardState {
  status: BoardStatus;
  board: Board | null;
  /** Sorted by title in `locale`. */
  offers: Offer[];
  /** Translation key of the failure when status is 'error'. */
  errorKey: string | null;
  /** The locale the board shows: the requested one, else the board's language, else en (null until known). */
  locale: Locale | null;
}

export interface BoardStoreOptions {
  /** API origin, e.g. the loader's origin or an `api-base` attribute. */
  baseURL: string;
  /** Defaults to the global fetch (tests pass a fake). */
  fetch?: typeof globalThis.fetch;
  /**
   * Readies what showing a locale needs (its translations file): awaited before the board is
   * 'ready', in parallel with the API calls when the locale is known up front, so the board
   * never shows data in a language it cannot label yet. Its failure is not the board's.
   */
  prepareLocale?: (locale: Locale) => Promise<unknown>;
}

export interface BoardStore {
  readonly $board: ReadableAtom<BoardState>;
  /**
   * Loads a board and its offers in parallel. `locale` is an explicit choice (an attribute,
   * a `?language=` query); without one the board's own language applies. A newer call
   * supersedes an older one still in flight.
   */
  loadBoard(boardId: string | null | undefined, locale?: string | null): Promise<void>;
}

export const INITIAL_BOARD_STATE: BoardState = { status: 'loading', board: null, offers: [], errorKey: null, locale: null };

/** Offers sorted by their title in `locale`, whatever order the server used. */
export function sortOffers(offers: readonly Offer[], locale: Locale): Offer[] {
  const collator = new Intl.Collator(locale);
  const titled = offers.map((offer) => ({ offer, title: pickText(offer.information.title, locale, offer.language) }));
  return titled.sort((a, b) => collator.compare(a.title, b.title)).map((entry) => entry.offer);
}

/** What a board lists for one offer, in `locale` (with the language each text really is in). */
export interface OfferSummary {
  title: string;
  /** Language of the title when it fell back to another one than `locale`. */
  titleLanguage: Locale;
  location: string;
}

export function summarizeOffer(offer: Offer, locale: Locale): OfferSummary {
  const { title, location } = offer.information;
  const text = pickText(title, locale, offer.language);
  const titleLanguage = title[locale] ? locale : (Object.entries(title).find(([, value]) => value === text)?.[0] as Locale | undefined);
  return {
    title: text,
    titleLanguage: titleLanguage ?? locale,
    location: pickText(location, locale, offer.language),
  };
}

/** One store per board element: a page may show two boards, in two languages. */
export function createBoardStore(options: BoardStoreOptions): BoardStore {
  const $board = atom<BoardState>(INITIAL_BOARD_STATE);
  const prepare = (locale: Locale) => (options.prepareLocale?.(locale) ?? Promise.resolve()).catch(() => undefined);
  let requested: Locale | undefined;
  let current: AbortController | undefined;
  const api = createApiClient({
    baseURL: options.baseURL,
    getLocale: () => requested ?? $board.get().locale ?? DEFAULT_LOCALE,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function loadBoard(boardId: string | null | undefined, locale?: string | null): Promise<void> {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    requested = toLocale(locale);
    const previous = $board.get();
    // Keep what is shown while the next language loads, so the list does not flash.
    $board.set({ ...previous, status: 'loading', errorKey: null });

    if (!isObjectId(boardId)) {
      await prepare(requested ?? DEFAULT_LOCALE);
      if (controller !== current) return;
      $board.set({ ...INITIAL_BOARD_STATE, status: 'error', errorKey: ERROR_KEYS.invalidId, locale: requested ?? DEFAULT_LOCALE });
      return;
    }
    const early = requested ? prepare(requested) : undefined;
    try {
      const [board, offers] = await Promise.all([
        fetchBoard(api, boardId, controller.signal),
        fetchBoardOffers(api, boardId, requested, controller.signal),
      ]);
      const shown = resolveLocale(requested, board.language);
      await (early ?? prepare(shown));
      if (controller !== current) return;
      $board.set({ status: 'ready', board, offers: sortOffers(Array.isArray(offers) ? offers : [], shown), errorKey: null, locale: shown });
    } catch (error) {
      await (early ?? prepare(DEFAULT_LOCALE));
      if (controller !== current) return;
      $board.set({ ...INITIAL_BOARD_STATE, status: 'error', errorKey: errorKeyFromUnknown(error), locale: requested ?? DEFAULT_LOCALE });
    }
  }

  return { $board, loadBoard };
}
