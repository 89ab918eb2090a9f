import type { Kysely } from 'kysely';

/**
 * Idempotency keys of applications (issue 8, finding 12): a key is scoped to the offer (the
 * channel applied through) instead of the whole company, and the application keeps a fingerprint
 * of the submitted form, so the same key with another payload is told apart from a retry.
 * Applications submitted before this migration have no fingerprint; their retries still match.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('submission_fingerprint', 'text').execute();
  await db.schema.alterTable('applications').dropConstraint('applications_company_submission_key').execute();
  await db.schema
    .alterTable('applications')
    .addUniqueConstraint('applications_channel_submission_key', ['company_id', 'channel_id', 'submission_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Fails (and changes nothing) when a key was reused on two offers meanwhile: no application is dropped silently.
  await db.schema.alterTable('applications').dropConstraint('applications_channel_submission_key').execute();
  await db.schema.alterTable('applications').addUniqueConstraint('applications_company_submission_key', ['company_id', 'submission_id']).execute();
  await db.schema.alterTable('applications').dropColumn('submission_fingerprint').execute();
}
