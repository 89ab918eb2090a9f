import { type Kysely, sql } from 'kysely';

/**
 * Issue 30, source tracking: each application keeps the campaign of the link the
 * visitor arrived by (utm_source, utm_medium, utm_campaign) and the page that sent them (origin
 * and path only). Null for the applications before this migration and for direct visits.
 * An index per company and campaign serves the pipeline's filter and the dashboard's panel.
 * Migrations are frozen history: never edit this file once shipped, add a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('referrer', 'text')
    .execute();
  await sql`create index applications_company_utm_idx on applications (company_id, utm_source, utm_campaign)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists applications_company_utm_idx`.execute(db);
  await db.schema.alterTable('applications').dropColumn('utm_source').dropColumn('utm_medium').dropColumn('utm_campaign').dropColumn('referrer').execute();
}
