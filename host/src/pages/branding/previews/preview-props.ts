import type { Brand, Locale } from '@rec/core';
import type { Translate } from '@rec/i18n';

/** What every preview gets: the texts of its language, and the brand shown (for the token names it lists). */
export interface PreviewProps {
  t: Translate;
  locale: Locale;
  brand: Brand;
}
