import { type Kysely, sql } from 'kysely';
import { newId } from '../../db/ids';
import { withdrawnSql } from '../withdrawal/withdrawn-sql';
import type { Database } from '../../db/schema';
import type { ApplicantRow } from '../applicants/repository';

/** The candidate's application to the opening, with what only the candidate page shows. */
export interface ReviewRow extends ApplicantRow {
  opening_title: string;
  consent_text: string;
  current_stage: string | null;
  /** The candidate withdrew this application themselves. */
  withdrawn: boolean;
  referrer_name: string | null;
  cv_content_type: string | null;
  cover_letter_name: string | null;
  cover_letter_content_type: string | null;
}

export interface StepRowView {
  id: string;
  product: string;
  config: Record<string, unknown>;
  status: string;
  progress: Record<string, unknown>;
  result: Record<string, unknown> | null;
  finished_at: Date | null;
}

export interface NoteRow {
  id: string;
  text: string;
  author_id: string;
  mentions: string[];
  created_at: Date;
}

export interface StageEventRow {
  stage: string;
  entered_at: Date;
  /** Who moved the candidate (null: the system, a new application). */
  actor_id: string | null;
  /** A rejection's reason code. */
  reason: string | null;
}

export interface MailRow {
  kind: string;
  sent_at: Date;
  actor_id: string | null;
}

export type CandidateReviewRepository = ReturnType<typeof createCandidateReviewRepository>;

