import { DEFAULT_LOCALE, LOCALES, type Locale, resolveLocale } from '@rec/core';
import i18next, { type i18n as I18n } from 'i18next';
import { COMMON_PART, type LocalePart } from './locale-files';
import { createLocaleLoader } from './locale-loader';
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

/** The shared loading path (locale-loader.ts) over this instance: a part's messages become a resource bundle. */
const loader = createLocaleLoader({
  add: (locale, messages) => i18n.addResourceBundle(locale, NAMESPACE, messages, true, true),
  translator(locale) {
    const translate = i18n.getFixedT(locale, NAMESPACE);
    return (key, options) => String(translate(key, options as never));
  },
});

export const { addLocaleMessages, hasLocale, getT, loadLocale } = loader;

/** Switches the instance's own language (the host app's current locale), loading it first. */
export async function changeLocale(lang: string | null | undefined, parts: readonly LocalePart[] = [COMMON_PART]): Promise<Translate> {
  const t = await loadLocale(lang, parts);
  await i18n.changeLanguage(resolveLocale(lang));
  return t;
}

/** Whether a key has a translation in a locale (to pick a specific error text over a generic one). */
export function hasKey(locale: Locale, key: string): boolean {
  return i18n.exists(key, { lng: locale, fallbackLng: false });
}
