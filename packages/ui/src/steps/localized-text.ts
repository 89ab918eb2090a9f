import type { Locale, LocalizedText } from '@rec/core';

/**
 * A question's text in the candidate's language, else English, else any: @rec/core's pickText
 * without the item-language fallback. Kept here on purpose: importing core/text.ts would make
 * that tiny module a chunk of its own that <rec-board> and <rec-offer> pay for (size budgets).
 */
export function localizedText(text: LocalizedText | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale] || text.en || Object.values(text).find((value) => !!value) || '';
}
