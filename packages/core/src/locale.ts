import { DEFAULT_LOCALE, LOCALES, type Locale } from './constants';
import { supportedLanguage } from './visitor-language';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Maps "fr-BE", "FR", "pt_BR" to a supported locale, or undefined. */
export function toLocale(value: string | null | undefined): Locale | undefined {
  return supportedLanguage(value);
}

/** The first candidate that names a supported locale, else the default. */
export function resolveLocale(...candidates: Array<string | null | undefined>): Locale {
  for (const candidate of candidates) {
    const locale = toLocale(candidate);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** Supported locales of an Accept-Language header, best first (q-values honoured). */
export function parseAcceptLanguage(header: string | null | undefined): Locale[] {
  if (!header || header.length > 1000) return [];
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { locale: toLocale(tag), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry): entry is { locale: Locale; weight: number; index: number } => !!entry.locale && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return [...new Set(ranked.map((entry) => entry.locale))];
}

/** A language's name in the page's language ("fr" on a German page: "Französisch"), the code when unknown. */
export function languageName(code: string | null | undefined, locale: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
