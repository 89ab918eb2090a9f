import type { Kysely } from 'kysely';

/**
 * Issue 13 (notifications): `notification_preferences.mention_mails`, whether a recruiter is
 * mailed when a colleague mentions them in a note (on unless they turn it off), next to the
 * new-application frequency of migration 0018.
 * Migrations are frozen history: never edit this file once shipped, add a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notification_preferences')
    .addColumn('mention_mails', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notification_preferences').dropColumn('mention_mails').execute();
}
