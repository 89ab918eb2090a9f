import type { Salary } from '@rec/core';
import type { Kysely } from 'kysely';
import type { ChannelKind, Database, NewChannel, NewPostingContent, PostingStatus } from '../../db/schema';
import { linkPostingPlace } from '../places/repository';

export interface PostingRow {
  id: string;
  opening_id: string;
  status: PostingStatus;
  language: string;
  employment_type: string | null;
  valid_through: Date | null;
  published_at: Date;
  salary: Salary | null;
  address_country: string | null;
  remote: boolean;
}

export interface PostingContentRow {
  posting_id: string;
  language: string;
  title: string;
  description: string;
  location: string | null;
  contract: string | null;
}

export interface PostingChannelRow {
  id: string;
  posting_id: string;
  kind: ChannelKind;
}

export interface PostingDetails {
  posting: PostingRow;
  contents: PostingContentRow[];
  channels: PostingChannelRow[];
}

export interface NewPostingInput {
  id: string;
  openingId: string;
  language: string;
  employmentType: string | null;
  validThrough: string | null;
  salary: Salary | null;
  addressCountry: string | null;
  remote: boolean;
  contents: Omit<NewPostingContent, 'company_id' | 'posting_id'>[];
  channels: Omit<NewChannel, 'company_id' | 'posting_id'>[];
}

export interface PostingChanges {
  language?: string;
  employmentType?: string | null;
  validThrough?: string | null;
  salary?: Salary | null;
  addressCountry?: string | null;
  remote?: boolean;
  contents?: Omit<NewPostingContent, 'company_id' | 'posting_id'>[];
  channels?: Omit<NewChannel, 'company_id' | 'posting_id'>[];
}

const POSTING_COLUMNS = ['id', 'opening_id', 'status', 'language', 'employment_type', 'valid_through', 'published_at', 'salary', 'address_country', 'remote'] as const;

export type PostingRepository = ReturnType<typeof createPostingRepository>;

/** SQL of postings, their per-language contents and their channels; every query is scoped by the company. */
export function createPostingRepository(db: Kysely<Database>) {
  async function details(companyId: string, postings: PostingRow[]): Promise<PostingDetails[]> {
    if (!postings.length) return [];
    const ids = postings.map((posting) => posting.id);
    const [contents, channels] = await Promise.all([
      db
        .selectFrom('posting_contents')
        .select(['posting_id', 'language', 'title', 'description', 'location', 'contract'])
        .where('company_id', '=', companyId)
        .where('posting_id', 'in', ids)
        .orderBy('language')
        .execute(),
      db
        .selectFrom('channels')
        .select(['id', 'posting_id', 'kind'])
        .where('company_id', '=', companyId)
        .where('posting_id', 'in', ids)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    ]);
    return postings.map((posting) => ({
      posting,
      contents: contents.filter((content) => content.posting_id === posting.id),
      channels: channels.filter((channel) => channel.posting_id === posting.id),
    }));
  }

  return {
    async listOfOpening(companyId: string, openingId: string): Promise<PostingDetails[]> {
      const postings = await db
        .selectFrom('postings')
        .select(POSTING_COLUMNS)
        .where('company_id', '=', companyId)
        .where('opening_id', '=', openingId)
        .orderBy('published_at', 'desc')
        .orderBy('id')
        .execute();
      return details(companyId, postings);
    },

    async find(companyId: string, openingId: string, postingId: string): Promise<PostingDetails | undefined> {
      const posting = await db
        .selectFrom('postings')
        .select(POSTING_COLUMNS)
        .where('company_id', '=', companyId)
        .where('opening_id', '=', openingId)
        .where('id', '=', postingId)
        .executeTakeFirst();
      return posting ? (await details(companyId, [posting]))[0] : undefined;
    },

    /** The company's stored settings (its privacy notices decide the publishing warning). */
    async companySettings(companyId: string): Promise<Record<string, unknown>> {
      const row = await db.selectFrom('companies').select('settings').where('id', '=', companyId).executeTakeFirst();
      return (row?.settings as Record<string, unknown> | undefined) ?? {};
    },

    /** The board a BOARD channel lists the posting on: the company's first board. */
    async defaultBoard(companyId: string): Promise<string | undefined> {
      const row = await db.selectFrom('boards').select('id').where('company_id', '=', companyId).orderBy('created_at').orderBy('id').executeTakeFirst();
      return row?.id;
    },

    async insert(companyId: string, input: NewPostingInput, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('postings')
          .values({
            id: input.id,
            company_id: companyId,
            opening_id: input.openingId,
            language: input.language,
            status: 'OPEN',
            employment_type: input.employmentType,
            valid_through: input.validThrough,
            salary: input.salary,
            address_country: input.addressCountry,
            remote: input.remote,
            published_at: now,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto('posting_contents')
          .values(input.contents.map((content) => ({ ...content, company_id: companyId, posting_id: input.id })))
          .execute();
        await linkPostingPlace(trx, companyId, input.id);
        if (input.channels.length) {
          await trx
            .insertInto('channels')
            .values(input.channels.map((channel) => ({ ...channel, company_id: companyId, posting_id: input.id })))
            .execute();
        }
      });
    },

    /** Updates the given fields; given contents replace those languages; given channels are added. */
    async update(companyId: string, postingId: string, changes: PostingChanges, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('postings')
          .set({
            updated_at: now,
            ...(changes.language !== undefined ? { language: changes.language } : {}),
            ...(changes.employmentType !== undefined ? { employment_type: changes.employmentType } : {}),
            ...(changes.validThrough !== undefined ? { valid_through: changes.validThrough } : {}),
            ...(changes.salary !== undefined ? { salary: changes.salary } : {}),
            ...(changes.addressCountry !== undefined ? { address_country: changes.addressCountry } : {}),
            ...(changes.remote !== undefined ? { remote: changes.remote } : {}),
          })
          .where('company_id', '=', companyId)
          .where('id', '=', postingId)
          .execute();
        if (changes.contents?.length) {
          await trx
            .insertInto('posting_contents')
            .values(changes.contents.map((content) => ({ ...content, company_id: companyId, posting_id: postingId })))
            .onConflict((oc) =>
              oc.columns(['posting_id', 'language']).doUpdateSet((eb) => ({
                title: eb.ref('excluded.title'),
                description: eb.ref('excluded.description'),
                location: eb.ref('excluded.location'),
                contract: eb.ref('excluded.contract'),
              })),
            )
            .execute();
        }
        if (changes.contents?.length || changes.addressCountry !== undefined) await linkPostingPlace(trx, companyId, postingId);
        if (changes.channels?.length) {
          await trx
            .insertInto('channels')
            .values(changes.channels.map((channel) => ({ ...channel, company_id: companyId, posting_id: postingId })))
            .execute();
        }
      });
    },

    /** Answers whether this call closed it (false: it was closed already). */
    async close(companyId: string, postingId: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('postings')
        .set({ status: 'CLOSED', updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', postingId)
        .where('status', '=', 'OPEN')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
