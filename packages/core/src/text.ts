import type { Locale } from './constants';
import type { LocalizedText } from './localized-text';

/**
 * The text of a localized field in the wanted language, falling back to the item's own
 * language, then English, then any language present, so a list never shows a blank title.
 */
export function pickText(text: LocalizedText | undefined, locale: Locale, ownLanguage?: Locale): string {
  if (!text) return '';
  return text[locale] || (ownLanguage && text[ownLanguage]) || text.en || Object.values(text).find((value) => !!value) || '';
}
