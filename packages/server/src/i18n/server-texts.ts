import { readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, LOCALES, type Locale, toLocale } from '@rec/core';
import i18next, { type i18n, type TFunction } from 'i18next';

/** The server part of the locale files (`locales/server/<lang>.json`): texts the server writes itself. */
const LOCALES_DIR = new URL('../../../../locales/server/', import.meta.url);

let instance: i18n | undefined;

function translator(): i18n {
  if (!instance) {
    const resources = Object.fromEntries(
      LOCALES.map((locale) => [locale, { translation: JSON.parse(readFileSync(new URL(`${locale}.json`, LOCALES_DIR), 'utf8')) }]),
    );
    instance = i18next.createInstance();
    // Plain text (mails, spreadsheet cells): no HTML escaping of links or names, but a value is put
    // in as one line, so a name cannot add lines of its own to a mail (issue 24, M3).
    void instance.init({ resources, lng: DEFAULT_LOCALE, fallbackLng: DEFAULT_LOCALE, initAsync: false, interpolation: { escapeValue: true, escape: oneLine } });
  }
  return instance;
}

/** Line and paragraph breaks and tabs, and any run of them. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/** A value put into a text the server writes (a mail, a calendar line): one line, whatever it held. */
export function oneLine(value: unknown): string {
  return String(value).replace(BREAKS, ' ');
}

/** A translator fixed to `language` (unsupported or missing values fall back to en), optionally below `prefix`. */
export function serverT(language: string | undefined, prefix?: string): TFunction {
  const lng: Locale = toLocale(language) ?? DEFAULT_LOCALE;
  return translator().getFixedT(lng, undefined, prefix);
}

/** A text as written in the locale file, placeholders kept (`{{name}}`); en when the language lacks it; undefined when absent. */
export function serverRawText(language: string | undefined, key: string): string | undefined {
  const lng: Locale = toLocale(language) ?? DEFAULT_LOCALE;
  const read = (locale: Locale) => translator().getResource(locale, 'translation', key) as unknown;
  const text = read(lng) ?? read(DEFAULT_LOCALE);
  return typeof text === 'string' ? text : undefined;
}
