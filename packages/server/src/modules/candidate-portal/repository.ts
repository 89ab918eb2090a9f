import { candidateTitleOf } from '../applications/candidate-title';
import { type Kysely, sql } from 'kysely';
import type { Insertable } from 'kysely';
import { withdrawnSql } from '../withdrawal/withdrawn-sql';
import type { CandidateRequestsTable, Database } from '../../db/schema';

export type PortalRepository = ReturnType<typeof createPortalRepository>;

/** A candidate row with its company, as the portal needs it. */
export interface CandidateRow {
  id: string;
  company_id: string;
  email: string;
  data: Record<string, unknown>;
  consent_expires_at: Date | null;
  consent_reminded_at: Date | null;
  company_name: string;
  company_slug: string;
  company_settings: Record<string, unknown>;
  /** The latest consent the candidate gave with an application (null without any). */
  last_consent_at: Date | null;
  /** The language of the latest application: the one the candidate's mails speak. */
  language: string | null;
}

export interface PortalApplicationRow {
  id: string;
  created_at: Date;
  language: string;
  form: Record<string, unknown>;
  consent_given_at: Date;
  consent_text: string;
  consent_language: string | null;
  consent_version: string | null;
  cv_upload_id: string | null;
  cover_letter_upload_id: string | null;
  /** The posting's title in the application's language (candidateTitleOf), never the opening's internal one. */
  job_title: string;
  current_stage: string | null;
  steps_total: number;
  steps_open: number;
  withdrawn: boolean;
}

