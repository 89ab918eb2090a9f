import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { withdrawnSql } from './withdrawn-sql';

export interface WithdrawalRow {
  opening_id: string;
  candidate_id: string;
  company_settings: Record<string, unknown>;
  /** Null: no stage event yet (the company's first stage). */
  current_stage: string | null;
  current_since: Date | null;
  withdrawn: boolean;
}

export type WithdrawalRepository = ReturnType<typeof createWithdrawalRepository>;

/** SQL of a candidate's withdrawal: where the application stands, scoped by its company. */
export function createWithdrawalRepository(db: Kysely<Database>) {
  return {
    async application(companyId: string, applicationId: string): Promise<WithdrawalRow | undefined> {
      return db
        .selectFrom('applications as a')
        .innerJoin('companies as co', 'co.id', 'a.company_id')
        .innerJoin('channels as ch', (join) => join.onRef('ch.company_id', '=', 'a.company_id').onRef('ch.id', '=', 'a.channel_id'))
        .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'ch.company_id').onRef('p.id', '=', 'ch.posting_id'))
        .leftJoin('application_pipeline as ap', (join) => join.onRef('ap.application_id', '=', 'a.id').onRef('ap.company_id', '=', 'a.company_id'))
        .where('a.company_id', '=', companyId)
        .where('a.id', '=', applicationId)
        .where('a.anonymised_at', 'is', null)
        .select(['p.opening_id', 'a.candidate_id', 'co.settings as company_settings', 'ap.current_stage', 'ap.current_since', sql<boolean>`${withdrawnSql('a.id')}`.as('withdrawn')])
        .executeTakeFirst() as Promise<WithdrawalRow | undefined>;
    },
  };
}
