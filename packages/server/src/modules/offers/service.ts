import { privacyNoticesOf } from './privacy-notices';
import { applyFormOf, publicSalaryOf, type ContractType, ERROR_KEYS, employmentTypeOf, isContractType, isLocale, type Locale, type LocalizedText, type Offer, pickText } from '@rec/core';
import { jobPosting } from '@rec/core/job-posting';
import type { OpeningStatus, PostingStatus } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { companyTheme } from '../branding/service';
import { logoImageOf } from '../company-logos/default-logo';
import type { ContentRow, OfferRepository } from './repository';
import { sanitizeDescription } from './sanitize-description';

export type OfferService = ReturnType<typeof createOfferService>;

/** An offer is open while its posting is OPEN and its opening not ARCHIVED; otherwise it is gone (410). */
export function isOfferOpen(postingStatus: PostingStatus, openingStatus: OpeningStatus): boolean {
  return postingStatus === 'OPEN' && openingStatus !== 'ARCHIVED';
}

/** The public page of an offer reached through a channel. */
export function offerUrl(publicUrl: string, channelId: string): string {
  return `${publicUrl}/offer/c/${channelId}`;
}

/** The company of a public offer (always set on the offers this service answers): what invalidates its cached copies. */
export function companyOfOffer(offer: Offer): string {
  if (!offer.company) throw new Error(`offer ${offer._id} has no company`);
  return offer.company._id;
}

/** A stored language that is not one of ours (should not happen) falls back to English rather than failing the page. */
function asLocale(language: string): Locale {
  return isLocale(language) ? language : 'en';
}

interface Texts {
  title: LocalizedText;
  location: LocalizedText;
  /** The contract code of the posting (the same on every language row); a leftover word counts as none. */
  contractType: ContractType | null;
  description: LocalizedText;
}

/** Groups content rows per posting into per-language maps; empty values are left out so clients fall back. */
function textsByPosting(rows: readonly ContentRow[]): Map<string, Texts> {
  const byPosting = new Map<string, Texts>();
  for (const row of rows) {
    if (!isLocale(row.language)) continue;
    let texts = byPosting.get(row.postingId);
    if (!texts) {
      texts = { title: {}, location: {}, contractType: null, description: {} };
      byPosting.set(row.postingId, texts);
    }
    texts.title[row.language] = row.title;
    if (row.location) texts.location[row.language] = row.location;
    if (isContractType(row.contract)) texts.contractType ??= row.contract;
    // Stored sanitised; sanitised again on the way out in case a row predates the rule.
    if (row.description) texts.description[row.language] = sanitizeDescription(row.description);
  }
  return byPosting;
}

/**
 * The location of each posting by its place (issue 25): the place's name per language over the
 * posting's own texts, so every offer at one place shows the same name in a language (the German
 * board says "Luxemburg" for a posting written in French too), and its `placeId` for the facet.
 */
async function withPlaces(repository: OfferRepository, companyId: string, byPosting: Map<string, Texts>): Promise<Map<string, string>> {
  const places = await repository.findPostingPlaces(companyId, [...byPosting.keys()]);
  const placeIds = new Map<string, string>();
  for (const [postingId, texts] of byPosting) {
    const place = places.get(postingId);
    if (!place) continue;
    texts.location = { ...texts.location, ...place.names };
    placeIds.set(postingId, place.id);
  }
  return placeIds;
}

/** The `salary` field of an offer: absent rather than undefined (exactOptionalPropertyTypes, and smaller JSON). */
const withSalary = (salary: Offer['salary']) => (salary ? { salary } : {});

const NO_TEXTS: Texts = { title: {}, location: {}, contractType: null, description: {} };

