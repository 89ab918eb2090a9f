import { type ContractType, ERROR_KEYS, isContractType, isLocale, type Locale, type PublicSalary, publicSalaryOf } from '@rec/core';
import { HttpError } from '../../http/errors';
import type { BoardRepository } from '../boards/repository';
import { offerUrl } from '../offers/service';
import { sanitizeDescription } from '../offers/sanitize-description';
import { offerPageUrl } from '../seo/sitemap';
import type { FeedContentRow, FeedRepository } from './repository';

/** One language version of one open posting: what both feeds list (one item each). */
export interface FeedItem {
  /** Unique per item and stable: the posting and the language (`<id>-<lang>`). */
  reference: string;
  postingId: string;
  language: Locale;
  title: string;
  /** Sanitised HTML. */
  description: string;
  city: string;
  /** ISO 3166-1 alpha-2, empty when unknown. */
  country: string;
  company: string;
  /** The offer's public page in this language (the canonical one in the posting's own language). */
  url: string;
  datePosted: Date;
  validThrough: Date | null;
  /** From the structured range, only when the recruiter shows it. */
  salary: PublicSalary | undefined;
  contractType: ContractType | null;
  /** The posting's stored hours (e.g. PART_TIME), which refines a permanent contract. */
  employmentType: string | null;
}

export interface BoardFeed {
  boardId: string;
  companyId: string;
  boardName: string;
  boardLanguage: string;
  company: string;
  items: FeedItem[];
}

export type FeedService = ReturnType<typeof createFeedService>;

export function createFeedService(deps: { boards: BoardRepository; feeds: FeedRepository; publicUrl: string }) {
  const { boards, feeds, publicUrl } = deps;
  return {
    /** The board's open postings, one item per language each is written in. 404 for an unknown (or suspended) board. */
    async boardFeed(boardId: string): Promise<BoardFeed> {
      const board = await boards.findBoard(boardId);
      if (!board) throw new HttpError(404, ERROR_KEYS.boardNotFound);
      const postings = await feeds.openPostings(board.companyId, board.id);
      const ids = postings.map((posting) => posting.postingId);
      const [contents, places] = await Promise.all([feeds.contents(board.companyId, ids), feeds.places(board.companyId, ids)]);
      const contentsOf = new Map<string, FeedContentRow[]>();
      for (const content of contents) contentsOf.set(content.postingId, [...(contentsOf.get(content.postingId) ?? []), content]);
      const items: FeedItem[] = [];
      for (const posting of postings) {
        const versions = (contentsOf.get(posting.postingId) ?? []).filter((content) => isLocale(content.language) && content.title.trim());
        // The contract is one code per posting, whichever language row holds it.
        const contractType = versions.map((content) => content.contract).find(isContractType) ?? null;
        const canonical = offerUrl(publicUrl, posting.channelId);
        const placeNames = places.get(posting.postingId)?.names ?? {};
        for (const content of versions) {
          const language = content.language as Locale;
          items.push({
            reference: `${posting.postingId}-${language}`,
            postingId: posting.postingId,
            language,
            title: content.title,
            // Stored sanitised; again on the way out in case a row predates the rule (as the offers do).
            description: sanitizeDescription(content.description ?? ''),
            // The place's name in this language first, as the board shows it (issue 25).
            city: placeNames[language] ?? content.location ?? '',
            country: posting.addressCountry?.trim() ?? '',
            company: board.companyName,
            url: offerPageUrl(canonical, posting.language, language),
            datePosted: new Date(posting.publishedAt),
            validThrough: posting.validThrough ? new Date(posting.validThrough) : null,
            salary: publicSalaryOf(posting.salary),
            contractType,
            employmentType: posting.employmentType,
          });
        }
      }
      return { boardId: board.id, companyId: board.companyId, boardName: board.name, boardLanguage: board.language, company: board.companyName, items };
    },
  };
}
