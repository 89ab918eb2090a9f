import { type Kysely, sql } from 'kysely';

/**
 * Issue 32, single sign-on with OpenID Connect per company. Named `0029-sso` (0028 is taken by
 * another branch); renumber on merge only if the order matters.
 * - `company_sso`: one IdP per company. `client_secret` is an AES-256-GCM box (the two-factor
 *   secret box, modules/two-factor/secret-box.ts): the server needs it in plain at the token
 *   endpoint, so it cannot be hashed. `default_role` is never 'owner'.
 * - `company_sso_domains`: the e-mail domains that sign in through the company's IdP; a domain
 *   belongs to one company at most (the primary key), so discovery on /login is unambiguous.
 * - `sso_attempts`: started sign-ins, keyed by SHA-256 of `state`; `binding_hash` is SHA-256 of the
 *   browser cookie that started it (the PKCE verifier and the nonce are derived from that cookie
 *   and never stored). Deleted when used; expired ones are swept.
 * Migrations are frozen history: never edit this file once shipped, add a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_sso')
    .addColumn('company_id', 'char(24)', (col) => col.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('client_id', 'text', (col) => col.notNull())
    .addColumn('client_secret', 'text', (col) => col.notNull())
    .addColumn('default_role', 'text', (col) => col.notNull().check(sql`default_role in ('recruiter', 'viewer')`))
    .addColumn('sso_only', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('company_sso_domains')
    .addColumn('domain', 'text', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('company_sso.company_id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('company_sso_domains_company_idx').on('company_sso_domains').column('company_id').execute();
  await db.schema
    .createTable('sso_attempts')
    .addColumn('state_hash', 'char(64)', (col) => col.primaryKey())
    .addColumn('binding_hash', 'char(64)', (col) => col.notNull())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('redirect_to', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sso_attempts_expires_idx').on('sso_attempts').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sso_attempts').execute();
  await db.schema.dropTable('company_sso_domains').execute();
  await db.schema.dropTable('company_sso').execute();
}
