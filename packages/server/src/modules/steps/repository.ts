import { type Kysely, sql, type Transaction } from 'kysely';
import { withdrawnSql } from '../withdrawal/withdrawn-sql';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
type Json = Record<string, unknown>;

export interface StepRow {
  id: string;
  company_id: string;
  application_id: string;
  position: number;
  product: string;
  config: Json;
  status: string;
  progress: Json;
  result: Json | null;
}

/** An application of the candidate, with what the applicant pages show about it. */
export interface CandidateApplicationRow {
  id: string;
  company_id: string;
  language: string;
  company_name: string;
  created_at: string;
  titles: Array<{ language: string; title: string }> | null;
}

/** The current application, with its company's settings: the steps show the company's theme. */
export interface CurrentApplicationRow extends CandidateApplicationRow {
  company_settings: Record<string, unknown>;
  candidate_id: string;
  /** The company's board in the application's language (else its oldest): the career site the last page links to. */
  board_id: string | null;
}

const STEP_COLUMNS = ['id', 'company_id', 'application_id', 'position', 'product', 'config', 'status', 'progress', 'result'] as const;

export type StepRepository = ReturnType<typeof createStepRepository>;

/** SQL of the step flow. Every query names the company; the applicant's own ones also the candidate's e-mail. */
export function createStepRepository(db: Kysely<Database>) {
  /** The candidate's applications in every company, through the candidate record of their e-mail. */
  function applicationsOfEmail(executor: Db, email: string) {
    return executor
      .selectFrom('applications as a')
      .innerJoin('candidates as c', (join) => join.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.candidate_id'))
      .innerJoin('companies as co', 'co.id', 'a.company_id')
      .innerJoin('channels as ch', (join) => join.onRef('ch.company_id', '=', 'a.company_id').onRef('ch.id', '=', 'a.channel_id'))
      .where('c.email', '=', email.toLowerCase())
      .select([
        'a.id',
        'a.company_id',
        'a.language',
        'co.name as company_name',
        sql<string>`to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('created_at'),
        sql<Array<{ language: string; title: string }> | null>`(select json_agg(json_build_object('language', pc.language, 'title', pc.title))
          from posting_contents pc where pc.company_id = ch.company_id and pc.posting_id = ch.posting_id)`.as('titles'),
      ]);
  }

  return {
    transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    async companyProcess(companyId: string): Promise<Json | undefined> {
      const row = await db.selectFrom('company_step_processes').select('process').where('company_id', '=', companyId).executeTakeFirst();
      return row?.process;
    },

    async saveCompanyProcess(companyId: string, process: Json): Promise<void> {
      await db
        .insertInto('company_step_processes')
        .values({ company_id: companyId, process })
        .onConflict((oc) => oc.column('company_id').doUpdateSet({ process, updated_at: new Date() }))
        .execute();
    },

    async openingProcess(companyId: string, openingId: string): Promise<Json | undefined> {
      const row = await db
        .selectFrom('opening_step_processes')
        .select('process')
        .where('company_id', '=', companyId)
        .where('opening_id', '=', openingId)
        .executeTakeFirst();
      return row?.process;
    },

    async openingExists(companyId: string, openingId: string): Promise<boolean> {
      const row = await db.selectFrom('openings').select('id').where('company_id', '=', companyId).where('id', '=', openingId).executeTakeFirst();
      return !!row;
    },

    async saveOpeningProcess(companyId: string, openingId: string, process: Json): Promise<void> {
      await db
        .insertInto('opening_step_processes')
        .values({ company_id: companyId, opening_id: openingId, process })
        .onConflict((oc) => oc.columns(['company_id', 'opening_id']).doUpdateSet({ process, updated_at: new Date() }))
        .execute();
    },

    /** The opening an application was made to (through its channel's posting). */
    async openingOfApplication(companyId: string, applicationId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('applications as a')
        .innerJoin('channels as c', (join) => join.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.channel_id'))
        .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
        .select('p.opening_id')
        .where('a.company_id', '=', companyId)
        .where('a.id', '=', applicationId)
        .executeTakeFirst();
      return row?.opening_id;
    },

    /** The opening an application came through and its submitted form (a form step takes answers the form already gave). */
    async applicationOrigin(companyId: string, applicationId: string): Promise<{ openingId: string; form: Record<string, unknown> } | undefined> {
      const row = await db
        .selectFrom('applications as a')
        .innerJoin('channels as c', (join) => join.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.channel_id'))
        .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
        .select(['p.opening_id', 'a.form'])
        .where('a.company_id', '=', companyId)
        .where('a.id', '=', applicationId)
        .executeTakeFirst();
      return row ? { openingId: row.opening_id, form: row.form } : undefined;
    },

    /** Creates the steps unless the application has them already (a retried submission, a second call). */
    async insertSteps(companyId: string, applicationId: string, steps: Array<{ id: string; product: string; config: Json; progress?: Json }>): Promise<void> {
      if (steps.length === 0) return;
      await db
        .insertInto('application_steps')
        .values(
          steps.map((step, position) => ({ id: step.id, company_id: companyId, application_id: applicationId, position, product: step.product, config: step.config, ...(step.progress ? { progress: step.progress } : {}) })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** Whether the candidate withdrew the application (its steps stopped). */
    async isWithdrawn(companyId: string, applicationId: string): Promise<boolean> {
      const row = await db
        .selectFrom('applications as a')
        .select(sql<boolean>`${withdrawnSql('a.id')}`.as('withdrawn'))
        .where('a.company_id', '=', companyId)
        .where('a.id', '=', applicationId)
        .executeTakeFirst();
      return row?.withdrawn === true;
    },

    async listSteps(companyId: string, applicationId: string): Promise<StepRow[]> {
      return db
        .selectFrom('application_steps')
        .select(STEP_COLUMNS)
        .where('company_id', '=', companyId)
        .where('application_id', '=', applicationId)
        .orderBy('position')
        .execute();
    },

    async findStep(companyId: string, applicationId: string, stepId: string): Promise<StepRow | undefined> {
      return db
        .selectFrom('application_steps')
        .select(STEP_COLUMNS)
        .where('company_id', '=', companyId)
        .where('application_id', '=', applicationId)
        .where('id', '=', stepId)
        .executeTakeFirst();
    },

    /**
     * Moves the step from `from` to `to` only if it still has `from` (two tabs cannot both
     * finish it); answers whether it moved.
     */
    async moveStep(
      companyId: string,
      stepId: string,
      from: string,
      to: string,
      patch: { progress?: Json; result?: Json | null; started?: boolean; finished?: boolean } = {},
    ): Promise<boolean> {
      const now = new Date();
      const moved = await db
        .updateTable('application_steps')
        .set({
          status: to,
          updated_at: now,
          ...(patch.progress ? { progress: patch.progress } : {}),
          ...(patch.result !== undefined ? { result: patch.result } : {}),
          ...(patch.started ? { started_at: now } : {}),
          ...(patch.finished ? { finished_at: now } : {}),
        })
        .where('company_id', '=', companyId)
        .where('id', '=', stepId)
        .where('status', '=', from)
        .returning('id')
        .executeTakeFirst();
      return !!moved;
    },

    async saveProgress(companyId: string, stepId: string, progress: Json): Promise<void> {
      await db.updateTable('application_steps').set({ progress, updated_at: new Date() }).where('company_id', '=', companyId).where('id', '=', stepId).execute();
    },

    async applicationsOfEmail(email: string): Promise<CandidateApplicationRow[]> {
      return applicationsOfEmail(db, email).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').execute();
    },

    async applicationOfEmail(email: string, applicationId: string): Promise<CandidateApplicationRow | undefined> {
      return applicationsOfEmail(db, email).where('a.id', '=', applicationId).executeTakeFirst();
    },

    async applicationById(companyId: string, applicationId: string): Promise<CurrentApplicationRow | undefined> {
      return db
        .selectFrom('applications as a')
        .innerJoin('companies as co', 'co.id', 'a.company_id')
        .innerJoin('channels as ch', (join) => join.onRef('ch.company_id', '=', 'a.company_id').onRef('ch.id', '=', 'a.channel_id'))
        .where('a.company_id', '=', companyId)
        .where('a.id', '=', applicationId)
        .select([
          'a.id',
          'a.company_id',
          'a.language',
          'co.name as company_name',
          'co.settings as company_settings',
          'a.candidate_id',
          sql<string | null>`(select b.id from boards b where b.company_id = a.company_id order by (b.language = a.language) desc, b.created_at, b.id limit 1)`.as('board_id'),
          sql<string>`to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('created_at'),
          sql<Array<{ language: string; title: string }> | null>`(select json_agg(json_build_object('language', pc.language, 'title', pc.title))
            from posting_contents pc where pc.company_id = ch.company_id and pc.posting_id = ch.posting_id)`.as('titles'),
        ])
        .executeTakeFirst();
    },

    async currentApplication(accountId: string): Promise<{ company_id: string; application_id: string } | undefined> {
      return db.selectFrom('applicant_current_applications').select(['company_id', 'application_id']).where('account_id', '=', accountId).executeTakeFirst();
    },

    async setCurrentApplication(accountId: string, companyId: string, applicationId: string): Promise<void> {
      await db
        .insertInto('applicant_current_applications')
        .values({ account_id: accountId, company_id: companyId, application_id: applicationId })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ company_id: companyId, application_id: applicationId }))
        .execute();
    },

    async insertAccessToken(row: { token_hash: string; company_id: string; application_id: string; expires_at: Date }): Promise<void> {
      await db.insertInto('step_access_tokens').values(row).execute();
    },

    async findAccessToken(tokenHash: string, now: Date): Promise<{ company_id: string; application_id: string } | undefined> {
      return db
        .selectFrom('step_access_tokens')
        .select(['company_id', 'application_id'])
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    async deleteExpiredTokens(now: Date): Promise<void> {
      await db.deleteFrom('step_access_tokens').where('expires_at', '<=', now).execute();
    },
  };
}

