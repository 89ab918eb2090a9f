import type { OpeningSort, OpeningStatusValue, Salary } from '@rec/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { RemoveFilesWithin } from '../storage/file-storage';
import { queueWebhookEvent } from '../webhooks/outbox';

export interface OpeningRow {
  id: string;
  title: string;
  reference_code: string | null;
  status: OpeningStatusValue;
  language: string;
  description: string;
  location: string | null;
  contract: string | null;
  apply_form: Record<string, unknown>;
  salary: Salary | null;
  created_at: Date;
  updated_at: Date;
  postings_count: number;
  applications_count: number;
  /** The kinds of channel (BOARD, SHARE, REFERRAL) of its OPEN postings, comma-separated, sorted; null when none. */
  visible_on: string | null;
}

export interface OpeningFields {
  title: string;
  reference_code: string | null;
  language: string;
  description: string;
  location: string | null;
  contract: string | null;
  apply_form: Record<string, unknown>;
  salary: Salary | null;
}

export interface OpeningListFilter {
  search?: string | undefined;
  status: readonly OpeningStatusValue[];
  sort: OpeningSort;
  limit: number;
  offset: number;
}

const SORTS: Record<OpeningSort, { column: 'title' | 'updated_at' | 'created_at' | 'status'; direction: 'asc' | 'desc' }> = {
  title: { column: 'title', direction: 'asc' },
  '-title': { column: 'title', direction: 'desc' },
  updatedAt: { column: 'updated_at', direction: 'asc' },
  '-updatedAt': { column: 'updated_at', direction: 'desc' },
  createdAt: { column: 'created_at', direction: 'asc' },
  '-createdAt': { column: 'created_at', direction: 'desc' },
  status: { column: 'status', direction: 'asc' },
};

