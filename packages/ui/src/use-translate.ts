import { DEFAULT_LOCALE, type Locale } from '@rec/core';
import { COMMON_PART, getT, type LocalePart, loadLocale, type Translate } from '@rec/i18n/widgets';
import { useEffect, useState } from 'react';

/**
 * The t of `locale`, loading its file on first use: undefined until it is there, and while
 * `locale` is null (not known yet: nothing is downloaded for a language that may not be
 * shown). If the file cannot be loaded, English is used so the element never stays blank.
 */
const COMMON: readonly LocalePart[] = [COMMON_PART];

export function useTranslate(locale: Locale | null, parts: readonly LocalePart[] = COMMON): Translate | undefined {
  const [fallback, setFallback] = useState<Locale | null>(null);
  const [, setLoaded] = useState<Locale | null>(null);

  useEffect(() => {
    if (!locale || getT(locale, parts)) return;
    let live = true;
    loadLocale(locale, parts).then(
      () => live && setLoaded(locale),
      () => loadLocale(DEFAULT_LOCALE, parts).then(() => live && setFallback(locale)),
    );
    return () => {
      live = false;
    };
    // `parts` is a constant array per widget.
  }, [locale, parts]);

  if (!locale) return undefined;
  return getT(locale, parts) ?? (fallback === locale ? getT(DEFAULT_LOCALE, parts) : undefined);
}