export interface InterviewAnswerRow {
  question_id: string;
  attempt: number;
  storage_key: string;
  received: number;
  content_type: string | null;
  finished: boolean;
}

export type InterviewRepository = ReturnType<typeof createInterviewRepository>;

/** The recorded answers of interview steps, scoped by company and step. */
export function createInterviewRepository(db: Kysely<Database>) {
  const columns = ['question_id', 'attempt', 'storage_key', 'received', 'content_type', sql<boolean>`finished_at is not null`.as('finished')] as const;
  return {
    async attempts(companyId: string, stepId: string, questionId: string): Promise<InterviewAnswerRow[]> {
      return db
        .selectFrom('interview_answers')
        .select(columns)
        .where('company_id', '=', companyId)
        .where('step_id', '=', stepId)
        .where('question_id', '=', questionId)
        .orderBy('attempt')
        .execute();
    },
    /** A new attempt unless that number exists (two tabs): answers whether it was created. */
    async insertAttempt(row: { company_id: string; step_id: string; question_id: string; attempt: number; storage_key: string }): Promise<boolean> {
      const inserted = await db.insertInto('interview_answers').values(row).onConflict((oc) => oc.doNothing()).returning('attempt').executeTakeFirst();
      return !!inserted;
    },
    async setReceived(companyId: string, stepId: string, questionId: string, attempt: number, received: number): Promise<void> {
      await db
        .updateTable('interview_answers')
        .set({ received })
        .where('company_id', '=', companyId)
        .where('step_id', '=', stepId)
        .where('question_id', '=', questionId)
        .where('attempt', '=', attempt)
        .execute();
    },
    async finish(companyId: string, stepId: string, questionId: string, attempt: number, contentType: string): Promise<void> {
      await db
        .updateTable('interview_answers')
        .set({ content_type: contentType, finished_at: new Date() })
        .where('company_id', '=', companyId)
        .where('step_id', '=', stepId)
        .where('question_id', '=', questionId)
        .where('attempt', '=', attempt)
        .execute();
    },
  };
}
