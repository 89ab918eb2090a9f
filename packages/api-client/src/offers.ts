import type { ShareLink } from '@rec/core/application';
import type { Locale, Offer } from '@rec/core';
import type { ApiClient } from './client';

// Offer reads only: what <rec-offer> needs before any form code loads. Applying lives in
// ./applications, referrals in ./referrals, so each lands in the chunk of the code that uses it.
const signalOption = (signal?: AbortSignal) => (signal ? { signal } : {});

/** GET /v2/offers/channel/{channelId}, in `language` when given (spec §7). */
export function fetchChannelOffer(api: ApiClient, channelId: string, language?: Locale, signal?: AbortSignal): Promise<Offer> {
  return api.get<Offer>(`/v2/offers/channel/${encodeURIComponent(channelId)}`, { ...(language ? { query: { language } } : {}), ...signalOption(signal) });
}

/** GET /v2/offers/{id}: an offer by its own id (the `/offer/{_id}` page). */
export function fetchOffer(api: ApiClient, offerId: string, language?: Locale, signal?: AbortSignal): Promise<Offer> {
  return api.get<Offer>(`/v2/offers/${encodeURIComponent(offerId)}`, { ...(language ? { query: { language } } : {}), ...signalOption(signal) });
}

/** GET /v2/share/{slug}: the offer behind a short link. */
export function fetchShareLink(api: ApiClient, slug: string, signal?: AbortSignal): Promise<ShareLink> {
  return api.get<ShareLink>(`/v2/share/${encodeURIComponent(slug)}`, signalOption(signal));
}
