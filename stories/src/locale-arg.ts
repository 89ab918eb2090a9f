import { LOCALES } from '@rec/core';

/** A required language (components take a t of one locale). */
export const LOCALE_ARG_TYPE = {
  control: { type: 'select' as const },
  options: [...LOCALES],
  description: 'Language of the translated texts: de, en, es, fr, lb, nl, pt, it or pl.',
};
