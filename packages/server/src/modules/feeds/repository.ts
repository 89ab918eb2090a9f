import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findPostingPlaces } from '../places/repository';

/** One open posting of a board as the feeds list it (the board's own rule, see offers/repository). */
export interface FeedPostingRow {
  postingId: string;
  channelId: string;
  /** The posting's own language: its page without `?language=`. */
  language: string;
  publishedAt: Date;
  validThrough: Date | null;
  employmentType: string | null;
  /** The pay range as stored (jsonb): the feed shows it only when its switch is on. */
  salary: unknown;
  addressCountry: string | null;
}

/** One language version of a posting, with its description (the feeds carry the full text). */
export interface FeedContentRow {
  postingId: string;
  language: string;
  title: string;
  location: string | null;
  contract: string | null;
  description: string;
}

export type FeedRepository = ReturnType<typeof createFeedRepository>;

/** SQL of the job feeds. The board id names the company; every query after it is scoped by that company. */
export function createFeedRepository(db: Kysely<Database>) {
  return {
    /**
     * The postings a board shows: BOARD channels of that board, OPEN postings, openings not
     * ARCHIVED, never the spontaneous application. Ordered for a stable feed (newest first).
     */
    async openPostings(companyId: string, boardId: string): Promise<FeedPostingRow[]> {
      return db
        .selectFrom('channels as c')
        .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
        .innerJoin('openings as o', (join) => join.onRef('o.company_id', '=', 'p.company_id').onRef('o.id', '=', 'p.opening_id'))
        .select([
          'p.id as postingId',
          'c.id as channelId',
          'p.language',
          'p.published_at as publishedAt',
          'p.valid_through as validThrough',
          'p.employment_type as employmentType',
          'p.salary',
          'p.address_country as addressCountry',
        ])
        .where('c.company_id', '=', companyId)
        .where('c.board_id', '=', boardId)
        .where('c.kind', '=', 'BOARD')
        .where('p.is_spontaneous', '=', false)
        .where('p.status', '=', 'OPEN')
        .where('o.status', '<>', 'ARCHIVED')
        .orderBy('p.published_at', 'desc')
        .orderBy('p.id')
        .execute();
    },

    /** Every language version of some postings of one company. */
    async contents(companyId: string, postingIds: readonly string[]): Promise<FeedContentRow[]> {
      if (postingIds.length === 0) return [];
      return db
        .selectFrom('posting_contents')
        .select(['posting_id as postingId', 'language', 'title', 'location', 'contract', 'description'])
        .where('company_id', '=', companyId)
        .where('posting_id', 'in', postingIds)
        .orderBy('posting_id')
        .orderBy('language')
        .execute();
    },

    /** The places of the postings (names per language), by posting id: the city the board shows. */
    places: (companyId: string, postingIds: readonly string[]) => findPostingPlaces(db, companyId, postingIds),
  };
}
