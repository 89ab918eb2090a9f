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

  // Where each application stands, kept by the database from the history above (append-only):
  // the furthest pipeline stage reached, the current stage and when it was hired. Panels join
  // this one row per application instead of aggregating the whole history on every request.
  await db.schema
    .createTable('application_pipeline')
    .addColumn('application_id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull())
    .addColumn('furthest_rank', 'smallint', (col) => col.notNull())
    .addColumn('current_stage', 'text', (col) => col.notNull())
    .addColumn('current_since', 'timestamptz', (col) => col.notNull())
    .addColumn('hired_at', 'timestamptz')
    .addForeignKeyConstraint('application_pipeline_application_fkey', ['company_id', 'application_id'], 'applications', ['company_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await sql`create function application_pipeline_track() returns trigger language plpgsql as $$
    declare
      stage_rank smallint := case new.stage when 'NEW' then 0 when 'IN_REVIEW' then 1 when 'INTERVIEW' then 2 when 'OFFER' then 3 when 'HIRED' then 4 else 0 end;
    begin
      insert into application_pipeline (application_id, company_id, furthest_rank, current_stage, current_since, hired_at)
      values (new.application_id, new.company_id, stage_rank, new.stage, new.entered_at, case when new.stage = 'HIRED' then new.entered_at end)
      on conflict (application_id) do update set
        furthest_rank = greatest(application_pipeline.furthest_rank, excluded.furthest_rank),
        current_stage = case when excluded.current_since >= application_pipeline.current_since then excluded.current_stage else application_pipeline.current_stage end,
        current_since = greatest(application_pipeline.current_since, excluded.current_since),
        hired_at = case when application_pipeline.hired_at is null then excluded.hired_at
          when excluded.hired_at is null then application_pipeline.hired_at
          else least(application_pipeline.hired_at, excluded.hired_at) end;
      return null;
    end $$`.execute(db);
  await sql`create trigger application_stage_events_track after insert on application_stage_events
    for each row execute function application_pipeline_track()`.execute(db);

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
  await db.schema.createIndex('application_pipeline_company_idx').on('application_pipeline').columns(['company_id', 'application_id']).execute();
  await db.schema
    .createIndex('application_pipeline_company_hired_idx')
    .on('application_pipeline')
    .columns(['company_id', 'hired_at', 'application_id'])
    .where(sql.ref('hired_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('applications_company_created_idx').execute();
  await sql`drop trigger application_stage_events_track on application_stage_events`.execute(db);
  await sql`drop function application_pipeline_track()`.execute(db);
  for (const table of ['dashboard_recruiters', 'dashboards', 'application_pipeline', 'application_stage_events']) {
    await db.schema.dropTable(table).execute();
  }
}
