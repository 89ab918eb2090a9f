import { type Kysely, sql } from 'kysely';

/**
 * Issue 13 and the background jobs of issues 12 and 18:
 * - the company role `recruiter` (openings, postings and candidates, but not company settings or
 *   the team) beside `owner` and `viewer`, for accounts and invitations;
 * - `job_runs`: one row per job and period. A job runs on the instance whose insert succeeded,
 *   so a daily job runs once a day however many instances share the database (a row rather than
 *   an advisory lock: it also works on the embedded database and leaves a trace of who ran what).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts drop constraint accounts_company_role_check`.execute(db);
  await sql`alter table accounts add constraint accounts_company_role_check check (company_role is null or company_role in ('owner', 'recruiter', 'viewer'))`.execute(db);
  await sql`alter table invitations drop constraint invitations_company_role_check`.execute(db);
  await sql`alter table invitations add constraint invitations_company_role_check check (company_role in ('owner', 'recruiter', 'viewer'))`.execute(db);

  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('period', 'text', (col) => col.notNull())
    .addColumn('instance', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('job_runs_pkey', ['name', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
  await sql`update accounts set company_role = 'viewer' where company_role = 'recruiter'`.execute(db);
  await sql`delete from invitations where company_role = 'recruiter'`.execute(db);
  await sql`alter table invitations drop constraint invitations_company_role_check`.execute(db);
  await sql`alter table invitations add constraint invitations_company_role_check check (company_role in ('owner', 'viewer'))`.execute(db);
  await sql`alter table accounts drop constraint accounts_company_role_check`.execute(db);
  await sql`alter table accounts add constraint accounts_company_role_check check (company_role is null or company_role in ('owner', 'viewer'))`.execute(db);
}
