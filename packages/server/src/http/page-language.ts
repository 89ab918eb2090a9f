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

/**
 * The languages to show an offer in, best first: a language the link names (the board the visitor
 * came from) is the only wish, so an offer not written in it shows in its own language rather than
 * whatever the browser lists next (issue 9); without one, the browser's Accept-Language.
 */
export function offerLanguagePreferences(query: LanguageQuery, acceptLanguage: string | undefined): Locale[] {
  const fromQuery = toLocale(query.language) ?? toLocale(query.lang);
  return fromQuery ? [fromQuery] : parseAcceptLanguage(acceptLanguage);
}
