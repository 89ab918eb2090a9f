import type { Locale } from '@rec/core';
import { APP_PART, COMMON_PART, loadLocale, OFFER_PART, type Translate } from '@rec/i18n';
import { useEffect, useState } from 'react';

const PARTS = [COMMON_PART, APP_PART, OFFER_PART];

/** The host's t (i18next, all three locale parts), as the preview pages get it: undefined while the language loads. */
export function useHostTranslate(locale: Locale): Translate | undefined {
  const [loaded, setLoaded] = useState<{ locale: Locale; t: Translate } | null>(null);
  useEffect(() => {
    let live = true;
    void loadLocale(locale, PARTS).then((t) => live && setLoaded({ locale, t }));
    return () => {
      live = false;
    };
  }, [locale]);
  return loaded?.locale === locale ? loaded.t : undefined;
}
