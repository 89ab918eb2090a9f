import { type Locale, resolveLocale } from '@rec/core';
import { COMMON_PART, type LocalePart, type LocalePartName, type Messages, type SectionPartName } from './locale-files';
import type { Translate } from './translator';

/** Where a translator keeps its messages: the host's i18next instance, or the widgets' merged trees. */
export interface MessageStore {
  /** Adds one part's messages to a locale's (deep merge; keys are unique across parts). */
  add(locale: Locale, messages: Messages): void;
  /** A translate function fixed to the locale, reading the messages added so far and later. */
  translator(locale: Locale): Translate;
}

export interface LocaleLoader {
  /** Adds a locale part's messages directly (tests, server rendering, a page that bundles a language). */
  addLocaleMessages(locale: Locale, messages: Messages, part?: LocalePartName | SectionPartName): void;
  hasLocale(locale: Locale, parts?: readonly LocalePart[]): boolean;
  /** The t of a locale whose parts are loaded, else undefined (render a loading state and call loadLocale). */
  getT(lang: string | null | undefined, parts?: readonly LocalePart[]): Translate | undefined;
  /** Loads a locale's parts (the common part by default) and resolves to its t; an unsupported tag gives the default locale. */
  loadLocale(lang: string | null | undefined, parts?: readonly LocalePart[]): Promise<Translate>;
}

const COMMON: readonly LocalePart[] = [COMMON_PART];

/**
 * The one loading path of both translators (i18n.ts for the host, widgets.ts for the widgets):
 * each (locale, part) file is fetched once, concurrent callers share the download, a failed one
 * can be retried, and each locale has one stable t (the same function on every call, so it can
 * sit in hook dependencies).
 */
export function createLocaleLoader(store: MessageStore): LocaleLoader {
  const loaded = new Set<string>();
  const loading = new Map<string, Promise<void>>();
  const fixed = new Map<Locale, Translate>();

  const fixedT = (locale: Locale): Translate => {
    let t = fixed.get(locale);
    if (!t) {
      t = store.translator(locale);
      fixed.set(locale, t);
    }
    return t;
  };

  const addLocaleMessages: LocaleLoader['addLocaleMessages'] = (locale, messages, part = 'common') => {
    store.add(locale, messages);
    loaded.add(`${locale}:${part}`);
  };

  const hasLocale: LocaleLoader['hasLocale'] = (locale, parts = COMMON) => parts.every((part) => loaded.has(`${locale}:${part.name}`));

  const loadPart = (locale: Locale, part: LocalePart): Promise<void> => {
    const id = `${locale}:${part.name}`;
    let pending = loading.get(id);
    if (!pending) {
      pending = part.files[locale]().then((module) => addLocaleMessages(locale, module.default, part.name));
      pending.catch(() => loading.delete(id)); // a failed download can be retried
      loading.set(id, pending);
    }
    return pending;
  };

  return {
    addLocaleMessages,
    hasLocale,
    getT(lang, parts = COMMON) {
      const locale = resolveLocale(lang);
      return hasLocale(locale, parts) ? fixedT(locale) : undefined;
    },
    async loadLocale(lang, parts = COMMON) {
      const locale = resolveLocale(lang);
      await Promise.all(parts.map((part) => loadPart(locale, part)));
      return fixedT(locale);
    },
  };
}
