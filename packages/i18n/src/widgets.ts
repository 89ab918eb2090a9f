// `@rec/i18n/widgets`: what the embeddable widgets translate with. The same API as the host's
// i18next module (getT, loadLocale, hasKey…) over the same locale files, on the small translator
// (translator.ts): the widget bundle carries no i18next (issue 17, 30 KB board).
import type { Locale } from '@rec/core';
import type { Messages } from './locale-files';
import { createLocaleLoader } from './locale-loader';
import { createTranslator, lookup } from './translator';

export { COMMON_PART, type LocalePart, OFFER_PART } from './locale-files';
export type { Translate } from './translator';

/** Each locale's parts merged into one tree (keys are unique across parts, as for i18next). */
const trees = new Map<Locale, Messages>();

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

/** The shared loading path (locale-loader.ts) over the small translator: a part's messages merge into the locale's tree. */
const loader = createLocaleLoader({
  add: (locale, messages) => merge(tree(locale), messages),
  translator: (locale) => createTranslator(locale, tree(locale)),
});

export const { addLocaleMessages, hasLocale, getT, loadLocale } = loader;

/** Whether a key has a translation in a locale (to pick a specific error text over a generic one). */
export function hasKey(locale: Locale, key: string): boolean {
  return lookup(tree(locale), key) !== undefined;
}
