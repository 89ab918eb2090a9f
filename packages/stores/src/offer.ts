import { createApiClient, fetchChannelOffer, fetchOffer, isApiError } from '@rec/api-client';
import { DEFAULT_LOCALE, isObjectId, type Locale, type MessageKey, type Offer, resolveLocale, toLocale } from '@rec/core';
import { atom, type ReadableAtom } from 'nanostores';

export interface OfferState {
  status: 'loading' | 'ready' | 'error';
  offer: Offer | null;
  /** The message page key of a failure: closedJob for a closed (410) or missing (404) offer, else genericError (spec §8). */
  messageKey: Extract<MessageKey, 'closedJob' | 'genericError'> | null;
  /** The page locale: the offer's language once loaded (spec §2), else the requested one. */
  locale: Locale | null;
}

export interface OfferStoreOptions {
  baseURL: string;
  fetch?: typeof globalThis.fetch;
  /** Readies the locale's translations before the offer shows (in parallel with the call when known). */
  prepareLocale?: (locale: Locale) => Promise<unknown>;
}

export const INITIAL_OFFER_STATE: OfferState = { status: 'loading', offer: null, messageKey: null, locale: null };

export interface OfferStore {
  readonly $offer: ReadableAtom<OfferState>;
  /** Loads by channel (the usual entry) or by the offer's own id. A newer call supersedes an older one. */
  loadOffer(target: { channelId?: string | null; offerId?: string | null }, language?: string | null): Promise<void>;
}

/** The browser's languages, best first, as an Accept-Language value (what the server rendered the page with). */
function browserLanguages(): readonly string[] {
  return globalThis.navigator?.languages ?? [];
}

export function createOfferStore(options: OfferStoreOptions): OfferStore {
  const $offer = atom<OfferState>(INITIAL_OFFER_STATE);
  const prepare = (locale: Locale) => (options.prepareLocale?.(locale) ?? Promise.resolve()).catch(() => undefined);
  let requested: Locale | undefined;
  let current: AbortController | undefined;
  const api = createApiClient({
    baseURL: options.baseURL,
    // Without an explicit language, the browser's own preferences: the server then picks the same
    // language it rendered the page in (never a silent English re-fetch).
    getLocale: () => requested ?? (browserLanguages().join(',') || DEFAULT_LOCALE),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function loadOffer(target: { channelId?: string | null; offerId?: string | null }, language?: string | null): Promise<void> {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    requested = toLocale(language);
    $offer.set({ ...$offer.get(), status: 'loading', messageKey: null });
    if (requested) void prepare(requested);
    try {
      let offer: Offer;
      if (isObjectId(target.channelId)) offer = await fetchChannelOffer(api, target.channelId, requested, controller.signal);
      else if (isObjectId(target.offerId)) offer = await fetchOffer(api, target.offerId, requested, controller.signal);
      else throw new Error('no valid channel-id or offer-id');
      const locale = toLocale(offer.language) ?? DEFAULT_LOCALE;
      await prepare(locale);
      if (controller !== current) return;
      $offer.set({ status: 'ready', offer, messageKey: null, locale });
    } catch (error) {
      const gone = isApiError(error) && (error.status === 404 || error.status === 410);
      // The message in the visitor's language: the requested one, else the browser's.
      const locale = requested ?? resolveLocale(...browserLanguages());
      await prepare(locale);
      if (controller !== current) return;
      $offer.set({ status: 'error', offer: null, messageKey: gone ? 'closedJob' : 'genericError', locale });
    }
  }

  return { $offer, loadOffer };
}
