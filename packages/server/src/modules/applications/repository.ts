import { companySettingsOf, type PrivacyNotice } from '@rec/core';
import type { ApplicationSource } from '@rec/core/application-source';
import { type Kysely, sql, type Transaction } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { candidateTitles } from './candidate-title';

export interface NewApplication {
  id: string;
  companyId: string;
  channelId: string;
  candidateId: string;
  cvUploadId: string | null;
  coverLetterUploadId: string | null;
  submissionId: string;
  submissionFingerprint: string;
  language: string;
  referralCode: string | null;
  /** The campaign and referring page the visitor came by, as validated (issue 30). */
  source: ApplicationSource;
  form: Record<string, unknown>;
  consentGivenAt: Date;
  /** The privacy notice the form showed: its exact text, language and version. */
  consent: PrivacyNotice;
}

type Db = Kysely<Database> | Transaction<Database>;

/** SQL of applications; every query is scoped by the company (the offer's, never the client's). */
export function applicationQueries(db: Db) {
  return {
    /** The application of a submission key on this offer (keys are scoped to the channel applied through). */
    async findBySubmission(companyId: string, channelId: string, submissionId: string) {
      return db
        .selectFrom('applications')
        .select(['id', 'candidate_id as candidateId', 'channel_id as channelId', 'submission_fingerprint as fingerprint'])
        .where('company_id', '=', companyId)
        .where('channel_id', '=', channelId)
        .where('submission_id', '=', submissionId)
        .executeTakeFirst();
    },

    /** The upload when it is this company's and no other application holds it yet. */
    async findFreeUpload(companyId: string, uploadId: string) {
      return db
        .selectFrom('uploads as u')
        .leftJoin('applications as a', (join) => join.on((eb) => eb.or([eb('a.cv_upload_id', '=', eb.ref('u.id')), eb('a.cover_letter_upload_id', '=', eb.ref('u.id'))])))
        .select(['u.id', 'u.original_name as originalName', 'a.id as applicationId'])
        .where('u.company_id', '=', companyId)
        .where('u.id', '=', uploadId)
        .executeTakeFirst();
    },

    async referralExists(companyId: string, code: string): Promise<boolean> {
      const row = await db.selectFrom('referrals').select('code').where('company_id', '=', companyId).where('code', '=', code).executeTakeFirst();
      return !!row;
    },

    /**
     * The candidate with that e-mail in this company, created from `data` when there is none. An
     * existing candidate is never changed by an application (anyone may type any e-mail): what each
     * application said stays on the application (its form); the candidate changes their own data
     * signed in, in the candidate portal (issue 24, M1).
     */
    async findOrCreateCandidate(companyId: string, id: string, email: string, data: Record<string, unknown>): Promise<{ id: string; data: Record<string, unknown> }> {
      const created = await db
        .insertInto('candidates')
        .values({ id, company_id: companyId, email, data })
        .onConflict((oc) => oc.columns(['company_id', 'email']).doNothing())
        .returning(['id', 'data'])
        .executeTakeFirst();
      return created ?? (await db.selectFrom('candidates').select(['id', 'data']).where('company_id', '=', companyId).where('email', '=', email).executeTakeFirstOrThrow());
    },

    /** The first stage of the company's pipeline (its settings), entered now by the system (no actor). */
    async enterFirstStage(companyId: string, applicationId: string): Promise<void> {
      const company = await db.selectFrom('companies').select('settings').where('id', '=', companyId).executeTakeFirst();
      const first = companySettingsOf(company?.settings as Record<string, unknown> | undefined).stages[0]?.id ?? 'NEW';
      await db.insertInto('application_stage_events').values({ id: newId(), company_id: companyId, application_id: applicationId, stage: first, entered_at: sql`now()` }).execute();
    },

    /** The job title the candidate of this application reads (its confirmation mail). */
    async candidateTitle(companyId: string, applicationId: string): Promise<string | undefined> {
      return (await candidateTitles(db, companyId, [applicationId])).get(applicationId);
    },

    /** The opening an application through this channel belongs to. */
    async openingOfChannel(companyId: string, channelId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('channels as c')
        .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
        .select('p.opening_id')
        .where('c.company_id', '=', companyId)
        .where('c.id', '=', channelId)
        .executeTakeFirst();
      return row?.opening_id;
    },

    /** Inserts unless the submission id exists (a concurrent retry); answers the new id or undefined. */
    async insertApplication(application: NewApplication): Promise<string | undefined> {
      const row = await db
        .insertInto('applications')
        .values({
          id: application.id,
          company_id: application.companyId,
          channel_id: application.channelId,
          candidate_id: application.candidateId,
          cv_upload_id: application.cvUploadId,
          cover_letter_upload_id: application.coverLetterUploadId,
          submission_id: application.submissionId,
          submission_fingerprint: application.submissionFingerprint,
          language: application.language,
          referral_code: application.referralCode,
          utm_source: application.source.utmSource ?? null,
          utm_medium: application.source.utmMedium ?? null,
          utm_campaign: application.source.utmCampaign ?? null,
          referrer: application.source.referrer ?? null,
          form: application.form,
          consent_given_at: application.consentGivenAt,
          consent_text: application.consent.text,
          consent_language: application.consent.language,
          consent_version: application.consent.version,
        })
        .onConflict((oc) => oc.columns(['company_id', 'channel_id', 'submission_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
  };
}

export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;

export function createApplicationRepository(db: Kysely<Database>) {
  return {
    /** Runs `fn` in one transaction: the candidate, the application and the CV link land together or not at all. */
    transaction<T>(fn: (queries: ReturnType<typeof applicationQueries>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => fn(applicationQueries(trx)));
    },
    ...applicationQueries(db),
  };
}
