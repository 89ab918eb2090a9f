import { type Kysely, sql } from 'kysely';

/**
 * Issue 32, the admins' part of two-factor sign-in (after 0030, the SSO domain proof).
 * - `audit_log.company_id` may be null: an admin's own account actions (enrolling a factor,
 *   removing it, a recovery code used, a passkey added) belong to no company. Such rows are the
 *   platform's and only the admin audit log shows them; every company's log still filters by its id.
 * - `passkey_challenges.purpose` also allows 'reauth': a passkey assertion confirming a sensitive
 *   change (removing a factor, new recovery codes) instead of the password.
 * Migrations are frozen history: never edit this file once shipped, add a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').alterColumn('company_id', (col) => col.dropNotNull()).execute();
  await sql`alter table passkey_challenges drop constraint passkey_challenges_purpose_check`.execute(db);
  await sql`alter table passkey_challenges add constraint passkey_challenges_purpose_check check (purpose in ('register', 'second-factor', 'sign-in', 'reauth'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from passkey_challenges where purpose = 'reauth'`.execute(db);
  await sql`alter table passkey_challenges drop constraint passkey_challenges_purpose_check`.execute(db);
  await sql`alter table passkey_challenges add constraint passkey_challenges_purpose_check check (purpose in ('register', 'second-factor', 'sign-in'))`.execute(db);
  await sql`delete from audit_log where company_id is null`.execute(db);
  await db.schema.alterTable('audit_log').alterColumn('company_id', (col) => col.setNotNull()).execute();
}
