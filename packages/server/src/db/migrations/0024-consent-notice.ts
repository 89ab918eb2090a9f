import type { Kysely } from 'kysely';

/**
 * Issue 25: an application's consent keeps, beside the notice's text, the language and version of
 * the notice the apply form showed (null on applications from before: only their text is known).
 * Migrations are frozen history: never edit this file once shipped, add a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('consent_language', 'text').addColumn('consent_version', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').dropColumn('consent_language').dropColumn('consent_version').execute();
}
