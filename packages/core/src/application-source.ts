import { hasControlCharacters } from './plain-text';

/**
 * Where an application came from beyond its channel (issue 30): the campaign parameters of the
 * link the visitor arrived by (`utm_source`, `utm_medium`, `utm_campaign`) and the page that sent
 * them to the career site. No valibot here: the widgets clean the values with these functions
 * and the server checks them with the schema built on them (application-schema.ts).
 */
export interface ApplicationSource {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  /** Origin and path only: a query string or fragment may carry personal data (a search, a token). */
  referrer?: string;
}

export const SOURCE_FIELDS = ['utmSource', 'utmMedium', 'utmCampaign', 'referrer'] as const;
/** A campaign value is a short label ("linkedin", "spring-2026"), never prose. */
export const SOURCE_TEXT_MAX = 100;
export const SOURCE_REFERRER_MAX = 300;

/** A campaign value as kept: no control characters, whitespace collapsed, trimmed, capped; undefined when empty. */
export function cleanSourceText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
  let text = value.replace(/[\0-\x1F\x7F]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, SOURCE_TEXT_MAX);
  // A cut between the two halves of a surrogate pair leaves a lone half: drop it.
  if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  text = text.trim();
  return text && !hasControlCharacters(text) ? text : undefined;
}

/** The origin and path of an http(s) URL (the origin alone when the path is too long); undefined for anything else. */
export function cleanReferrer(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    const full = `${url.origin}${url.pathname}`;
    return full.length <= SOURCE_REFERRER_MAX ? full : url.origin.length <= SOURCE_REFERRER_MAX ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The cleaned source; undefined when nothing is left. */
export function cleanApplicationSource(raw: Partial<Record<(typeof SOURCE_FIELDS)[number], unknown>> | null | undefined): ApplicationSource | undefined {
  if (!raw) return undefined;
  const source: ApplicationSource = {};
  for (const field of SOURCE_FIELDS) {
    const value = field === 'referrer' ? cleanReferrer(raw[field]) : cleanSourceText(raw[field]);
    if (value) source[field] = value;
  }
  return Object.keys(source).length ? source : undefined;
}
