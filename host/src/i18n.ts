import type { Translate } from '@rec/i18n';
import { createContext, useContext } from 'react';

/** The host's translate function for the current page locale (provided by App). */
export const TranslateContext = createContext<Translate>((key) => key);

export function useT(): Translate {
  return useContext(TranslateContext);
}