/** `%` and `_` typed by a recruiter are literal characters, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export type OpeningRepository = ReturnType<typeof createOpeningRepository>;

/** SQL of openings. Every query is scoped by the session's company: another company's opening does not exist here. */
/** `removeFilesWithin`: the file store's transactional removal, when it has one (postgres: files go with their records). */
export function createOpeningRepository(db: Kysely<Database>, options: { removeFilesWithin?: RemoveFilesWithin } = {}) {
  function withCounts(companyId: string) {
    return db
      .selectFrom('openings as o')
      .where('o.company_id', '=', companyId)
      .select(['o.id', 'o.title', 'o.reference_code', 'o.status', 'o.language', 'o.description', 'o.location', 'o.contract', 'o.apply_form', 'o.salary', 'o.created_at', 'o.updated_at'])
      .select([
        sql<number>`(select count(*)::int from postings p where p.company_id = o.company_id and p.opening_id = o.id)`.as('postings_count'),
        sql<number>`(select count(*)::int from applications a
          join channels c on c.company_id = a.company_id and c.id = a.channel_id
          join postings p on p.company_id = c.company_id and p.id = c.posting_id
          where a.company_id = o.company_id and p.opening_id = o.id)`.as('applications_count'),
        // Where a visitor can find it right now: the same rule as the public offers (an OPEN
        // posting of an opening that is not ARCHIVED). Text, not an array: pg and PGlite agree on it.
        sql<string | null>`(select string_agg(distinct c.kind, ',' order by c.kind) from channels c
          join postings p on p.company_id = c.company_id and p.id = c.posting_id
          where c.company_id = o.company_id and p.opening_id = o.id and p.status = 'OPEN'
            and o.status <> 'ARCHIVED' and c.kind in ('BOARD', 'SHARE', 'REFERRAL'))`.as('visible_on'),
      ]);
  }

  function filtered(companyId: string, filter: Pick<OpeningListFilter, 'search' | 'status'>) {
    let query = db.selectFrom('openings as o').where('o.company_id', '=', companyId);
    if (filter.search) {
      const pattern = likePattern(filter.search);
      query = query.where((eb) => eb.or([eb('o.title', 'ilike', pattern), eb('o.reference_code', 'ilike', pattern)]));
    }
    if (filter.status.length) query = query.where('o.status', 'in', [...filter.status]);
    return query;
  }

  return {
    find(companyId: string, id: string): Promise<OpeningRow | undefined> {
      return withCounts(companyId).where('o.id', '=', id).executeTakeFirst();
    },

    async list(companyId: string, filter: OpeningListFilter): Promise<{ rows: OpeningRow[]; total: number }> {
      const { column, direction } = SORTS[filter.sort];
      const ids = filtered(companyId, filter).select('o.id');
      let query = withCounts(companyId).where('o.id', 'in', ids);
      query = column === 'title' ? query.orderBy(sql`lower(o.title)`, direction) : query.orderBy(`o.${column}`, direction);
      const [rows, count] = await Promise.all([
        query.orderBy('o.id', direction).limit(filter.limit).offset(filter.offset).execute(),
        filtered(companyId, filter).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count.n };
    },

    async insert(companyId: string, id: string, fields: OpeningFields, now: Date): Promise<void> {
      await db
        .insertInto('openings')
        .values({ id, company_id: companyId, ...fields, status: 'DRAFT', created_at: now, updated_at: now })
        .execute();
    },

    async update(companyId: string, id: string, fields: Partial<OpeningFields>, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('openings')
        .set({ ...fields, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Moves the opening from `from` to `to` (compare-and-set: a concurrent transition loses);
     * archiving also closes its open postings, in the same transaction. Answers null when it did not
     * move, else the postings it closed (each one's close is announced like a posting's own, issue 30).
     */
    transition(companyId: string, id: string, from: OpeningStatusValue, to: OpeningStatusValue, now: Date): Promise<{ closedPostingIds: string[] } | null> {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('openings')
          .set({ status: to, updated_at: now })
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .where('status', '=', from)
          .executeTakeFirst();
        if (moved.numUpdatedRows === 0n) return null;
        if (to !== 'ARCHIVED') return { closedPostingIds: [] };
        const closed = await trx
          .updateTable('postings')
          .set({ status: 'CLOSED', updated_at: now })
          .where('company_id', '=', companyId)
          .where('opening_id', '=', id)
          .where('status', '=', 'OPEN')
          .returning('id')
          .execute();
        return { closedPostingIds: closed.map((row) => row.id) };
      });
    },

    /** When the newest application of the opening arrived (undefined without applications). */
    async newestApplicationAt(companyId: string, id: string): Promise<Date | undefined> {
      const row = await db
        .selectFrom('applications as a')
        .innerJoin('channels as c', (join) => join.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.channel_id'))
        .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
        .where('a.company_id', '=', companyId)
        .where('p.opening_id', '=', id)
        .select((eb) => eb.fn.max('a.created_at').as('newest'))
        .executeTakeFirst();
      const newest = row?.newest as Date | string | null | undefined;
      return newest ? new Date(newest) : undefined;
    },

    /**
     * Deletes an ARCHIVED opening whose applications are all older than `retainedSince`, in one
     * transaction: its postings, their contents and channels (and the referrals, share links and
     * applications on those channels) go by cascade; the CV records of those applications and the
     * candidates left without any application go too. Answers the storage keys of the deleted CV
     * records (their files go once the transaction has committed), or false when the conditions no
     * longer hold.
     */
    delete(companyId: string, id: string, retainedSince: Date): Promise<{ storageKeys: string[] } | false> {
      return db.transaction().execute(async (trx) => {
        const locked = await trx
          .selectFrom('openings')
          .select('id')
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .where('status', '=', 'ARCHIVED')
          .forUpdate()
          .executeTakeFirst();
        if (!locked) return false;
        const applications = await trx
          .selectFrom('applications as a')
          .innerJoin('channels as c', (join) => join.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.channel_id'))
          .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
          .where('a.company_id', '=', companyId)
          .where('p.opening_id', '=', id)
          .select(['a.id', 'a.candidate_id', 'a.cv_upload_id', 'a.cover_letter_upload_id', 'a.created_at'])
          .execute();
        if (applications.some((application) => new Date(application.created_at) >= retainedSince)) return false;

        // A board whose spontaneous application runs through this opening loses that link
        // rather than blocking the delete (its foreign key would refuse the cascade).
        await trx
          .updateTable('boards')
          .set({ spontaneous_channel_id: null })
          .where('company_id', '=', companyId)
          .where('spontaneous_channel_id', 'in', (eb) =>
            eb
              .selectFrom('channels as c')
              .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
              .where('c.company_id', '=', companyId)
              .where('p.opening_id', '=', id)
              .select('c.id'),
          )
          .execute();
        await trx.deleteFrom('openings').where('company_id', '=', companyId).where('id', '=', id).execute();
        const uploads = applications
          .flatMap((application) => [application.cv_upload_id, application.cover_letter_upload_id])
          .filter((upload): upload is string => upload !== null);
        const deletedUploads = uploads.length
          ? await trx.deleteFrom('uploads').where('company_id', '=', companyId).where('id', 'in', uploads).returning('storage_key').execute()
          : [];
        await options.removeFilesWithin?.(trx, deletedUploads.map((upload) => upload.storage_key));
        const candidates = [...new Set(applications.map((application) => application.candidate_id))];
        if (candidates.length) {
          const removed = await trx
            .deleteFrom('candidates')
            .where('company_id', '=', companyId)
            .where('id', 'in', candidates)
            .where(({ not, exists, selectFrom }) =>
              not(exists(selectFrom('applications as rest').select('rest.id').whereRef('rest.company_id', '=', 'candidates.company_id').whereRef('rest.candidate_id', '=', 'candidates.id'))),
            )
            .returning('id')
            .execute();
          // Queued with the deletion (outgoing webhooks, issue 30): committed together or not at all.
          for (const candidate of removed) await queueWebhookEvent(trx, companyId, 'candidate.removed', { candidateId: candidate.id }, new Date());
        }
        return { storageKeys: deletedUploads.map((upload) => upload.storage_key) };
      });
    },
  };
}
