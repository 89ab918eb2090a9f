import { type ApplicationSource, cleanApplicationSource } from '@rec/core/application-source';

/** The tab's source, kept per origin for the rest of the visit (as the referral code is). */
const KEPT = 'rec-visit-source';

/**
 * The URL parameters of a source. `rec_referrer` is ours: the page that sent the visitor to the
 * career site, carried from a board to its offers (which may be on another origin, where
 * `document.referrer` would only name the career site).
 */
const PARAMS = [
  ['utmSource', 'utm_source'],
  ['utmMedium', 'utm_medium'],
  ['utmCampaign', 'utm_campaign'],
  ['referrer', 'rec_referrer'],
] as const;

/**
 * Where this visit came from (issue 30): the page's utm parameters and the referring page (origin
 * and path only), else what this tab arrived with. Cleaned here with the rules the server checks.
 */
export function visitSource(): ApplicationSource | undefined {
  let arrived: ApplicationSource | undefined;
  try {
    const query = new URLSearchParams(location.search);
    const raw: Record<string, string | null> = {};
    for (const [field, param] of PARAMS) raw[field] = query.get(param);
    // Another site's page, never a click between this site's own pages.
    if (!raw.referrer && document.referrer && new URL(document.referrer).origin !== location.origin) raw.referrer = document.referrer;
    arrived = cleanApplicationSource(raw);
    if (arrived) sessionStorage.setItem(KEPT, JSON.stringify(arrived));
    return arrived ?? cleanApplicationSource(JSON.parse(sessionStorage.getItem(KEPT) ?? 'null'));
  } catch {
    // Storage blocked (privacy settings, sandboxed frame): this page's own source still counts.
    return arrived;
  }
}

/** `url` carrying the source on (a board's offer links), so the offer's application records it. */
export function withSource(url: string | undefined, source: ApplicationSource | undefined): string | undefined {
  if (!url || !source) return url;
  try {
    const target = new URL(url, location.href);
    for (const [field, param] of PARAMS) {
      const value = source[field];
      if (value) target.searchParams.set(param, value);
    }
    return target.href;
  } catch {
    return url;
  }
}