/** SQL of the candidate portal: every query names the company, like every other module. */
export function createPortalRepository(db: Kysely<Database>) {
  const candidates = (executor: Kysely<Database> = db) =>
    executor
      .selectFrom('candidates as c')
      .innerJoin('companies as co', 'co.id', 'c.company_id')
      .where('c.anonymised_at', 'is', null)
      .select([
        'c.id',
        'c.company_id',
        'c.email',
        'c.data',
        'c.consent_expires_at',
        'c.consent_reminded_at',
        'co.name as company_name',
        'co.slug as company_slug',
        'co.settings as company_settings',
        sql<Date | null>`(select max(a.consent_given_at) from applications a where a.company_id = c.company_id and a.candidate_id = c.id and a.anonymised_at is null)`.as(
          'last_consent_at',
        ),
        sql<string | null>`(select a.language from applications a where a.company_id = c.company_id and a.candidate_id = c.id order by a.created_at desc limit 1)`.as('language'),
      ]);

  return {
    db,

    /** The candidate record `id` when it belongs to the signed-in applicant's e-mail (else undefined: 404). */
    async candidateOfEmail(email: string, id: string): Promise<CandidateRow | undefined> {
      return candidates().where('c.id', '=', id).where('c.email', '=', email.toLowerCase()).executeTakeFirst();
    },

    async candidateInCompany(companyId: string, id: string): Promise<CandidateRow | undefined> {
      return candidates().where('c.id', '=', id).where('c.company_id', '=', companyId).executeTakeFirst();
    },

    /** Every live record of an e-mail, one per company: the applicant's candidatures. */
    async candidaturesOfEmail(email: string) {
      return db
        .selectFrom('candidates as c')
        .innerJoin('companies as co', 'co.id', 'c.company_id')
        .where('c.email', '=', email.toLowerCase())
        .where('c.anonymised_at', 'is', null)
        .select([
          'c.id',
          'co.name as company_name',
          sql<number>`(select count(*)::int from applications a where a.company_id = c.company_id and a.candidate_id = c.id and a.anonymised_at is null)`.as('applications'),
        ])
        .orderBy('co.name')
        .execute();
    },

    async applicationsOf(companyId: string, candidateId: string): Promise<PortalApplicationRow[]> {
      return db
        .selectFrom('applications as a')
        .innerJoin('channels as ch', (join) => join.onRef('ch.company_id', '=', 'a.company_id').onRef('ch.id', '=', 'a.channel_id'))
        .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'ch.company_id').onRef('p.id', '=', 'ch.posting_id'))
        .innerJoin('openings as o', (join) => join.onRef('o.company_id', '=', 'p.company_id').onRef('o.id', '=', 'p.opening_id'))
        .leftJoin('application_pipeline as ap', 'ap.application_id', 'a.id')
        .where('a.company_id', '=', companyId)
        .where('a.candidate_id', '=', candidateId)
        .where('a.anonymised_at', 'is', null)
        .select([
          'a.id',
          'a.created_at',
          'a.language',
          'a.form',
          'a.consent_given_at',
          'a.consent_text',
          'a.consent_language',
          'a.consent_version',
          'a.cv_upload_id',
          'a.cover_letter_upload_id',
          candidateTitleOf('a').as('job_title'),
          'ap.current_stage',
          // A step skipped for having nothing to ask (issue 25) is no progress the candidate made.
          sql<number>`(select count(*)::int from application_steps s where s.company_id = a.company_id and s.application_id = a.id and not (s.progress ? 'skipped'))`.as('steps_total'),
          sql<number>`(select count(*)::int from application_steps s where s.company_id = a.company_id and s.application_id = a.id and s.status <> 'DONE')`.as('steps_open'),
          sql<boolean>`${withdrawnSql('a.id')}`.as('withdrawn'),
        ])
        .orderBy('a.created_at', 'desc')
        .execute();
    },

    async uploadsOf(companyId: string, ids: readonly string[]) {
      if (!ids.length) return [];
      return db.selectFrom('uploads').select(['id', 'storage_key', 'original_name', 'content_type']).where('company_id', '=', companyId).where('id', 'in', [...ids]).execute();
    },

    async stepsOf(companyId: string, applicationIds: readonly string[]) {
      if (!applicationIds.length) return [];
      return db
        .selectFrom('application_steps')
        .select(['application_id', 'position', 'product', 'status', 'progress', 'result', 'started_at', 'finished_at'])
        .where('company_id', '=', companyId)
        .where('application_id', 'in', [...applicationIds])
        .orderBy('application_id')
        .orderBy('position')
        .execute();
    },

    async setPersonal(companyId: string, candidateId: string, data: Record<string, unknown>, forms: Array<{ id: string; form: Record<string, unknown> }>, now: Date) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('candidates').set({ data, updated_at: now }).where('company_id', '=', companyId).where('id', '=', candidateId).execute();
        for (const { id, form } of forms) {
          await trx.updateTable('applications').set({ form }).where('company_id', '=', companyId).where('id', '=', id).execute();
        }
      });
    },

    async setConsentExpiry(companyId: string, candidateId: string, expiresAt: Date, now: Date) {
      await db
        .updateTable('candidates')
        .set({ consent_expires_at: expiresAt, consent_reminded_at: null, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', candidateId)
        .execute();
    },

    async openRequestsOf(companyId: string, candidateId: string) {
      return db
        .selectFrom('candidate_requests as r')
        .innerJoin('applications as a', (join) => join.onRef('a.company_id', '=', 'r.company_id').onRef('a.id', '=', 'r.application_id'))
        .innerJoin('channels as ch', (join) => join.onRef('ch.company_id', '=', 'a.company_id').onRef('ch.id', '=', 'a.channel_id'))
        .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'ch.company_id').onRef('p.id', '=', 'ch.posting_id'))
        .innerJoin('openings as o', (join) => join.onRef('o.company_id', '=', 'p.company_id').onRef('o.id', '=', 'p.opening_id'))
        .where('r.company_id', '=', companyId)
        .where('r.candidate_id', '=', candidateId)
        .where('r.done_at', 'is', null)
        // A step request is answered once the application has no step left; an appointment request once a slot is booked after it.
        .where((eb) =>
          eb.or([
            eb('r.kind', '=', 'document'),
            eb.and([eb('r.kind', '=', 'step'), sql<boolean>`exists (select 1 from application_steps s where s.company_id = r.company_id and s.application_id = r.application_id and s.status <> 'DONE')`]),
            eb.and([
              eb('r.kind', '=', 'appointment'),
              sql<boolean>`not exists (select 1 from appointments ap where ap.company_id = r.company_id and ap.application_id = r.application_id and ap.status = 'BOOKED' and ap.updated_at >= r.created_at)`,
            ]),
          ]),
        )
        .select(['r.id', 'r.kind', 'r.message', 'r.application_id', 'r.created_at', candidateTitleOf('a').as('job_title')])
        .orderBy('r.created_at', 'desc')
        .execute();
    },

    async insertRequest(row: Insertable<CandidateRequestsTable>) {
      await db.insertInto('candidate_requests').values(row).execute();
    },

    /** Consumes a request's sign-in token: the request, if the token is live and the request open. */
    async useRequestToken(candidateId: string, requestId: string, hash: string, replacementHash: string, now: Date) {
      return db
        .updateTable('candidate_requests')
        // A used token is replaced by the hash of a token nobody holds: single use, the column stays unique.
        .set({ token_hash: replacementHash, token_expires_at: now })
        .where('id', '=', requestId)
        .where('candidate_id', '=', candidateId)
        .where('token_hash', '=', hash)
        .where('token_expires_at', '>', now)
        .where('done_at', 'is', null)
        .returning(['company_id', 'application_id'])
        .executeTakeFirst();
    },

    async insertRemovalToken(row: { token_hash: string; company_id: string; candidate_id: string; created_at: Date; expires_at: Date }) {
      await db.insertInto('data_removal_tokens').values(row).execute();
    },

    /** Marks a removal token used (atomically: two clicks remove once) and answers whose it was. */
    async useRemovalToken(hash: string, now: Date) {
      return db
        .updateTable('data_removal_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['company_id', 'candidate_id'])
        .executeTakeFirst();
    },

    async appointmentsOf(companyId: string, candidateId: string) {
      return db
        .selectFrom('appointments')
        .select(['id', 'application_id', 'status', 'duration_minutes', 'location', 'video_url', 'slots', 'chosen_start', 'time_zone', 'created_at'])
        .where('company_id', '=', companyId)
        .where('candidate_id', '=', candidateId)
        .orderBy('created_at', 'desc')
        .execute();
    },
  };
}
