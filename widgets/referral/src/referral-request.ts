import type { Locale } from '@rec/core';
import type { ReferralLink } from '@rec/core/application';

/** A refused `POST /v2/referrals`: the translation key of the reason and, on a 400, per field. */
export class ReferralRequestError extends Error {
  readonly key: string;
  readonly fields: Partial<Record<string, string>>;

  constructor(key: string, fields: Partial<Record<string, string>> = {}) {
    super(key);
    this.key = key;
    this.fields = fields;
  }
}

/** Only key-shaped answers are shown (translated); anything else reads as the generic error. */
const KEY = /^[A-Za-z][\w-]*(\.[\w-]+)*$/;
const keyOr = (value: unknown, fallback: string) => (typeof value === 'string' && KEY.test(value) ? value : fallback);

/**
 * `POST /v2/referrals` with plain fetch: the api-client's ofetch (3.6 KB gzip) would be a third
 * of the element's budget for one call. Errors as the api-client reads them (`error`, `fields`).
 */
export async function postReferral(
  apiBase: string,
  locale: Locale,
  body: { companyId: string; name: string; email: string; channelId?: string },
): Promise<ReferralLink> {
  let response: Response;
  try {
    response = await fetch(new URL('/v2/referrals', apiBase), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'accept-language': locale },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ReferralRequestError('genericErrorTitle');
  }
  const answer = (await response.json().catch(() => ({}))) as { url?: unknown; error?: unknown; fields?: Record<string, unknown> };
  // A link the page can show safely: the server's public address, never `javascript:`.
  if (response.ok && typeof answer.url === 'string' && /^https?:\/\//i.test(answer.url)) return answer as ReferralLink;
  const fields: Record<string, string> = {};
  for (const [field, key] of Object.entries(answer.fields ?? {})) if (KEY.test(String(key))) fields[field] = String(key);
  throw new ReferralRequestError(keyOr(answer.error, 'genericErrorTitle'), fields);
}

/**
 * The company's brand as `--rec-*` values (`GET /v2/companies/{companyId}/theme`, public and
 * cached): the referral button carries the theme the board carries. Without it, the defaults.
 */
export async function fetchThemeProperties(apiBase: string, companyId: string): Promise<Record<string, string> | undefined> {
  try {
    const response = await fetch(new URL(`/v2/companies/${encodeURIComponent(companyId)}/theme`, apiBase), { headers: { accept: 'application/json' } });
    return response.ok ? ((await response.json()) as { theme?: { properties?: Record<string, string> } }).theme?.properties : undefined;
  } catch {
    return undefined;
  }
}
