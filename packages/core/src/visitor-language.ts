import { DEFAULT_LOCALE, LOCALES, type Locale } from './constants';

/**
 * THE language rule (issue 25, ARCHITECTURE "Seams: one rule, one place"): which language a
 * visitor reads a public element, page or server answer in. Every `<rec-*>` element, every hosted
 * public page and the server call this one function, so a surface built later inherits the rule.
 *
 * First supported value wins:
 * 1. `attribute`: the element's `language` attribute (the embedding page's explicit choice);
 * 2. `query`: the page URL's `?language=` (or `?lang=`): a link that names a language;
 * 3. `saved`: the choice the visitor made with our language switcher (the `rec_locale` cookie,
 *    readable on our own pages only);
 * 4. `page`: the nearest `lang` of the page around the element (`<html lang>` on a career site);
 * 5. `browser`: the browser's languages, best first (`navigator.languages`; on the server the
 *    Accept-Language header, already ranked);
 * 6. `content`: the language of what is shown (the board's, the offer's, the application's);
 * 7. English.
 *
 * Dependency-free on purpose (only the locale list): the lit badge and referral elements import
 * it without pulling @rec/core's schemas into their chunks.
 */
export interface VisitorLanguageSources {
  attribute?: string | null | undefined;
  query?: string | null | undefined;
  saved?: string | null | undefined;
  page?: string | null | undefined;
  browser?: readonly string[] | null | undefined;
  content?: string | null | undefined;
}

/** Maps "fr-BE", "FR", "pt_BR" to a supported locale, or undefined (as core's toLocale). */
export function supportedLanguage(value: string | null | undefined): Locale | undefined {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return base && (LOCALES as readonly string[]).includes(base) ? (base as Locale) : undefined;
}

/** The visitor's language by the rule above. */
export function visitorLanguage(sources: VisitorLanguageSources): Locale {
  return visitorLanguageIfKnown(sources) ?? supportedLanguage(sources.content) ?? DEFAULT_LOCALE;
}

/**
 * Steps 1 to 5 only: the language the visitor asks for, before the content's own language is
 * known (an element that has not loaded its board yet). Undefined when nothing asks.
 */
export function visitorLanguageIfKnown({ attribute, query, saved, page, browser }: VisitorLanguageSources): Locale | undefined {
  for (const candidate of [attribute, query, saved, page, ...(browser ?? [])]) {
    const locale = supportedLanguage(candidate);
    if (locale) return locale;
  }
}

/**
 * What the rule reads around an element in a browser: its `language` attribute, the page's
 * `?language=` (`?lang=`), the nearest `lang` (inside shadow roots too) and `navigator.languages`.
 * The saved switcher choice is not read here: our own pages put it into `<html lang>`.
 */
// Browser-only (the globals are read without guards: every byte counts in the badge's budget).
export function elementLanguageSources(element: Element | null | undefined, attribute?: string | null): VisitorLanguageSources {
  const query = new URLSearchParams(location.search);
  return { attribute, query: query.get('language') ?? query.get('lang'), page: nearestLang(element), browser: navigator.languages };
}

/** The `lang` of the closest ancestor that has one, crossing shadow-root boundaries; else `<html lang>`. */
export function nearestLang(element: Element | null | undefined): string | undefined {
  let node: Node | null | undefined = element;
  while (node) {
    // Elements have a lang; a shadow root leads to its host; the document ends the walk.
    const lang = (node as Partial<Element>).getAttribute?.('lang');
    if (lang) return lang;
    node = node.parentNode ?? (node as Partial<ShadowRoot>).host;
  }
  return document.documentElement.lang;
}