/** An absolute http(s) URL, relative ones resolved against the platform's address; anything else is dropped. */
function absoluteUrl(value: unknown, publicUrl: string): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  try {
    const url = new URL(value, `${publicUrl}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The company as job search engines want it (JSON-LD hiringOrganization): its logo
 * (`settings.logoUrl`) and its own pages (`settings.website` first, then `settings.profiles`).
 */
export function organizationOf(
  settings: Record<string, unknown>,
  publicUrl: string,
): { logo?: string; logoImage?: { url: string; width: number; height: number }; sameAs?: string[] } {
  const logo = absoluteUrl(settings.logoUrl, publicUrl);
  const image = logoImageOf(settings);
  const pages = [settings.website, ...(Array.isArray(settings.profiles) ? settings.profiles : [])]
    .map((page) => absoluteUrl(page, publicUrl))
    .filter((page): page is string => page !== undefined);
  return { ...(logo ? { logo } : {}), ...(image ? { logoImage: image } : {}), ...(pages.length ? { sameAs: [...new Set(pages)] } : {}) };
}

export function createOfferService(deps: { repository: OfferRepository; publicUrl: string; indeedClientId?: string | undefined }) {
  const { repository, publicUrl } = deps;
  /** Indeed's OAuth authorisation page; the callback (/offer/apply/oauth/indeed) sends the candidate back to `state`. */
  const indeedUrl = (channelId: string) => {
    const query = new URLSearchParams({
      client_id: deps.indeedClientId ?? '',
      redirect_uri: `${publicUrl}/offer/apply/oauth/indeed`,
      response_type: 'code',
      scope: 'email',
      state: `/offer/c/${channelId}?embedded=applyWithOptions`,
    });
    return `https://secure.indeed.com/oauth/v2/authorize?${query}`;
  };
  const applyOptionsFor = (channelId: string) => (deps.indeedClientId ? { indeed: true, indeedUrl: indeedUrl(channelId) } : { indeed: false });

  const service = {
    /**
     * The open offers of a board, without descriptions, sorted by their title as shown in
     * `locale` (missing titles fall back like the widget does: own language, English, any).
     * Sorting happens here with Intl.Collator, not in SQL: database collations differ between
     * PGlite and the server and rarely know all nine languages.
     */
    async listBoardOffers(board: { id: string; companyId: string; spontaneousChannelId: string | null }, locale: Locale): Promise<Offer[]> {
      const listings = await repository.findOpenBoardListings(board.companyId, board.id, board.spontaneousChannelId);
      const texts = textsByPosting(
        await repository.findContents(
          board.companyId,
          listings.map((listing) => listing.postingId),
          false,
        ),
      );
      const placeIds = await withPlaces(repository, board.companyId, texts);
      const offers = listings.map((listing) => {
        const own = texts.get(listing.postingId) ?? NO_TEXTS;
        const offer: Offer = {
          _id: listing.postingId,
          language: asLocale(listing.language),
          channelId: listing.channelId,
          information: { title: own.title, location: own.location },
          ...(placeIds.has(listing.postingId) ? { placeId: placeIds.get(listing.postingId) } : {}),
          url: { canonical: offerUrl(publicUrl, listing.channelId) },
          datePosted: listing.publishedAt.toISOString(),
          contractType: own.contractType,
          ...withSalary(publicSalaryOf(listing.salary)),
        };
        return { offer, sortKey: pickText(own.title, locale, offer.language) };
      });
      const collator = new Intl.Collator(locale);
      offers.sort((a, b) => collator.compare(a.sortKey, b.sortKey) || (a.offer._id < b.offer._id ? -1 : 1));
      return offers.map((entry) => entry.offer);
    },

    /**
     * One offer with its descriptions. Its `language` is the first preferred language the offer
     * is written in, else its own: clients show the page in that language (spec §2).
     * 404 `offer.notFound` for an unknown channel, 410 `offer.closed` for a closed offer.
     */
    async getChannelOffer(channelId: string, preferences: readonly Locale[]): Promise<Offer> {
      return service.getChannelOfferWithRow(channelId, preferences).then((result) => result.offer);
    },

    /** The posting by its own id (`/offer/{_id}`), through its board channel (else any). */
    async getPostingOffer(postingId: string, preferences: readonly Locale[]): Promise<Offer> {
      const channelId = await repository.findPostingChannelId(postingId);
      if (!channelId) throw new HttpError(404, ERROR_KEYS.offerNotFound);
      return service.getChannelOffer(channelId, preferences);
    },

    /** The board to send a visitor back to from an offer they cannot see (closed): see the repository. */
    findBoardOfChannel: (channelId: string) => repository.findBoardOfChannel(channelId),
    /** The channel showing a posting by its own id, if any. */
    findPostingChannelId: (postingId: string) => repository.findPostingChannelId(postingId),

    /** The offer and the channel row behind it (the company's id and settings, for applying). */
    async getChannelOfferWithRow(channelId: string, preferences: readonly Locale[]) {
      const row = await repository.findChannelOffer(channelId);
      if (!row) throw new HttpError(404, ERROR_KEYS.offerNotFound);
      if (!isOfferOpen(row.postingStatus, row.openingStatus)) throw new HttpError(410, ERROR_KEYS.offerClosed);

      const byPosting = textsByPosting(await repository.findContents(row.companyId, [row.postingId], true));
      const placeId = (await withPlaces(repository, row.companyId, byPosting)).get(row.postingId);
      const texts = byPosting.get(row.postingId) ?? NO_TEXTS;
      const language = preferences.find((locale) => texts.title[locale]) ?? asLocale(row.language);
      const boardId = await repository.findBoardOfChannel(row.channelId);
      const offer: Offer = {
        _id: row.postingId,
        language,
        channelId: row.channelId,
        information: { title: texts.title, description: texts.description, location: texts.location },
        ...(placeId ? { placeId } : {}),
        url: { canonical: offerUrl(publicUrl, row.channelId) },
        ...(boardId ? { boardUrl: `${publicUrl}/board/${boardId}` } : {}),
        datePosted: row.publishedAt.toISOString(),
        validThrough: row.validThrough ? row.validThrough.toISOString() : null,
        company: {
          _id: row.companyId,
          name: row.companyName,
          privacyNotices: privacyNoticesOf(row.companySettings),
          ...organizationOf(row.companySettings ?? {}, publicUrl),
        },
        applyOptions: applyOptionsFor(row.channelId),
        // Mapped here so the widget needs no table of its own for the JSON-LD it adds to career sites.
        employmentType: employmentTypeOf(row.isSpontaneous ? null : texts.contractType, row.employmentType) ?? null,
        // A spontaneous application is no job: it carries no contract (its page has its own layout).
        contractType: row.isSpontaneous ? null : texts.contractType,
        ...(row.isSpontaneous ? { spontaneous: true } : {}),
        applyForm: applyFormOf(row.applyForm),
        ...withSalary(row.isSpontaneous ? undefined : publicSalaryOf(row.salary)),
        place: { country: row.addressCountry?.trim() || null, remote: row.remote },
        theme: companyTheme(row.companySettings),
      };
      if (!row.isSpontaneous) {
        const { description: _shownByTheWidget, ...withoutDescription } = jobPosting(offer, '');
        offer.jobPosting = withoutDescription;
      }
      return { offer, row };
    },
  };
  return service;
}
