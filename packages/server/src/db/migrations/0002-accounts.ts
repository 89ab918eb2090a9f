import { type Kysely, sql } from 'kysely';

/**
 * Accounts (recruiters, admins, applicants), their sessions, single-use sign-in and reset tokens,
 * and recruiter invitations.
 *
 * - A recruiter account belongs to exactly one company (the tenant) and has a company role; admins
 *   and applicants belong to none. The identity across companies is the lower-cased email: one
 *   person may hold recruiter accounts in several companies (`unique (company_id, email)`).
 * - Tokens and session ids are stored only as SHA-256 hex digests: a leaked table opens nothing.
 * Migrations are frozen history: never edit this file once shipped, add a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('company_id', 'char(24)', (col) => col.references('companies.id').onDelete('cascade'))
    .addColumn('company_role', 'text')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('settings', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('accounts_type_check', sql`type in ('recruiter', 'admin', 'applicant')`)
    .addCheckConstraint('accounts_company_role_check', sql`company_role is null or company_role in ('owner', 'viewer')`)
    // Recruiters, and only they, have a company and a role in it.
    .addCheckConstraint(
      'accounts_recruiter_company_check',
      sql`(type = 'recruiter') = (company_id is not null and company_role is not null)`,
    )
    // Applicants sign in by magic link only.
    .addCheckConstraint('accounts_applicant_password_check', sql`type <> 'applicant' or password_hash is null`)
    .addCheckConstraint('accounts_email_lower_check', sql`email = lower(email) and length(email) between 3 and 254`)
    .addUniqueConstraint('accounts_company_id_id_key', ['company_id', 'id'])
    .execute();
  await db.schema.createIndex('accounts_company_email_key').on('accounts').columns(['company_id', 'email']).unique().execute();
  await db.schema
    .createIndex('accounts_tenantless_email_key')
    .on('accounts')
    .columns(['type', 'email'])
    .unique()
    .where(sql.ref('company_id'), 'is', null)
    .execute();
  await db.schema.createIndex('accounts_email_idx').on('accounts').column('email').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'char(64)', (col) => col.primaryKey())
    .addColumn('account_id', 'char(24)', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_account_id_idx').on('sessions').column('account_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('token_hash', 'char(64)', (col) => col.primaryKey())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('account_id', 'char(24)', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addCheckConstraint('auth_tokens_purpose_check', sql`purpose in ('magic_link', 'password_reset')`)
    .execute();
  await db.schema.createIndex('auth_tokens_account_id_idx').on('auth_tokens').column('account_id').execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('company_role', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('invited_by', 'char(24)', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('account_id', 'char(24)', (col) => col.references('accounts.id').onDelete('set null'))
    .addCheckConstraint('invitations_company_role_check', sql`company_role in ('owner', 'viewer')`)
    .addCheckConstraint('invitations_email_lower_check', sql`email = lower(email)`)
    .addUniqueConstraint('invitations_company_id_id_key', ['company_id', 'id'])
    .execute();
  await db.schema.createIndex('invitations_company_id_idx').on('invitations').column('company_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['invitations', 'auth_tokens', 'sessions', 'accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
