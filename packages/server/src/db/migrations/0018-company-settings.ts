import { type Kysely, sql } from 'kysely';

/**
 * Company settings (issue 13, part A):
 * - `company_logos`: the company's logos (spec §3 Logo, §5 rules): the image in the file storage
 *   under `storage_key`, its pixel size (pages reserve the space, nothing shifts) and at most one
 *   default per company (a partial unique index). Names are unique per company, ignoring case.
 * - `mail_templates`: a company's own subject and body of a candidate mail, per kind and language;
 *   without a row the locale default is sent.
 * - `talent_pools` and `talent_pool_candidates`: named lists of candidates.
 * - `notification_preferences`: per recruiter, which mails about new applications they want
 *   (each one, a daily digest, none) and for which openings (none listed = all).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_logos')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('mask', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull().unique())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('byte_size', 'integer', (col) => col.notNull())
    .addColumn('is_default', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('company_logos_mask_check', sql`mask in ('WHITE', 'BLACK')`)
    .addCheckConstraint('company_logos_name_check', sql`char_length(name) between 1 and 40`)
    .addCheckConstraint('company_logos_size_check', sql`width > 0 and height > 0 and byte_size > 0`)
    .execute();
  await sql`create unique index company_logos_company_name_key on company_logos (company_id, lower(name))`.execute(db);
  await sql`create unique index company_logos_company_default_key on company_logos (company_id) where is_default`.execute(db);

  await db.schema
    .createTable('mail_templates')
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('mail_templates_pkey', ['company_id', 'kind', 'language'])
    .addCheckConstraint('mail_templates_kind_check', sql`kind in ('applicationReceived', 'rejection', 'appointmentInvitation', 'pendingRequest')`)
    .execute();

  await db.schema
    .createTable('talent_pools')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('talent_pools_company_id_id_key', ['company_id', 'id'])
    .addCheckConstraint('talent_pools_name_check', sql`char_length(name) between 1 and 80`)
    .execute();
  await sql`create unique index talent_pools_company_name_key on talent_pools (company_id, lower(name))`.execute(db);
  await db.schema
    .createTable('talent_pool_candidates')
    .addColumn('company_id', 'char(24)', (col) => col.notNull())
    .addColumn('pool_id', 'char(24)', (col) => col.notNull())
    .addColumn('candidate_id', 'char(24)', (col) => col.notNull())
    .addColumn('added_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('talent_pool_candidates_pkey', ['pool_id', 'candidate_id'])
    .addForeignKeyConstraint('talent_pool_candidates_pool_fkey', ['company_id', 'pool_id'], 'talent_pools', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
    .addForeignKeyConstraint('talent_pool_candidates_candidate_fkey', ['company_id', 'candidate_id'], 'candidates', ['company_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('account_id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull())
    .addColumn('frequency', 'text', (col) => col.notNull())
    .addColumn('opening_ids', sql`char(24)[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('notification_preferences_account_fkey', ['company_id', 'account_id'], 'accounts', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
    .addCheckConstraint('notification_preferences_frequency_check', sql`frequency in ('each', 'daily', 'never')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('talent_pool_candidates').execute();
  await db.schema.dropTable('talent_pools').execute();
  await db.schema.dropTable('mail_templates').execute();
  await db.schema.dropTable('company_logos').execute();
}
