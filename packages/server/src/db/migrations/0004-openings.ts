import { type Kysely, sql } from 'kysely';

/**
 * Openings as recruiters manage them (issue 5): the fields an opening carries besides its title
 * (language, description, location, contract), the audit log of sensitive actions (applicant data
 * exports), and an index for reading one opening's applications in order, page by page.
 *
 * The audit log keeps no personal data: who (account id), when, what, which opening and a few
 * numbers. Its opening id has no foreign key on purpose: the record outlives a deleted opening.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('openings')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('location', 'text')
    .addColumn('contract', 'text')
    .execute();
  // Existing openings take the language of their first posting.
  await sql`update openings o set language = p.language
    from (select distinct on (company_id, opening_id) company_id, opening_id, language from postings order by company_id, opening_id, created_at, id) p
    where p.company_id = o.company_id and p.opening_id = o.id`.execute(db);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('actor_id', 'char(24)', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('opening_id', 'char(24)')
    .addColumn('details', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_company_created_idx').on('audit_log').columns(['company_id', 'created_at']).execute();

  await db.schema.createIndex('applications_company_channel_created_idx').on('applications').columns(['company_id', 'channel_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('applications_company_channel_created_idx').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.alterTable('openings').dropColumn('language').dropColumn('description').dropColumn('location').dropColumn('contract').execute();
}
