import type { LocalizedText } from '@rec/core';

/** A known place: its country, its canonical locality (the local name) and its name in each language. */
export interface CataloguePlace {
  country: string;
  locality: string;
  names: LocalizedText;
}

/**
 * Places whose names per language we know (exonyms differ: Lisboa, Lisbon, Lissabon, Lisbonne).
 * Kept as data: migrations put them in the `places` table, a posting whose location names one of
 * them in any language points to it, and a place not listed here is created from the posting's
 * own texts (places/repository.ts). Add places here and in a migration.
 */
export const PLACE_CATALOGUE: readonly CataloguePlace[] = [
  {
    country: 'LU',
    locality: 'Luxembourg',
    names: { fr: 'Luxembourg', en: 'Luxembourg', de: 'Luxemburg', lb: 'Lëtzebuerg', nl: 'Luxemburg', es: 'Luxemburgo', it: 'Lussemburgo', pt: 'Luxemburgo', pl: 'Luksemburg' },
  },
  { country: 'FR', locality: 'Paris', names: { fr: 'Paris', en: 'Paris', de: 'Paris', lb: 'Paräis', nl: 'Parijs', es: 'París', it: 'Parigi', pt: 'Paris', pl: 'Paryż' } },
  {
    country: 'BE',
    locality: 'Bruxelles',
    names: { fr: 'Bruxelles', en: 'Brussels', de: 'Brüssel', lb: 'Bréissel', nl: 'Brussel', es: 'Bruselas', it: 'Bruxelles', pt: 'Bruxelas', pl: 'Bruksela' },
  },
  { country: 'DE', locality: 'Berlin', names: { fr: 'Berlin', en: 'Berlin', de: 'Berlin', lb: 'Berlin', nl: 'Berlijn', es: 'Berlín', it: 'Berlino', pt: 'Berlim', pl: 'Berlin' } },
  { country: 'PT', locality: 'Lisboa', names: { fr: 'Lisbonne', en: 'Lisbon', de: 'Lissabon', lb: 'Lissabon', nl: 'Lissabon', es: 'Lisboa', it: 'Lisbona', pt: 'Lisboa', pl: 'Lizbona' } },
  { country: 'IT', locality: 'Milano', names: { fr: 'Milan', en: 'Milan', de: 'Mailand', it: 'Milano', es: 'Milán', pt: 'Milão', nl: 'Milaan', pl: 'Mediolan', lb: 'Mailand' } },
  {
    country: 'PL',
    locality: 'Warszawa',
    names: { fr: 'Varsovie', en: 'Warsaw', de: 'Warschau', pl: 'Warszawa', es: 'Varsovia', it: 'Varsavia', pt: 'Varsóvia', nl: 'Warschau', lb: 'Warschau' },
  },
  { country: 'DE', locality: 'Hamburg', names: { de: 'Hamburg', en: 'Hamburg', fr: 'Hambourg', lb: 'Hamburg', nl: 'Hamburg', es: 'Hamburgo', it: 'Amburgo', pt: 'Hamburgo', pl: 'Hamburg' } },
  { country: 'DE', locality: 'Bremen', names: { de: 'Bremen', en: 'Bremen', fr: 'Brême', lb: 'Bremen', nl: 'Bremen', es: 'Bremen', it: 'Brema', pt: 'Bremen', pl: 'Brema' } },
  { country: 'DE', locality: 'München', names: { de: 'München', en: 'Munich', fr: 'Munich', lb: 'München', nl: 'München', es: 'Múnich', it: 'Monaco di Baviera', pt: 'Munique', pl: 'Monachium' } },
  { country: 'DE', locality: 'Köln', names: { de: 'Köln', en: 'Cologne', fr: 'Cologne', lb: 'Köln', nl: 'Keulen', es: 'Colonia', it: 'Colonia', pt: 'Colônia', pl: 'Kolonia' } },
  { country: 'AT', locality: 'Wien', names: { de: 'Wien', en: 'Vienna', fr: 'Vienne', lb: 'Wien', nl: 'Wenen', es: 'Viena', it: 'Vienna', pt: 'Viena', pl: 'Wiedeń' } },
  { country: 'CH', locality: 'Genève', names: { fr: 'Genève', en: 'Geneva', de: 'Genf', lb: 'Genf', nl: 'Genève', es: 'Ginebra', it: 'Ginevra', pt: 'Genebra', pl: 'Genewa' } },
  { country: 'IT', locality: 'Roma', names: { it: 'Roma', en: 'Rome', fr: 'Rome', de: 'Rom', lb: 'Roum', nl: 'Rome', es: 'Roma', pt: 'Roma', pl: 'Rzym' } },
  { country: 'BE', locality: 'Antwerpen', names: { nl: 'Antwerpen', en: 'Antwerp', fr: 'Anvers', de: 'Antwerpen', lb: 'Antwerpen', es: 'Amberes', it: 'Anversa', pt: 'Antuérpia', pl: 'Antwerpia' } },
  { country: 'PL', locality: 'Kraków', names: { pl: 'Kraków', en: 'Krakow', fr: 'Cracovie', de: 'Krakau', lb: 'Krakau', nl: 'Krakau', es: 'Cracovia', it: 'Cracovia', pt: 'Cracóvia' } },
];
