import {
  type LanguageQuery,
  LOCALE_COOKIE,
  type Locale,
  parseAcceptLanguage,
  supportedLanguage,
  type VisitorLanguageSources,
  visitorLanguage,
  visitorLanguageIfKnown,
} from '@rec/core';

/** What the one language rule (@rec/core visitor-language.ts) reads from a request. */
export interface LanguageRequest {
  query?: LanguageQuery | undefined;
  headers: { 'accept-language'?: string | undefined };
  /** Our pages only: the switcher's saved choice. API answers are cached by shared caches and never read it. */
  cookies?: Record<string, string | undefined> | undefined;
}

const single = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The rule's sources on the server: `?language=` (`?lang=`), the saved choice, Accept-Language. */
export function requestLanguageSources(request: LanguageRequest, options: { readSaved?: boolean } = {}): VisitorLanguageSources {
  const query = request.query ?? {};
  return {
    query: single(query.language) ?? single(query.lang),
    saved: options.readSaved ? request.cookies?.[LOCALE_COOKIE] : undefined,
    browser: parseAcceptLanguage(request.headers['accept-language']),
  };
}

/** The visitor's language for a request, the content's own language as the last resort before English. */
export function requestLanguage(request: LanguageRequest, content?: string | null, options: { readSaved?: boolean } = {}): Locale {
  return visitorLanguage({ ...requestLanguageSources(request, options), content });
}

/** The language the visitor asks for (steps before the content's), or undefined: what cache keys are made of. */
export function askedLanguage(request: LanguageRequest, options: { readSaved?: boolean } = {}): Locale | undefined {
  // The query comes before every other source: when it names a supported language, the rule's
  // answer is that one, and the Accept-Language header need not be parsed (the public API's usual call, issue 27).
  const query = request.query ?? {};
  const fromQuery = supportedLanguage(single(query.language) ?? single(query.lang));
  if (fromQuery) return fromQuery;
  return visitorLanguageIfKnown(requestLanguageSources(request, options));
}

/**
 * The languages to show an offer in, best first: the visitor's language by the rule (issue 25:
 * labels and content agree, the offer opens in it when a posting exists in it); the offer's own
 * language is the caller's last resort.
 */
export function offerLanguagePreferences(request: LanguageRequest, options: { readSaved?: boolean } = {}): Locale[] {
  const asked = askedLanguage(request, options);
  return asked ? [asked] : [];
}
