import { REFERRAL_CODE } from '@rec/core';

/** The tab's referral code, kept per origin for the rest of the visit. */
const KEPT = 'rec-referral-code';

/**
 * The referral code of this visit: the element's attribute, else the page's `?ref=` (an employee's
 * referral link, spec: applications arriving through it carry companyReferralCode), else the code
 * this tab already arrived with. A code from the page is remembered for the tab.
 */
export function visitReferralCode(attribute?: string): string | undefined {
  if (attribute && REFERRAL_CODE.test(attribute)) return attribute;
  try {
    const fromPage = new URLSearchParams(globalThis.location?.search ?? '').get('ref');
    if (fromPage && REFERRAL_CODE.test(fromPage)) {
      sessionStorage.setItem(KEPT, fromPage);
      return fromPage;
    }
    const kept = sessionStorage.getItem(KEPT);
    return kept && REFERRAL_CODE.test(kept) ? kept : undefined;
  } catch {
    // Storage blocked (privacy settings, sandboxed frame): the attribute and the URL still work.
    return undefined;
  }
}

/**
 * `url` carrying `ref=<code>`, so the code survives the step from a board to an offer even when
 * the offer page is on another origin than the career site, and `language=<locale>`, so the offer
 * opens in the language the visitor was reading (issue 9). Unchanged without either.
 */
export function withReferral(url: string | undefined, code: string | undefined, language?: string): string | undefined {
  if (!url || (!code && !language)) return url;
  try {
    const target = new URL(url, globalThis.location?.href ?? 'http://localhost/');
    if (language) target.searchParams.set('language', language);
    if (code) target.searchParams.set('ref', code);
    return target.href;
  } catch {
    return url;
  }
}
