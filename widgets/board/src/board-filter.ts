import { comparablePlaceName, type Locale, type Offer, toLocale } from '@rec/core';
import { summarizeOffer } from '@rec/stores';

/** What a visitor narrows the board to; each is '' when unused. Mirrored in the element's attributes. */
export interface BoardFilter {
  search: string;
  /** A location written in any language (compared without case and accents). */
  location: string;
  /** A contract-type code (`permanent`…). */
  contract: string;
  /** A language the offer is written in (its title). */
  offerLanguage: string;
}

export const NO_FILTER: BoardFilter = { search: '', location: '', contract: '', offerLanguage: '' };

export const isFiltered = (filter: BoardFilter) => !!(filter.search.trim() || filter.location || filter.contract || filter.offerLanguage);

export const sameFilter = (a: BoardFilter, b: BoardFilter) =>
  a.search === b.search && a.location === b.location && a.contract === b.contract && a.offerLanguage === b.offerLanguage;

/** Case- and accent-free form, as the server's offer-count filter: "Lëtzebuerg" finds "letzebuerg". */
export const comparable = comparablePlaceName;

/** An offer prepared once per (offers, locale), so each keystroke only compares strings. */
export interface IndexedOffer {
  offer: Offer;
  title: string;
  titleLanguage: Locale;
  location: string;
  /** Comparable location in every language the offer gives one. */
  locations: Set<string>;
  /** The languages the offer's title is written in. */
  languages: Set<string>;
  /** The shown contract label ('' without a contract). */
  contract: string;
}

// What a search compares, built on the first search only: normalizing every text of 500 offers
// would otherwise delay the first titles (issue 17's 100 ms budget) for visitors who never search.
const searchTexts = new WeakMap<IndexedOffer, string>();

/** Comparable titles and locations in every language, and the shown contract label. */
function searchText(entry: IndexedOffer): string {
  let text = searchTexts.get(entry);
  if (text === undefined) {
    const { title, location } = entry.offer.information;
    text = comparable([...texts(title), ...texts(location), entry.contract].join('\n'));
    searchTexts.set(entry, text);
  }
  return text;
}

const texts = (text: Partial<Record<string, string>> | undefined) => Object.values(text ?? {}).filter((value): value is string => !!value);

export function indexOffers(offers: readonly Offer[], locale: Locale, contractLabel: (code: string) => string): IndexedOffer[] {
  return offers.map((offer) => {
    const { title, titleLanguage, location } = summarizeOffer(offer, locale);
    const { title: titles, location: locations } = offer.information;
    const languages = new Set(Object.keys(titles).filter((language) => titles[language as Locale]));
    return {
      offer,
      title,
      titleLanguage,
      location,
      locations: new Set(texts(locations).map(comparable)),
      languages: languages.size ? languages : new Set([offer.language]),
      contract: offer.contractType ? contractLabel(offer.contractType) : '',
    };
  });
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterOptions {
  locations: FilterOption[];
  contracts: FilterOption[];
  languages: FilterOption[];
}

const byLabel = (locale: Locale) => {
  const collator = new Intl.Collator(locale);
  return (a: FilterOption, b: FilterOption) => collator.compare(a.label, b.label);
};

/** A language's name in the shown locale (the browser knows them all; no strings to translate). */
function languageName(names: Intl.DisplayNames | undefined, code: string, locale: Locale): string {
  const name = names?.of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

function displayNames(locale: Locale): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames(locale, { type: 'language' });
  } catch {
    return undefined;
  }
}

/**
 * The choices the offers give: one location per place (issue 25: by the offer's place, named in the
 * shown language, so "Luxembourg" and "Luxemburg" are one choice), the contract codes and languages present.
 */
export function filterOptions(index: readonly IndexedOffer[], locale: Locale, contractLabel: (code: string) => string): FilterOptions {
  const locations = new Map<string, string>();
  const contracts = new Set<string>();
  const languages = new Set<string>();
  for (const entry of index) {
    const place = entry.offer.placeId ?? comparable(entry.location);
    if (entry.location && !locations.has(place)) locations.set(place, entry.location);
    if (entry.offer.contractType) contracts.add(entry.offer.contractType);
    for (const language of entry.languages) languages.add(language);
  }
  const sort = byLabel(locale);
  const names = displayNames(locale);
  return {
    locations: [...locations.values()].map((label) => ({ value: label, label })).sort(sort),
    contracts: [...contracts].map((code) => ({ value: code, label: contractLabel(code) })).sort(sort),
    languages: [...languages].map((code) => ({ value: code, label: languageName(names, code, locale) })).sort(sort),
  };
}

/** The offers the filter keeps, in the board's order: every search word must appear (any language). */
export function applyFilter(index: readonly IndexedOffer[], filter: BoardFilter): IndexedOffer[] {
  if (!isFiltered(filter)) return index as IndexedOffer[];
  const words = comparable(filter.search).split(/\s+/).filter(Boolean);
  const location = filter.location ? comparable(filter.location) : '';
  const language = toLocale(filter.offerLanguage) ?? filter.offerLanguage;
  return index.filter(
    (entry) =>
      (!location || entry.locations.has(location)) &&
      (!filter.contract || entry.offer.contractType === filter.contract) &&
      (!language || entry.languages.has(language)) &&
      words.every((word) => searchText(entry).includes(word)),
  );
}

/** The option a filter value stands for: the location "Luxemburg" selects the shown "Luxembourg". */
export function selectedLocation(index: readonly IndexedOffer[], options: readonly FilterOption[], value: string): string {
  if (!value) return '';
  const wanted = comparable(value);
  const entry = index.find((candidate) => candidate.location && candidate.locations.has(wanted));
  return options.find((option) => entry && comparable(option.label) === comparable(entry.location))?.value ?? value;
}
