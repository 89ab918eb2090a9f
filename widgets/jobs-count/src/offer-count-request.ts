import type { OfferCount } from '@rec/core';

/**
 * `GET /v2/boards/:id/offer-count` with plain fetch: the api-client's ofetch (3.6 KB gzip) is
 * half the badge's budget for one GET. Anything but a 200 with a count is an error.
 */
export async function fetchOfferCount(
  apiBase: string,
  boardId: string,
  filters: { location?: string | undefined; contract?: string | undefined; language?: string | undefined },
  signal: AbortSignal,
): Promise<OfferCount> {
  const url = new URL(`/v2/boards/${encodeURIComponent(boardId)}/offer-count`, apiBase);
  if (filters.location) url.searchParams.set('location', filters.location);
  if (filters.contract) url.searchParams.set('contract', filters.contract);
  if (filters.language) url.searchParams.set('language', filters.language);
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  const body = (await response.json()) as Partial<OfferCount>;
  // Error messages stay short: every byte counts against the badge's 8 KB budget.
  if (!response.ok || !Number.isInteger(body.count)) throw new Error(`offer-count ${response.status}`);
  return body as OfferCount;
}
