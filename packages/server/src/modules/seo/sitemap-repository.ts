import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** One open offer as the sitemap lists it. */
export interface SitemapOfferRow {
  boardId: string;
  channelId: string;
  /** The posting's own language (its page without `?language=`). */
  language: string;
  /** Every language the offer is written in, comma-separated. */
  languages: string;
  lastmod: Date;
}

/** Sitemaps hold at most 50,000 URLs (sitemaps.org); beyond that a sitemap index would be needed. */
export const SITEMAP_MAX_URLS = 50_000;

export type SitemapRepository = ReturnType<typeof createSitemapRepository>;

/**
 * SQL of the sitemap: the public boards and the offers they list, across companies (all of it is
 * public already). The open rule is the board's: BOARD channel, OPEN posting, opening not ARCHIVED,
 * never the spontaneous application.
 */
export function createSitemapRepository(db: Kysely<Database>) {
  return {
    async boardIds(): Promise<string[]> {
      const rows = await db
        .selectFrom('boards')
        .innerJoin('companies as co', 'co.id', 'boards.company_id')
        .select('boards.id')
        // A suspended company's pages answer 404: crawlers are not sent there (issue 24, L9).
        .where('co.suspended_at', 'is', null)
        .orderBy('boards.id')
        .limit(SITEMAP_MAX_URLS)
        .execute();
      return rows.map((row) => row.id);
    },

    async openOffers(): Promise<SitemapOfferRow[]> {
      return db
        .selectFrom('channels as c')
        .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
        .innerJoin('openings as o', (join) => join.onRef('o.company_id', '=', 'p.company_id').onRef('o.id', '=', 'p.opening_id'))
        .innerJoin('companies as co', 'co.id', 'c.company_id')
        .select([
          sql<string>`c.board_id`.as('boardId'),
          'c.id as channelId',
          'p.language',
          // Text, not an array: pg and PGlite agree on it.
          sql<string>`(select string_agg(pc.language, ',' order by pc.language) from posting_contents pc
            where pc.company_id = p.company_id and pc.posting_id = p.id)`.as('languages'),
          // The page changes with the posting's texts and with the opening's (apply form, salary).
          sql<Date>`greatest(p.updated_at, o.updated_at)`.as('lastmod'),
        ])
        .where('c.kind', '=', 'BOARD')
        .where('c.board_id', 'is not', null)
        .where('p.is_spontaneous', '=', false)
        .where('p.status', '=', 'OPEN')
        .where('o.status', '<>', 'ARCHIVED')
        .where('co.suspended_at', 'is', null)
        .orderBy('c.board_id')
        .orderBy('c.id')
        .limit(SITEMAP_MAX_URLS)
        .execute();
    },
  };
}
