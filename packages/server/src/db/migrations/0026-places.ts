import { type Kysely, sql } from 'kysely';
import { placeKey } from '@rec/core';
import { PLACE_CATALOGUE } from '../../modules/places/catalogue';
import { cleanNames, matchPlace, newCompanyPlace, type StoredPlace } from '../../modules/places/matching';

/**
 * Issue 25, the board's location facet: places become one entity with a name per language.
 * - `places`: id (the place key: country and canonical locality, "LU:luxembourg"; a company's
 *   own place carries "@companyId"), `company_id` (null for the shared catalogue of
 *   places/catalogue.ts, else the company whose postings named it: its names are its data),
 *   `country` and `names` (jsonb, name per language).
 * - `postings.place_id`: the place a posting is at. Postings point to one place whatever language
 *   they are written in, so "Luxembourg" (fr) and "Luxemburg" (de) count as one place.
 * Existing postings are linked from their location texts: a catalogue place when one of its names
 * matches in any language, else a new place of the company from the posting's texts.
 */
/** The tables this migration reads and writes, as they are at this point of the history. */
interface PlacesMigrationDb {
  places: { id: string; company_id: string | null; country: string | null; names: string };
  postings: { id: string; company_id: string; language: string; address_country: string | null; place_id: string | null };
  posting_contents: { posting_id: string; language: string; location: string | null };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('places')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_id', 'text', (col) => col.references('companies.id').onDelete('cascade'))
    .addColumn('country', 'char(2)', (col) => col.check(sql`country ~ '^[A-Z]{2}$'`))
    .addColumn('names', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('postings').addColumn('place_id', 'text', (col) => col.references('places.id').onDelete('set null')).execute();
  await db.schema.createIndex('postings_place_id_idx').on('postings').column('place_id').execute();

  const data = db as unknown as Kysely<PlacesMigrationDb>;
  const catalogue: StoredPlace[] = PLACE_CATALOGUE.map((place) => ({ id: placeKey(place.country, place.locality), companyId: null, country: place.country, names: place.names }));
  await data
    .insertInto('places')
    .values(catalogue.map((place) => ({ id: place.id, company_id: null, country: place.country, names: JSON.stringify(place.names) })))
    .execute();

  const postings = await data
    .selectFrom('postings')
    .select(['id', 'company_id', 'language', 'address_country'])
    .execute();
  const contents = await data
    .selectFrom('posting_contents')
    .select(['posting_id', 'language', 'location'])
    .where('location', 'is not', null)
    .execute();
  const known = [...catalogue];
  for (const posting of postings) {
    const texts = cleanNames(Object.fromEntries(contents.filter((row) => row.posting_id === posting.id).map((row) => [row.language, row.location])));
    const country = posting.address_country?.trim() || null;
    const mine = known.filter((place) => place.companyId === null || place.companyId === posting.company_id);
    let place = matchPlace(mine, country, texts);
    if (!place) {
      place = newCompanyPlace(posting.company_id, country, texts, posting.language);
      if (!place) continue;
      await data.insertInto('places').values({ id: place.id, company_id: place.companyId, country: place.country, names: JSON.stringify(place.names) }).execute();
      known.push(place);
    }
    await data.updateTable('postings').set({ place_id: place.id }).where('id', '=', posting.id).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('postings_place_id_idx').execute();
  await db.schema.alterTable('postings').dropColumn('place_id').execute();
  await db.schema.dropTable('places').execute();
}
