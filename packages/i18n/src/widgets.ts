// `@rec/i18n/widgets`: what the embeddable widgets translate with. The same API as the host's
// i18next module (getT, loadLocale, hasKey…) over the same locale files, on the small translator
// (translator.ts): the widget bundle carries no i18next (issue 17, 30 KB board).
import { type Locale, resolveLocale } from '@rec/core';
import { COMMON_PART, type LocalePart, type LocalePartName, type Messages, type SectionPartName } from './locale-files';
import { createTranslator, lookup, type Translate } from './translator';

export { COMMON_PART, type LocalePart, OFFER_PART } from './locale-files';
export type { Translate } from './translator';

const COMMON: readonly LocalePart[] = [COMMON_PART];
/** Each locale's parts merged into one tree (keys are unique across parts, as for i18next). */
const trees = new Map<Locale, Messages>();
const loaded = new Set<string>();
/** Each (locale, part) file is fetched once; concurrent callers share the download. */
const loading = new Map<string, Promise<void>>();
const fixed = new Map<Locale, Translate>();

function merge(target: Messages, source: Messages): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (value && typeof value === 'object' && existing && typeof existing === 'object') merge(existing as Messages, value as Messages);
    else target[key] = value && typeof value === 'object' ? structuredClone(value) : value;
  }
}

function tree(locale: Locale): Messages {
  let messages = trees.get(locale);
  if (!messages) {
    messages = {};
    trees.set(locale, messages);
  }
  return messages;
}

/** A stable t per locale (the same function on every call, so it can sit in hook dependencies). */
function fixedT(locale: Locale): Translate {
  let t = fixed.get(locale);
  if (!t) {
    t = createTranslator(locale, tree(locale));
    fixed.set(locale, t);
  }
  return t;
}

/** Adds a locale part's messages directly (tests, a page that bundles a language). */
export function addLocaleMessages(locale: Locale, messages: Messages, part: LocalePartName | SectionPartName = 'common'): void {
  merge(tree(locale), messages);
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

/** Loads a locale's parts (the common part by default) and resolves to its t; an unsupported tag gives the default locale. */
export async function loadLocale(lang: string | null | undefined, parts: readonly LocalePart[] = COMMON): Promise<Translate> {
  const locale = resolveLocale(lang);
  await Promise.all(parts.map((part) => loadPart(locale, part)));
  return fixedT(locale);
}

/** Whether a key has a translation in a locale (to pick a specific error text over a generic one). */
export function hasKey(locale: Locale, key: string): boolean {
  return lookup(tree(locale), key) !== undefined;
}
