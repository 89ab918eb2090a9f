import { DEFAULT_LOCALE, LOCALES, type Locale, resolveLocale } from '@rec/core';
import i18next, { type i18n as I18n } from 'i18next';
import { COMMON_PART, type LocalePart, type LocalePartName, type Messages, type SectionPartName } from './locale-files';
import type { Translate } from './translator';

export type { Translate } from './translator';

const NAMESPACE = 'translation';

/**
 * The one i18next instance of the host app (the widgets use the small translator of
 * `@rec/i18n/widgets`). Resources are added per locale as they load; each t is fixed to its
 * own language, so two languages on one page both render right without touching `i18n.language`.
 */
export const i18n: I18n = i18next.createInstance();

i18n.init({
  // Synchronous init: the bundles must work without top-level await.
  initAsync: false,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'languageOnly',
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  resources: {},
  partialBundledLanguages: true,
  // React escapes what it renders; escaping here too would double-encode.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Each (locale, part) file is fetched once; concurrent callers share the download. */
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
const COMMON: readonly LocalePart[] = [COMMON_PART];
const fixed = new Map<Locale, Translate>();

/** A stable t per locale (same function on every call, so it can sit in hook dependencies). */
function fixedT(locale: Locale): Translate {
  let t = fixed.get(locale);
  if (!t) {
    const translate = i18n.getFixedT(locale, NAMESPACE);
    t = (key, options) => String(translate(key, options as never));
    fixed.set(locale, t);
  }
  return t;
}

/** Adds a locale part's messages directly (tests, server rendering, a host that bundles a language). */
export function addLocaleMessages(locale: Locale, messages: Messages, part: LocalePartName | SectionPartName = 'common'): void {
  i18n.addResourceBundle(locale, NAMESPACE, messages, true, true);
  loaded.add(`${locale}:${part}`);
}

export function hasLocale(locale: Locale, parts: readonly LocalePart[] = COMMON): boolean {
  return parts.every((part) => loaded.has(`${locale}:${part.name}`));
}

/** The t of a locale whose parts are loaded, else undefined (render a loading state and call loadLocale). */
export function getT(lang: string | null | undefined, parts: readonly LocalePart[] = COMMON): Translate | undefined {
  const locale = resolveLocale(lang);
  return hasLocale(locale, parts) ? fixedT(locale) : undefined;
}

function loadPart(locale: Locale, part: LocalePart): Promise<void> {
  const id = `${locale}:${part.name}`;
  let pending = loading.get(id);
  if (!pending) {
    pending = part.files[locale]().then((module) => addLocaleMessages(locale, module.default, part.name));
    pending.catch(() => loading.delete(id)); // a failed download can be retried
    loading.set(id, pending);
  }
  return pending;
}

/**
 * Loads a locale's parts (the common part by default) and resolves to its t. An unsupported
 * tag resolves to the default locale.
 */
export async function loadLocale(lang: string | null | undefined, parts: readonly LocalePart[] = COMMON): Promise<Translate> {
  const locale = resolveLocale(lang);
  await Promise.all(parts.map((part) => loadPart(locale, part)));
  return fixedT(locale);
}

/** Switches the instance's own language (the host app's current locale), loading it first. */
export async function changeLocale(lang: string | null | undefined, parts: readonly LocalePart[] = COMMON): Promise<Translate> {
  const t = await loadLocale(lang, parts);
  await i18n.changeLanguage(resolveLocale(lang));
  return t;
}

/** Whether a key has a translation in a locale (to pick a specific error text over a generic one). */
export function hasKey(locale: Locale, key: string): boolean {
  return i18n.exists(key, { lng: locale, fallbackLng: false });
}
