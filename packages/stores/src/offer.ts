import { createApiClient, fetchChannelOffer, fetchOffer, isApiError } from '@rec/api-client';
import { DEFAULT_LOCALE, isObjectId, type Locale, type MessageKey, type Offer, toLocale } from '@rec/core';
import { atom, type ReadableAtom } from 'nanostores';

export interface OfferState {
  status: 'loading' | 'ready' | 'error';
  offer: Offer | null;
  /** The message page key of a failure: closedJob for a closed (410) or missing (404) offer, else genericError (spec §8). */
  messageKey: Extract<MessageKey, 'closedJob' | 'genericError'> | null;
  /**
   * The interface language (labels, form, messages): the visitor's language by the one rule
   * (@rec/core visitor-language.ts), the offer's own language only when nothing asks for one.
   * The content is in `offer.language`: the visitor's language when a posting exists in it, else
   * the offer's own (issue 25: the labels never follow the content into another language).
   */
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
  /**
   * Loads by channel (the usual entry) or by the offer's own id, for the visitor's `language`
   * (steps 1 to 5 of the language rule, undefined when nothing asks). A newer call supersedes an older one.
   */
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
      const locale = requested ?? toLocale(offer.language) ?? DEFAULT_LOCALE;
      await prepare(locale);
      if (controller !== current) return;
      $offer.set({ status: 'ready', offer, messageKey: null, locale });
    } catch (error) {
      const gone = isApiError(error) && (error.status === 404 || error.status === 410);
      // The message in the visitor's language (nothing asked and no offer: English, the rule's last step).
      const locale = requested ?? DEFAULT_LOCALE;
      await prepare(locale);
      if (controller !== current) return;
      $offer.set({ status: 'error', offer: null, messageKey: gone ? 'closedJob' : 'genericError', locale });
    }
  }

  return { $offer, loadOffer };
}
