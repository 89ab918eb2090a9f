import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { queueWebhookEvent } from '../webhooks/outbox';

/**
 * The files an anonymisation leaves to remove once it committed, per file store: the uploads (CV,
 * cover letter), the files answering form steps and the recorded interview answers (issue 12:
 * removing someone's data removes their files, not only the rows naming them).
 */
export interface RemovedFiles {
  storageKeys: string[];
  stepFileKeys: string[];
  videoKeys: string[];
}

/** What an anonymisation did: counts for the audit log, storage keys to remove after the commit. */
export interface Anonymised extends RemovedFiles {
  applications: number;
  candidates: number;
  files: number;
}

/** The keys of the files a form step's progress names (`progress.files[id].key`). */
function stepFileKeysOf(progress: unknown): string[] {
  const files = (progress as { files?: unknown } | null)?.files;
  if (!files || typeof files !== 'object') return [];
  return Object.values(files as Record<string, unknown>).flatMap((file) => {
    const key = (file as { key?: unknown } | null)?.key;
    return typeof key === 'string' ? [key] : [];
  });
}

/** The e-mail a removed candidate keeps: unique per company (the column is), and no one's address. */
export const anonymisedEmail = (candidateId: string) => `removed-${candidateId}@anonymised.invalid`;

/**
 * Removes the personal data of applications (their form, files, step answers, the requests and
 * appointments about them) while the rows stay, so every count in the dashboards stays right.
 * Runs inside the caller's transaction; the files are removed from the storage by the caller
 * once it committed (a rollback must not leave rows pointing at deleted files).
 */
export async function anonymiseApplications(trx: Kysely<Database>, companyId: string, applicationIds: readonly string[], now: Date): Promise<Anonymised> {
  if (!applicationIds.length) return { applications: 0, candidates: 0, files: 0, storageKeys: [], stepFileKeys: [], videoKeys: [] };
  const ids = [...applicationIds];
  const rows = await trx
    .selectFrom('applications')
    .select(['cv_upload_id', 'cover_letter_upload_id'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  const uploadIds = rows.flatMap((row) => [row.cv_upload_id, row.cover_letter_upload_id]).filter((id): id is string => id !== null);
  const updated = await trx
    .updateTable('applications')
    .set({ form: {}, cv_upload_id: null, cover_letter_upload_id: null, referral_code: null, referrer: null, consent_text: '', anonymised_at: now })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('anonymised_at', 'is', null)
    .executeTakeFirst();
  const deleted = uploadIds.length
    ? await trx.deleteFrom('uploads').where('company_id', '=', companyId).where('id', 'in', uploadIds).returning('storage_key').execute()
    : [];
  const steps = await trx.selectFrom('application_steps').select(['id', 'progress']).where('company_id', '=', companyId).where('application_id', 'in', ids).execute();
  const stepFileKeys = steps.flatMap((step) => stepFileKeysOf(step.progress));
  const videos = steps.length
    ? await trx
        .deleteFrom('interview_answers')
        .where('company_id', '=', companyId)
        .where(
          'step_id',
          'in',
          steps.map((step) => step.id),
        )
        .returning('storage_key')
        .execute()
    : [];
  const videoKeys = videos.map((row) => row.storage_key);
  // Step answers are the candidate's words; the step rows (status, dates) stay for the funnel.
  await trx.updateTable('application_steps').set({ progress: {}, result: null }).where('company_id', '=', companyId).where('application_id', 'in', ids).execute();
  await trx.deleteFrom('candidate_requests').where('company_id', '=', companyId).where('application_id', 'in', ids).execute();
  await trx.deleteFrom('appointments').where('company_id', '=', companyId).where('application_id', 'in', ids).execute();
  return {
    applications: Number(updated.numUpdatedRows),
    candidates: 0,
    files: deleted.length + stepFileKeys.length + videoKeys.length,
    storageKeys: deleted.map((row) => row.storage_key),
    stepFileKeys,
    videoKeys,
  };
}

/** Removes a candidate's personal data from one company: every application, then the record itself. */
export async function anonymiseCandidate(trx: Kysely<Database>, companyId: string, candidateId: string, now: Date): Promise<Anonymised> {
  const applications = await trx.selectFrom('applications').select('id').where('company_id', '=', companyId).where('candidate_id', '=', candidateId).execute();
  const result = await anonymiseApplications(
    trx,
    companyId,
    applications.map((row) => row.id),
    now,
  );
  const candidate = await trx
    .updateTable('candidates')
    .set({ email: anonymisedEmail(candidateId), data: {}, consent_expires_at: null, consent_reminded_at: null, anonymised_at: now, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', candidateId)
    .where('anonymised_at', 'is', null)
    .executeTakeFirst();
  await trx.deleteFrom('data_removal_tokens').where('company_id', '=', companyId).where('candidate_id', '=', candidateId).where('used_at', 'is', null).execute();
  // In the same transaction: the company's systems hear of every removal, and of no rolled-back one.
  if (Number(candidate.numUpdatedRows)) await queueWebhookEvent(trx, companyId, 'candidate.removed', { candidateId }, now);
  return { ...result, candidates: Number(candidate.numUpdatedRows) };
}
