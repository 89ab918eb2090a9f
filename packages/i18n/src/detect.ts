import { type Locale, parseAcceptLanguage, visitorLanguage } from '@rec/core';
import { readLocaleCookie } from './cookie';

export interface LocaleSources {
  /** An explicit choice: a `language` attribute or `?language=` query (or a language a route decided). */
  explicit?: string | null;
  /** The cookie string to read `rec_locale` (the switcher's saved choice) from. */
  cookies?: string | null;
  /** Browser languages (`navigator.languages`) or an Accept-Language header. */
  accepted?: readonly string[] | string | null;
  /** The content's own language (a board's, an offer's). */
  content?: string | null;
}

/** The locale of one of our pages, by the one language rule (@rec/core visitor-language.ts). */
export function detectLocale({ explicit, cookies, accepted, content }: LocaleSources): Locale {
  const browser = typeof accepted === 'string' ? parseAcceptLanguage(accepted) : (accepted ?? []);
  return visitorLanguage({ query: explicit, saved: readLocaleCookie(cookies ?? null), browser, content });
}