/** SQL of the candidate page. Every query names the company; the opening is reached through its postings' channels. */
export function createCandidateReviewRepository(db: Kysely<Database>) {
  /** Applications of the opening (any posting, any channel) inside one company. */
  function applicationsOfOpening(companyId: string, openingId: string) {
    return db
      .selectFrom('applications as a')
      .innerJoin('channels as c', (join) => join.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.channel_id'))
      .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
      .where('a.company_id', '=', companyId)
      .where('p.opening_id', '=', openingId);
  }

  return {
    /** The candidate's newest application to the opening, or undefined (another company's, another opening's, none). */
    async application(companyId: string, openingId: string, candidateId: string): Promise<ReviewRow | undefined> {
      const row = await applicationsOfOpening(companyId, openingId)
        .innerJoin('openings as o', (join) => join.onRef('o.company_id', '=', 'p.company_id').onRef('o.id', '=', 'p.opening_id'))
        .leftJoin('uploads as u', (join) => join.onRef('u.company_id', '=', 'a.company_id').onRef('u.id', '=', 'a.cv_upload_id'))
        .leftJoin('uploads as l', (join) => join.onRef('l.company_id', '=', 'a.company_id').onRef('l.id', '=', 'a.cover_letter_upload_id'))
        .leftJoin('application_pipeline as ap', (join) => join.onRef('ap.company_id', '=', 'a.company_id').onRef('ap.application_id', '=', 'a.id'))
        .leftJoin('referrals as r', (join) => join.onRef('r.company_id', '=', 'a.company_id').onRef('r.code', '=', 'a.referral_code'))
        .where('a.candidate_id', '=', candidateId)
        .select([
          'a.id',
          'a.candidate_id',
          'a.channel_id',
          'c.kind as channel_kind',
          'a.language',
          'a.referral_code',
          'a.utm_source',
          'a.utm_medium',
          'a.utm_campaign',
          'a.referrer',
          'a.form',
          'a.consent_given_at',
          'a.consent_text',
          'a.created_at',
          sql<string | null>`coalesce(u.original_name, a.form->'cv'->>'name')`.as('cv_name'),
          'u.id as cv_upload_id',
          'u.content_type as cv_content_type',
          'a.cover_letter_upload_id',
          'l.original_name as cover_letter_name',
          'l.content_type as cover_letter_content_type',
          sql<string>`a.created_at::text`.as('cursor_at'),
          'o.title as opening_title',
          'ap.current_stage',
          sql<boolean>`${withdrawnSql('a.id')}`.as('withdrawn'),
          'r.referrer_name',
        ])
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row as ReviewRow | undefined;
    },

    /**
     * The candidates before and after this application in the pipeline table's default order
     * (newest application first), over the opening's applications.
     */
    async neighbours(companyId: string, openingId: string, applicationId: string): Promise<{ previous: string | null; next: string | null }> {
      const ordered = applicationsOfOpening(companyId, openingId).select([
        'a.id',
        sql<string | null>`lag(a.candidate_id) over (order by a.created_at desc, a.id desc)`.as('previous'),
        sql<string | null>`lead(a.candidate_id) over (order by a.created_at desc, a.id desc)`.as('next'),
      ]);
      const row = await db.selectFrom(ordered.as('o')).select(['o.previous', 'o.next']).where('o.id', '=', applicationId).executeTakeFirst();
      return { previous: row?.previous ?? null, next: row?.next ?? null };
    },

    async steps(companyId: string, applicationId: string): Promise<StepRowView[]> {
      return db
        .selectFrom('application_steps')
        .select(['id', 'product', 'config', 'status', 'progress', 'result', 'finished_at'])
        .where('company_id', '=', companyId)
        .where('application_id', '=', applicationId)
        .orderBy('position')
        .execute();
    },

    /** The kept, finished answers of the application's interview steps. */
    async interviewAnswers(companyId: string, applicationId: string): Promise<Array<{ step_id: string; question_id: string; attempt: number; content_type: string | null }>> {
      return db
        .selectFrom('interview_answers as i')
        .innerJoin('application_steps as s', (join) => join.onRef('s.company_id', '=', 'i.company_id').onRef('s.id', '=', 'i.step_id'))
        .select(['i.step_id', 'i.question_id', 'i.attempt', 'i.content_type'])
        .where('i.company_id', '=', companyId)
        .where('s.application_id', '=', applicationId)
        .where('i.finished_at', 'is not', null)
        .execute();
    },

    /** One finished answer of a step of this application: its storage key and type. */
    async interviewAnswer(companyId: string, applicationId: string, stepId: string, questionId: string, attempt: number) {
      return db
        .selectFrom('interview_answers as i')
        .innerJoin('application_steps as s', (join) => join.onRef('s.company_id', '=', 'i.company_id').onRef('s.id', '=', 'i.step_id'))
        .select(['i.storage_key', 'i.content_type'])
        .where('i.company_id', '=', companyId)
        .where('s.application_id', '=', applicationId)
        .where('i.step_id', '=', stepId)
        .where('i.question_id', '=', questionId)
        .where('i.attempt', '=', attempt)
        .where('i.finished_at', 'is not', null)
        .executeTakeFirst();
    },

    async upload(companyId: string, uploadId: string) {
      return db.selectFrom('uploads').select(['storage_key', 'content_type', 'original_name']).where('company_id', '=', companyId).where('id', '=', uploadId).executeTakeFirst();
    },

    async stageEvents(companyId: string, applicationId: string): Promise<StageEventRow[]> {
      return db
        .selectFrom('application_stage_events')
        .select(['stage', 'entered_at', 'actor_id', 'reason'])
        .where('company_id', '=', companyId)
        .where('application_id', '=', applicationId)
        .orderBy('entered_at')
        .execute();
    },

    /** The mails sent to the candidate about the application (subject only is stored; the timeline shows the kind). */
    async mails(companyId: string, applicationId: string): Promise<MailRow[]> {
      return db
        .selectFrom('application_mails')
        .select(['kind', 'sent_at', 'actor_id'])
        .where('company_id', '=', companyId)
        .where('application_id', '=', applicationId)
        .orderBy('sent_at')
        .execute();
    },

    async notes(companyId: string, applicationId: string): Promise<NoteRow[]> {
      return db
        .selectFrom('candidate_notes')
        .select(['id', 'text', 'author_id', 'mentions', 'created_at'])
        .where('company_id', '=', companyId)
        .where('application_id', '=', applicationId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async insertNote(note: { companyId: string; candidateId: string; applicationId: string; authorId: string; text: string; mentions: string[] }): Promise<NoteRow> {
      return db
        .insertInto('candidate_notes')
        .values({
          id: newId(),
          company_id: note.companyId,
          candidate_id: note.candidateId,
          application_id: note.applicationId,
          author_id: note.authorId,
          text: note.text,
          // A JSON text: the pg driver would send a JS array as a PostgreSQL array, not JSON.
          mentions: JSON.stringify(note.mentions),
        })
        .returning(['id', 'text', 'author_id', 'mentions', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    /** The company's recruiters (every company role), with the language their mails are written in. */
    async recruiters(companyId: string): Promise<Array<{ id: string; email: string; first_name: string | null; last_name: string | null; language: string | null; company_role: string | null }>> {
      return db
        .selectFrom('accounts')
        .select(['id', 'email', 'first_name', 'last_name', 'company_role', sql<string | null>`settings->>'language'`.as('language')])
        .where('company_id', '=', companyId)
        .where('type', '=', 'recruiter')
        .orderBy('first_name')
        .orderBy('last_name')
        .execute();
    },
  };
}
