import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * Issue 32, SSO hardening: proof that a company owns the e-mail domains its IdP signs in (a DNS TXT
 * record, as Okta and Slack ask). Named `0030-sso-domain-verification`; renumber on merge only if
 * another 0030 lands first and the order matters (it does not: it touches SSO tables only).
 * - `company_domains` replaces `company_sso_domains`: a claim per company and domain (several
 *   companies may claim one domain while unverified), its verification `token` and `verified_at`.
 *   At most one company holds a domain verified (the partial unique index): discovery on /login and
 *   just-in-time members follow verified domains only. Claims belong to the company, not to its IdP
 *   row, so a domain may be verified before the IdP is set up.
 * - `token` is kept in clear, unlike our other tokens: it is no credential, the owner publishes it
 *   in public DNS and the settings page shows it again; a database reader learns nothing from it.
 * - Existing claims become pending claims with fresh tokens: they were never proven, so they stop
 *   routing sign-ins until their owner publishes the record (docs/security.md).
 * Migrations are frozen history: never edit this file once shipped, add a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_domains')
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('domain', 'text', (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('verified_at', 'timestamptz')
    .addPrimaryKeyConstraint('company_domains_pkey', ['company_id', 'domain'])
    .execute();
  await db.schema.createIndex('company_domains_verified_domain_idx').on('company_domains').column('domain').unique().where(sql.ref('verified_at'), 'is not', null).execute();
  await db.schema.createIndex('company_domains_domain_idx').on('company_domains').column('domain').execute();
  const { rows } = await sql<{ domain: string; company_id: string }>`select domain, company_id from company_sso_domains`.execute(db);
  for (const row of rows) {
    await sql`insert into company_domains (company_id, domain, token) values (${row.company_id}, ${row.domain}, ${randomBytes(16).toString('hex')})`.execute(db);
  }
  await db.schema.dropTable('company_sso_domains').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_sso_domains')
    .addColumn('domain', 'text', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('company_sso.company_id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('company_sso_domains_company_idx').on('company_sso_domains').column('company_id').execute();
  // One company per domain again: the verified claim, else the oldest, of companies with an IdP.
  await sql`
    insert into company_sso_domains (domain, company_id)
    select distinct on (d.domain) d.domain, d.company_id
    from company_domains d join company_sso s on s.company_id = d.company_id
    order by d.domain, d.verified_at is null, d.created_at`.execute(db);
  await db.schema.dropTable('company_domains').execute();
}
