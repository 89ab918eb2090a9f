import { comparablePlaceName, ERROR_KEYS, type OfferCount, type OfferCountQuery, type VisitorLanguageSources, visitorLanguage } from '@rec/core';
import { HttpError } from '../../http/errors';
import type { BoardRepository } from '../boards/repository';
import { companyTheme } from '../branding/service';
import type { OfferRepository } from '../offers/repository';

export type OfferCountService = ReturnType<typeof createOfferCountService>;

/**
 * How many open offers a board lists, for the `<rec-jobs-count>` badge: the same offers as the
 * board's list (same repository rule), without building the list. Filters match an offer whose
 * location in ANY language equals the filter (its place's names, issue 25, and its own texts), so
 * "Luxemburg" and "Luxembourg" both find the offers in Luxembourg whatever the page language; the contract filter is a contract-type code.
 */
export function createOfferCountService(deps: { boards: Pick<BoardRepository, 'findBoard'>; offers: Pick<OfferRepository, 'findOpenBoardListings' | 'findContents' | 'findPostingPlaces'> }) {
  const { boards, offers } = deps;
  return {
    /** `asked`: the rule's sources from the request; the badge's `language` query is the page's wish (steps 1 to 4). */
    async countOffers(boardId: string, { location, contract, language: wish }: OfferCountQuery, asked: VisitorLanguageSources = {}): Promise<OfferCount> {
      const board = await boards.findBoard(boardId);
      if (!board) throw new HttpError(404, ERROR_KEYS.boardNotFound);
      const language = visitorLanguage({ ...asked, query: wish, content: board.language });
      const { properties = {} } = companyTheme(board.companySettings);
      const themed = Object.keys(properties).length ? { properties } : {};
      const listings = await offers.findOpenBoardListings(board.companyId, board.id, board.spontaneousChannelId);
      if (!location && !contract) return { count: listings.length, language, ...themed };

      const wantedLocation = location ? comparablePlaceName(location) : undefined;
      const postingIds = listings.map((listing) => listing.postingId);
      const rows = await offers.findContents(board.companyId, postingIds, false);
      const locationMatches = new Set<string>();
      const contractMatches = new Set<string>();
      if (wantedLocation) {
        for (const [postingId, place] of await offers.findPostingPlaces(board.companyId, postingIds)) {
          if (Object.values(place.names).some((name) => name && comparablePlaceName(name) === wantedLocation)) locationMatches.add(postingId);
        }
      }
      for (const row of rows) {
        if (!wantedLocation || (row.location && comparablePlaceName(row.location) === wantedLocation)) locationMatches.add(row.postingId);
        if (!contract || row.contract === contract) contractMatches.add(row.postingId);
      }
      const count = listings.filter((listing) => locationMatches.has(listing.postingId) && contractMatches.has(listing.postingId)).length;
      return { count, language, ...themed };
    },
  };
}
