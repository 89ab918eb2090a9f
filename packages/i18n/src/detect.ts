import { type Locale, parseAcceptLanguage, resolveLocale } from '@rec/core';
import { readLocaleCookie } from './cookie';

export interface LocaleSources {
  /** An explicit choice: a `language` attribute or `?language=` query. */
  explicit?: string | null;
  /** The cookie string to read `rec_locale` from. */
  cookies?: string | null;
  /** Browser languages (`navigator.languages`) or an Accept-Language header. */
  accepted?: readonly string[] | string | null;
  /** The content's own language (a board's, an offer's). */
  content?: string | null;
}

/** The locale to show: explicit choice, then the cookie, then the content, then the browser, then en. */
export function detectLocale({ explicit, cookies, accepted, content }: LocaleSources): Locale {
  const browser = typeof accepted === 'string' ? parseAcceptLanguage(accepted) : (accepted ?? []);
  return resolveLocale(explicit, readLocaleCookie(cookies ?? null), content, ...browser);
}
