import { type Kysely, sql } from 'kysely';

/**
 * Issue 17, search engines and pay transparency:
 * - `salary` on openings and postings: `{min, max, currency, period, show}` (packages/core
 *   salary.ts), null when none was given. jsonb rather than five columns: it is read and written
 *   whole, and validated by the shared valibot schema on the way in and out.
 * - `address_country` on postings (ISO 3166-1 alpha-2): Google's JobPosting needs a country beside
 *   the locality, and a free-text location ("Luxembourg", "Lëtzebuerg") cannot be parsed into one
 *   safely. The locality stays the per-language `location` text.
 * - `remote` on postings: a fully remote job is a TELECOMMUTE posting whose applicants must live
 *   in `address_country`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('openings').addColumn('salary', 'jsonb').execute();
  await db.schema.alterTable('postings').addColumn('salary', 'jsonb').execute();
  await db.schema
    .alterTable('postings')
    .addColumn('address_country', 'char(2)', (col) => col.check(sqlCountry()))
    .execute();
  await db.schema.alterTable('postings').addColumn('remote', 'boolean', (col) => col.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('postings').dropColumn('remote').execute();
  await db.schema.alterTable('postings').dropColumn('address_country').execute();
  await db.schema.alterTable('postings').dropColumn('salary').execute();
  await db.schema.alterTable('openings').dropColumn('salary').execute();
}


/** Two upper-case letters, or nothing. */
function sqlCountry() {
  return sql`address_country ~ '^[A-Z]{2}$'`;
}
