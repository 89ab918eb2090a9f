import { type LanguageQuery, type Locale, parseAcceptLanguage, toLocale } from '@rec/core';

/**
 * The languages a public page asks for, best first: the `language` (or `lang`) query, then the
 * Accept-Language header. Unsupported values are skipped rather than refused, so a career site
 * linking with `?language=xx` still gets a page. Callers append their own last resort (the
 * board's or the offer's language).
 */
export function languagePreferences(query: LanguageQuery, acceptLanguage: string | undefined): Locale[] {
  const fromQuery = toLocale(query.language) ?? toLocale(query.lang);
  const ranked = [fromQuery, ...parseAcceptLanguage(acceptLanguage)].filter((locale): locale is Locale => locale !== undefined);
  return [...new Set(ranked)];
}
