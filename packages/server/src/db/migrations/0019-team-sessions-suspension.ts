import { type Kysely, sql } from 'kysely';

/**
 * Issue 13 (team, account, security, admin):
 * - `sessions.id`: a public id per session, so the security page can name one session to end
 *   without ever showing its token hash; `sessions.device`: a short summary of the user agent
 *   ("Firefox on Linux"), never the raw header.
 * - `accounts.last_sign_in_at`: the team page shows when each recruiter last signed in (sessions
 *   end, the fact stays);
 * - `companies.suspended_at`: a suspended company's recruiters cannot sign in and its boards and
 *   offers answer 404 (set and cleared by an admin).
 * - `audit_log.company_id` stays required: admin actions are recorded against the company they touch.
 * Migrations are frozen history: never edit this file once shipped, add a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('id', 'char(24)').execute();
  await db.schema.alterTable('sessions').addColumn('device', 'text').execute();
  // Sessions older than this migration get an id of their own (random, unrelated to the token).
  await sql`update sessions set id = substr(md5(token_hash || random()::text || clock_timestamp()::text), 1, 24) where id is null`.execute(db);
  await sql`alter table sessions alter column id set not null`.execute(db);
  await db.schema.createIndex('sessions_id_key').on('sessions').column('id').unique().execute();

  await db.schema.alterTable('accounts').addColumn('last_sign_in_at', 'timestamptz').execute();
  await db.schema.alterTable('companies').addColumn('suspended_at', 'timestamptz').execute();
  await db.schema.createIndex('audit_log_created_at_idx').on('audit_log').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_created_at_idx').execute();
  await db.schema.alterTable('companies').dropColumn('suspended_at').execute();
  await db.schema.alterTable('accounts').dropColumn('last_sign_in_at').execute();
  await db.schema.dropIndex('sessions_id_key').execute();
  await db.schema.alterTable('sessions').dropColumn('device').execute();
  await db.schema.alterTable('sessions').dropColumn('id').execute();
}
