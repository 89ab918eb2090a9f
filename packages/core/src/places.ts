/**
 * Places (issue 25): where a job is, as one entity with a name per language, so the board's
 * location facet counts per place ("Luxemburg" on a German board, whatever language each posting
 * is written in) and a location filter finds a place by any of its names.
 */

/** Case- and accent-free form of a place name: "Lëtzebuerg" matches "letzebuerg" (client and server compare alike). */
export function comparablePlaceName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLocaleLowerCase('und');
}

/**
 * A place's key: its country (ISO 3166-1 alpha-2, `XX` when unknown) and its canonical locality,
 * comparable ("LU:luxembourg"). Stable: postings point to it; names per language are data.
 */
export function placeKey(country: string | null | undefined, locality: string): string {
  const code = country && /^[A-Z]{2}$/.test(country.trim()) ? country.trim() : 'XX';
  return `${code}:${comparablePlaceName(locality)}`;
}
