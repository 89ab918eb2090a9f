import { type Kysely, sql } from 'kysely';

/**
 * Applying to offers: uploaded files, candidates, applications, referral codes and share links.
 *
 * Every table carries `company_id` (the tenant) and references its parents by
 * `(company_id, id)`, as in 0001: an application of company A can never name a channel, a
 * candidate or a file of company B. Named 0003 because 0002 belongs to the sign-in work.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('storage_key', 'text', (col) => col.notNull().unique())
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('uploads_company_id_id_key', ['company_id', 'id'])
    .execute();

  await db.schema
    .createTable('candidates')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('candidates_company_id_id_key', ['company_id', 'id'])
    // One candidate per person and company: a second application reuses it.
    .addUniqueConstraint('candidates_company_email_key', ['company_id', 'email'])
    .execute();

  await db.schema
    .createTable('referrals')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('channel_id', 'char(24)')
    .addColumn('referrer_name', 'text', (col) => col.notNull())
    .addColumn('referrer_email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('referrals_company_code_key', ['company_id', 'code'])
    .addForeignKeyConstraint('referrals_channel_fkey', ['company_id', 'channel_id'], 'channels', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('channel_id', 'char(24)', (col) => col.notNull())
    .addColumn('candidate_id', 'char(24)', (col) => col.notNull())
    .addColumn('cv_upload_id', 'char(24)')
    .addColumn('submission_id', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('referral_code', 'text')
    .addColumn('form', 'jsonb', (col) => col.notNull())
    .addColumn('consent_given_at', 'timestamptz', (col) => col.notNull())
    .addColumn('consent_text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('applications_company_id_id_key', ['company_id', 'id'])
    // Idempotency: a retried submission finds the first one instead of creating a duplicate.
    .addUniqueConstraint('applications_company_submission_key', ['company_id', 'submission_id'])
    // A CV belongs to one application.
    .addUniqueConstraint('applications_cv_upload_key', ['cv_upload_id'])
    .addForeignKeyConstraint('applications_channel_fkey', ['company_id', 'channel_id'], 'channels', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
    .addForeignKeyConstraint('applications_candidate_fkey', ['company_id', 'candidate_id'], 'candidates', ['company_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint('applications_cv_fkey', ['company_id', 'cv_upload_id'], 'uploads', ['company_id', 'id'])
    .addForeignKeyConstraint('applications_referral_fkey', ['company_id', 'referral_code'], 'referrals', ['company_id', 'code'])
    .execute();

  await db.schema
    .createTable('share_links')
    .addColumn('slug', 'text', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('channel_id', 'char(24)', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('share_links_channel_fkey', ['company_id', 'channel_id'], 'channels', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
    .addCheckConstraint('share_links_slug_check', sql`slug ~ '^[a-z0-9-]{3,64}$'`)
    .execute();

  await db.schema.createIndex('applications_company_channel_idx').on('applications').columns(['company_id', 'channel_id']).execute();
  await db.schema.createIndex('applications_company_candidate_idx').on('applications').columns(['company_id', 'candidate_id']).execute();
  await db.schema.createIndex('share_links_company_channel_idx').on('share_links').columns(['company_id', 'channel_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['share_links', 'applications', 'referrals', 'candidates', 'uploads']) {
    await db.schema.dropTable(table).execute();
  }
}
