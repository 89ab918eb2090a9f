import type { Messages } from './locale-files';

/** A translate function fixed to one language. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A dotted key in nested messages: its string, else undefined (a section is not a message). */
export function lookup(messages: Messages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Messages)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * The widgets' translator: the subset of i18next our widget locale files use, in ~0.5 KB
 * instead of i18next's 15 KB (issue 17: the board within 30 KB gzip). It resolves exactly as
 * i18next 27 does with our settings (translator.test.ts runs every widget key through both):
 * - plurals when `count` is a number: `key_zero` for 0, then `key_<Intl.PluralRules category>`,
 *   then `key`, then `key_other`;
 * - `{{name}}` placeholders, not escaped (React escapes); a value passed as null/undefined gives
 *   '', a placeholder without a value stays as written; values are not interpolated again;
 * - a missing key gives the key.
 * No nesting (`$t(…)`), formats (`{{x, number}}`), context or fallback language: the locale
 * files do not use them, and the differential test fails the day one does.
 */
export function createTranslator(locale: string, messages: Messages): Translate {
  let rules: Intl.PluralRules | undefined;
  return (key, options) => {
    const count = options?.count;
    let text: string | undefined;
    if (typeof count === 'number') {
      rules ??= new Intl.PluralRules(locale);
      text =
        (count === 0 ? lookup(messages, `${key}_zero`) : undefined) ??
        lookup(messages, `${key}_${rules.select(count)}`) ??
        lookup(messages, key) ??
        lookup(messages, `${key}_other`);
    } else {
      text = lookup(messages, key);
    }
    if (text === undefined) return key;
    if (!options) return text;
    return text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (placeholder, name: string) =>
      Object.hasOwn(options, name) ? String(options[name] ?? '') : placeholder,
    );
  };
}
