import type { Kysely } from 'kysely';
import type { CompanySettings, Database, OpeningStatus, PostingStatus } from '../../db/schema';
import { findPostingPlaces } from '../places/repository';

export interface BoardListing {
  postingId: string;
  language: string;
  publishedAt: Date;
  channelId: string;
  /** The pay range as stored; the board shows it when its switch is on (issue 17). */
  salary: unknown;
}

export interface ChannelOfferRow {
  channelId: string;
  companyId: string;
  companyName: string;
  postingId: string;
  language: string;
  postingStatus: PostingStatus;
  openingStatus: OpeningStatus;
  publishedAt: Date;
  validThrough: Date | null;
  employmentType: string | null;
  isSpontaneous: boolean;
  companySettings: CompanySettings;
  /** The opening's apply form configuration as stored. */
  applyForm: Record<string, unknown>;
  /** The posting's pay range as stored (jsonb), shown only when its switch is on. */
  salary: unknown;
  addressCountry: string | null;
  remote: boolean;
}

export interface ContentRow {
  postingId: string;
  language: string;
  title: string;
  location: string | null;
  contract: string | null;
  description?: string;
}

export type OfferRepository = ReturnType<typeof createOfferRepository>;

/** SQL of the public offers. Every query after the entry lookup is scoped by the company id. */
export function createOfferRepository(db: Kysely<Database>) {
  return {
    /**
     * Open offers listed on a board: BOARD channels of that board, OPEN postings, openings not
     * ARCHIVED, never the spontaneous application (the same rule as `isOfferOpen` in the service).
     */
    async findOpenBoardListings(companyId: string, boardId: string, spontaneousChannelId: string | null): Promise<BoardListing[]> {
      return db
        .selectFrom('channels as c')
        .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
        .innerJoin('openings as o', (join) => join.onRef('o.company_id', '=', 'p.company_id').onRef('o.id', '=', 'p.opening_id'))
        .select(['p.id as postingId', 'p.language', 'p.published_at as publishedAt', 'c.id as channelId', 'p.salary'])
        .where('c.company_id', '=', companyId)
        .where('c.board_id', '=', boardId)
        .where('c.kind', '=', 'BOARD')
        .where('p.is_spontaneous', '=', false)
        .where('p.status', '=', 'OPEN')
        .where('o.status', '<>', 'ARCHIVED')
        .$if(spontaneousChannelId !== null, (query) => query.where('c.id', '<>', spontaneousChannelId ?? ''))
        .execute();
    },

    /**
     * The posting behind a channel, open or not (the service decides between 200 and 410).
     * The channel id is the public entry point: it is what names the company here.
     */
    async findChannelOffer(channelId: string): Promise<ChannelOfferRow | undefined> {
      return db
        .selectFrom('channels as c')
        .innerJoin('companies as co', 'co.id', 'c.company_id')
        .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
        .innerJoin('openings as o', (join) => join.onRef('o.company_id', '=', 'p.company_id').onRef('o.id', '=', 'p.opening_id'))
        .select([
          'c.id as channelId',
          'c.company_id as companyId',
          'co.name as companyName',
          'p.id as postingId',
          'p.language',
          'p.status as postingStatus',
          'o.status as openingStatus',
          'p.published_at as publishedAt',
          'p.valid_through as validThrough',
          'p.employment_type as employmentType',
          'p.is_spontaneous as isSpontaneous',
          'co.settings as companySettings',
          'o.apply_form as applyForm',
          'p.salary',
          'p.address_country as addressCountry',
          'p.remote',
        ])
        .where('c.id', '=', channelId)
        // A suspended company's offers answer 404 (issue 13).
        .where('co.suspended_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * The channel that shows a posting by its id (`/offer/{_id}`): its board listing when it has
     * one, else its oldest channel.
     */
    async findPostingChannelId(postingId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('channels')
        .select('id')
        .where('posting_id', '=', postingId)
        .orderBy((eb) => eb.case().when('kind', '=', 'BOARD').then(0).else(1).end())
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * The board a visitor goes back to from a closed offer: the channel's own board, else the
     * company's oldest board (share and referral channels belong to no board).
     */
    async findBoardOfChannel(channelId: string): Promise<string | undefined> {
      const channel = await db.selectFrom('channels').select(['company_id', 'board_id']).where('id', '=', channelId).executeTakeFirst();
      if (!channel) return undefined;
      if (channel.board_id) return channel.board_id;
      const board = await db
        .selectFrom('boards')
        .select('id')
        .where('company_id', '=', channel.company_id)
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return board?.id;
    },

    /** The places of some postings of one company (names per language), by posting id. */
    findPostingPlaces: (companyId: string, postingIds: readonly string[]) => findPostingPlaces(db, companyId, postingIds),

    /** The per-language texts of some postings of one company; descriptions only when asked (they are large). */
    async findContents(companyId: string, postingIds: readonly string[], withDescription: boolean): Promise<ContentRow[]> {
      if (postingIds.length === 0) return [];
      return db
        .selectFrom('posting_contents')
        .select(['posting_id as postingId', 'language', 'title', 'location', 'contract'])
        .$if(withDescription, (query) => query.select('description'))
        .where('company_id', '=', companyId)
        .where('posting_id', 'in', postingIds)
        .orderBy('posting_id')
        .orderBy('language')
        .execute();
    },
  };
}
