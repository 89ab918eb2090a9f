import { type Kysely, sql } from 'kysely';

/**
 * The recruiter's pipeline and decisions (issue 11):
 * - a stage event says who moved the candidate (`actor_id`, null = the system: a new application)
 *   and, for a rejection, the reason code (never free text: no personal data in the history);
 * - `application_mails`: the mails sent to a candidate about an application (the candidate
 *   timeline lists them). Only the subject is kept, never the body;
 * - every application has a stage: the existing ones without any stage event get NEW, at the time
 *   they were created (ids are derived from the application so the backfill is deterministic);
 * - the pipeline of one opening joins applications to their one pipeline row: the current stage
 *   is indexed per company so the counts per stage read an index, not the history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('application_stage_events').addColumn('actor_id', 'char(24)').execute();
  await db.schema.alterTable('application_stage_events').addColumn('reason', 'text').execute();
  await sql`alter table application_stage_events add constraint application_stage_events_reason_check check (reason is null or reason ~ '^[A-Z_]{2,40}$')`.execute(db);

  await db.schema
    .createTable('application_mails')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('application_id', 'char(24)', (col) => col.notNull())
    .addColumn('actor_id', 'char(24)')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('application_mails_application_fkey', ['company_id', 'application_id'], 'applications', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
    .addCheckConstraint('application_mails_kind_check', sql`kind ~ '^[a-z][a-zA-Z]{1,39}$'`)
    .execute();
  await db.schema.createIndex('application_mails_company_application_idx').on('application_mails').columns(['company_id', 'application_id', 'sent_at']).execute();

  await db.schema.createIndex('application_pipeline_company_stage_idx').on('application_pipeline').columns(['company_id', 'current_stage', 'application_id']).execute();

  await sql`insert into application_stage_events (id, company_id, application_id, stage, entered_at)
    select lpad(to_hex(floor(extract(epoch from a.created_at))::bigint), 8, '0') || substr(md5(a.id || ':NEW'), 1, 16), a.company_id, a.id, 'NEW', a.created_at
    from applications a
    where not exists (select 1 from application_stage_events e where e.company_id = a.company_id and e.application_id = a.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The backfilled NEW events stay: they are true history (the application was new when created).
  await db.schema.dropIndex('application_pipeline_company_stage_idx').execute();
  await db.schema.dropTable('application_mails').execute();
  await sql`alter table application_stage_events drop constraint application_stage_events_reason_check`.execute(db);
  await db.schema.alterTable('application_stage_events').dropColumn('reason').execute();
  await db.schema.alterTable('application_stage_events').dropColumn('actor_id').execute();
}
