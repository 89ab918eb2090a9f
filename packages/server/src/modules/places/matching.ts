import { comparablePlaceName, isLocale, type LocalizedText, placeKey } from '@rec/core';

/** A stored place: shared (catalogue, `companyId` null) or a company's own. */
export interface StoredPlace {
  id: string;
  companyId: string | null;
  country: string | null;
  names: LocalizedText;
}

/** Only supported languages with a non-blank name (jsonb read back may hold anything). */
export function cleanNames(value: unknown): LocalizedText {
  const names: LocalizedText = {};
  if (!value || typeof value !== 'object') return names;
  for (const [language, name] of Object.entries(value)) if (isLocale(language) && typeof name === 'string' && name.trim()) names[language] = name.trim();
  return names;
}

/**
 * The place a posting's location texts name: one whose name in ANY language equals one of the
 * texts (case and accents aside) in the same country (a posting without a country matches any).
 * A company's own place wins over the shared catalogue's (it was created for its texts).
 */
export function matchPlace(places: readonly StoredPlace[], country: string | null, texts: LocalizedText): StoredPlace | undefined {
  const wanted = new Set(Object.values(texts).filter((text): text is string => !!text?.trim()).map(comparablePlaceName));
  if (!wanted.size) return undefined;
  const candidates = places.filter(
    (place) => (!country || !place.country || place.country === country) && Object.values(place.names).some((name) => name && wanted.has(comparablePlaceName(name))),
  );
  return candidates.find((place) => place.companyId) ?? candidates[0];
}

/** A company's own place for texts no known place has: keyed by country and its locality in the posting's language. */
export function newCompanyPlace(companyId: string, country: string | null, texts: LocalizedText, ownLanguage: string): StoredPlace | undefined {
  const names = cleanNames(texts);
  const locality = (isLocale(ownLanguage) ? names[ownLanguage] : undefined) ?? Object.values(names)[0];
  if (!locality) return undefined;
  return { id: `${placeKey(country, locality)}@${companyId}`, companyId, country, names };
}
