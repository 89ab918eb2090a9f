import type { TalentPool, TalentPoolMember } from '@rec/core';
import { type Kysely, sql } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';

export type TalentPoolRepository = ReturnType<typeof createTalentPoolRepository>;

/** Postgres' unique violation: a pool of that name exists (the index ignores case). */

/** Talent pools and their members; every query scoped by the company. */
export function createTalentPoolRepository(db: Kysely<Database>) {
  const poolColumns = [
    'p.id',
    'p.name',
    'p.created_at',
    sql<number>`(select count(*)::int from talent_pool_candidates m inner join candidates c on c.company_id = m.company_id and c.id = m.candidate_id where m.company_id = p.company_id and m.pool_id = p.id and c.anonymised_at is null)`.as('candidate_count'),
  ] as const;
  const toPool = (row: { id: string; name: string; created_at: Date; candidate_count: number }): TalentPool => ({
    _id: row.id,
    name: row.name,
    candidateCount: Number(row.candidate_count),
    createdAt: new Date(row.created_at).toISOString(),
  });

  return {
    async list(companyId: string): Promise<TalentPool[]> {
      const rows = await db.selectFrom('talent_pools as p').select(poolColumns).where('p.company_id', '=', companyId).orderBy(sql`lower(p.name)`).execute();
      return rows.map(toPool);
    },

    async find(companyId: string, id: string): Promise<TalentPool | undefined> {
      const row = await db.selectFrom('talent_pools as p').select(poolColumns).where('p.company_id', '=', companyId).where('p.id', '=', id).executeTakeFirst();
      return row && toPool(row);
    },

    /** Undefined when the name is taken. */
    async create(companyId: string, name: string, now: Date): Promise<string | undefined> {
      const id = newId(now);
      try {
        await db.insertInto('talent_pools').values({ id, company_id: companyId, name, created_at: now }).execute();
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
      return id;
    },

    /** 'taken' when another pool has the name; false when there is no such pool. */
    async rename(companyId: string, id: string, name: string): Promise<boolean | 'taken'> {
      try {
        const done = await db.updateTable('talent_pools').set({ name }).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
        return Number(done.numUpdatedRows) > 0;
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    async remove(companyId: string, id: string): Promise<boolean> {
      const done = await db.deleteFrom('talent_pools').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return Number(done.numDeletedRows) > 0;
    },

    /** Whether the company has this candidate (not removed): another company's candidate does not exist. */
    async hasCandidate(companyId: string, candidateId: string): Promise<boolean> {
      const row = await db.selectFrom('candidates').select('id').where('company_id', '=', companyId).where('id', '=', candidateId).where('anonymised_at', 'is', null).executeTakeFirst();
      return !!row;
    },

    /** Idempotent: adding a member twice keeps the first date. */
    async addMember(companyId: string, poolId: string, candidateId: string, now: Date): Promise<void> {
      await db
        .insertInto('talent_pool_candidates')
        .values({ company_id: companyId, pool_id: poolId, candidate_id: candidateId, added_at: now })
        .onConflict((oc) => oc.columns(['pool_id', 'candidate_id']).doNothing())
        .execute();
    },

    async removeMember(companyId: string, poolId: string, candidateId: string): Promise<boolean> {
      const done = await db
        .deleteFrom('talent_pool_candidates')
        .where('company_id', '=', companyId)
        .where('pool_id', '=', poolId)
        .where('candidate_id', '=', candidateId)
        .executeTakeFirst();
      return Number(done.numDeletedRows) > 0;
    },

    async members(companyId: string, poolId: string): Promise<TalentPoolMember[]> {
      const rows = await db
        .selectFrom('talent_pool_candidates as m')
        .innerJoin('candidates as c', (join) => join.onRef('c.company_id', '=', 'm.company_id').onRef('c.id', '=', 'm.candidate_id'))
        .select([
          'c.id',
          'c.email',
          'c.data',
          'm.added_at',
          sql<string | null>`(select p.opening_id from applications a inner join channels ch on ch.company_id = a.company_id and ch.id = a.channel_id inner join postings p on p.company_id = ch.company_id and p.id = ch.posting_id where a.company_id = c.company_id and a.candidate_id = c.id order by a.created_at desc limit 1)`.as('opening_id'),
        ])
        .where('m.company_id', '=', companyId)
        .where('m.pool_id', '=', poolId)
        .where('c.anonymised_at', 'is', null)
        .orderBy('m.added_at', 'desc')
        .execute();
      return rows.map((row) => {
        const personal = ((row.data as { personal?: unknown } | null)?.personal ?? {}) as { name?: { first?: string; last?: string } };
        return {
          _id: row.id,
          fullName: `${personal.name?.first ?? ''} ${personal.name?.last ?? ''}`.trim() || row.email,
          email: row.email,
          addedAt: new Date(row.added_at).toISOString(),
          openingId: row.opening_id,
        };
      });
    },

    async poolsOf(companyId: string, candidateId: string): Promise<string[]> {
      const rows = await db.selectFrom('talent_pool_candidates').select('pool_id').where('company_id', '=', companyId).where('candidate_id', '=', candidateId).execute();
      return rows.map((row) => row.pool_id);
    },
  };
}
