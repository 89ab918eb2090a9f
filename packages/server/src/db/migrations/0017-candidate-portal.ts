import { type Kysely, sql } from 'kysely';

/**
 * The candidate portal and data rights (issue 12):
 * - candidates: when their consent expires (null: the last application's consent plus the
 *   company's consent months), when the renewal mail went out, and when their data was removed;
 * - applications: when they were anonymised (the row stays so dashboard counts stay right);
 * - candidate_requests: what a recruiter asked a candidate for, with a hashed sign-in token;
 * - data_removal_tokens: the removal links (hashed, single use, 7 days);
 * - appointments: offered slots, the chosen one, and the booking link's token hash.
 * Every child references its parent through (company_id, id), like the rest of the schema.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('candidates')
    .addColumn('consent_expires_at', 'timestamptz')
    .addColumn('consent_reminded_at', 'timestamptz')
    .addColumn('anonymised_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('applications').addColumn('anonymised_at', 'timestamptz').execute();
  await db.schema.createIndex('applications_company_retention_idx').on('applications').columns(['company_id', 'anonymised_at', 'created_at']).execute();

  await db.schema
    .createTable('candidate_requests')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('candidate_id', 'char(24)', (col) => col.notNull())
    .addColumn('application_id', 'char(24)', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('requested_by', 'char(24)')
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('token_expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('done_at', 'timestamptz')
    .addCheckConstraint('candidate_requests_kind_check', sql`kind in ('step', 'appointment', 'document')`)
    .addForeignKeyConstraint('candidate_requests_application_fkey', ['company_id', 'application_id'], 'applications', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('candidate_requests_candidate_idx').on('candidate_requests').columns(['company_id', 'candidate_id']).execute();

  await db.schema
    .createTable('data_removal_tokens')
    .addColumn('token_hash', 'char(64)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('candidate_id', 'char(24)', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('candidate_id', 'char(24)', (col) => col.notNull())
    .addColumn('application_id', 'char(24)', (col) => col.notNull())
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('recruiter_id', 'char(24)')
    .addColumn('duration_minutes', 'integer', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('video_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('slots', 'jsonb', (col) => col.notNull())
    .addColumn('chosen_start', 'timestamptz')
    .addColumn('time_zone', 'text', (col) => col.notNull().defaultTo('UTC'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('OFFERED'))
    .addColumn('sequence', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('appointments_status_check', sql`status in ('OFFERED', 'BOOKED', 'CANCELLED')`)
    .addForeignKeyConstraint('appointments_application_fkey', ['company_id', 'application_id'], 'applications', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('appointments_candidate_idx').on('appointments').columns(['company_id', 'candidate_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('appointments').execute();
  await db.schema.dropTable('data_removal_tokens').execute();
  await db.schema.dropTable('candidate_requests').execute();
  await db.schema.dropIndex('applications_company_retention_idx').execute();
  await db.schema.alterTable('applications').dropColumn('anonymised_at').execute();
  await db.schema.alterTable('candidates').dropColumn('consent_expires_at').dropColumn('consent_reminded_at').dropColumn('anonymised_at').execute();
}
