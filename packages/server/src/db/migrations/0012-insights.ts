import { type Kysely, sql } from 'kysely';

/**
 * Analytics dashboards (issue 14): dashboards per company with their owner, the recruiters they
 * are shared with, and the pipeline history their panels count (which stage an application
 * entered, and when). The stage history is data (stage as text) so the pipeline work of issue 11
 * can write it when a recruiter moves a candidate; until then the demo seed fills it.
 *
 * Indexes serve the panels' aggregates: applications of a company by date (the global date
 * range), stage events of a company by application. Migrations are frozen history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('application_stage_events')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('application_id', 'char(24)', (col) => col.notNull())
    .addColumn('stage', 'text', (col) => col.notNull())
    .addColumn('entered_at', 'timestamptz', (col) => col.notNull())
    .addForeignKeyConstraint('application_stage_events_application_fkey', ['company_id', 'application_id'], 'applications', ['company_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addCheckConstraint('application_stage_events_stage_check', sql`stage ~ '^[A-Z_]{2,40}$'`)
    .execute();
  await db.schema
    .createIndex('application_stage_events_company_application_idx')
    .on('application_stage_events')
    .columns(['company_id', 'application_id', 'entered_at'])
    .execute();

  await db.schema
    .createTable('dashboards')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('owner_id', 'char(24)', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('color', 'text', (col) => col.notNull())
    .addColumn('panels', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('global_query', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('dashboards_company_id_id_key', ['company_id', 'id'])
    // The owner is a recruiter of the same company; deleting the account deletes their dashboards.
    .addForeignKeyConstraint('dashboards_owner_fkey', ['company_id', 'owner_id'], 'accounts', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
    .addCheckConstraint('dashboards_color_check', sql`color ~ '^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$'`)
    .execute();
  await db.schema.createIndex('dashboards_company_owner_idx').on('dashboards').columns(['company_id', 'owner_id', 'created_at']).execute();

  await db.schema
    .createTable('dashboard_recruiters')
    .addColumn('company_id', 'char(24)', (col) => col.notNull())
    .addColumn('dashboard_id', 'char(24)', (col) => col.notNull())
    .addColumn('recruiter_id', 'char(24)', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('dashboard_recruiters_pkey', ['dashboard_id', 'recruiter_id'])
    .addForeignKeyConstraint('dashboard_recruiters_dashboard_fkey', ['company_id', 'dashboard_id'], 'dashboards', ['company_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint('dashboard_recruiters_recruiter_fkey', ['company_id', 'recruiter_id'], 'accounts', ['company_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('dashboard_recruiters_company_recruiter_idx').on('dashboard_recruiters').columns(['company_id', 'recruiter_id']).execute();

  // The global date range: a company's applications by date, carrying what the panels group by.
  await sql`create index applications_company_created_idx on applications (company_id, created_at) include (channel_id, candidate_id, language, referral_code)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('applications_company_created_idx').execute();
  for (const table of ['dashboard_recruiters', 'dashboards', 'application_stage_events']) {
    await db.schema.dropTable(table).execute();
  }
}
