import type { LocalizedText } from '@rec/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { cleanNames, matchPlace, newCompanyPlace, type StoredPlace } from './matching';

/**
 * Points a posting at its place after its location texts were written (issue 25): a place that
 * has one of the texts as a name in any language (the shared catalogue, or the company's own),
 * else a new place of the company named by the posting's texts. Run inside the posting's write
 * transaction, so a posting never shows a location without its place.
 */
export async function linkPostingPlace(db: Kysely<Database>, companyId: string, postingId: string): Promise<void> {
  const posting = await db
    .selectFrom('postings')
    .select(['language', 'address_country'])
    .where('company_id', '=', companyId)
    .where('id', '=', postingId)
    .executeTakeFirst();
  if (!posting) return;
  const rows = await db
    .selectFrom('posting_contents')
    .select(['language', 'location'])
    .where('company_id', '=', companyId)
    .where('posting_id', '=', postingId)
    .where('location', 'is not', null)
    .execute();
  const texts = cleanNames(Object.fromEntries(rows.map((row) => [row.language, row.location])));
  const country = posting.address_country?.trim() || null;
  const known = await db
    .selectFrom('places')
    .select(['id', 'company_id', 'country', 'names'])
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
    .$if(country !== null, (query) => query.where((eb) => eb.or([eb('country', 'is', null), eb('country', '=', country)])))
    .execute();
  const places: StoredPlace[] = known.map((row) => ({ id: row.id, companyId: row.company_id, country: row.country?.trim() || null, names: cleanNames(row.names) }));
  let place = matchPlace(places, country, texts);
  if (!place) {
    place = newCompanyPlace(companyId, country, texts, posting.language);
    if (place) {
      const names = JSON.stringify(place.names);
      await db
        .insertInto('places')
        .values({ id: place.id, company_id: companyId, country: place.country, names })
        .onConflict((oc) => oc.column('id').doUpdateSet({ names }))
        .execute();
    }
  } else if (place.companyId === companyId) {
    // The company's own place learns the names its postings give in other languages.
    const names = JSON.stringify({ ...texts, ...place.names });
    await db.updateTable('places').set({ names }).where('id', '=', place.id).where('company_id', '=', companyId).execute();
  }
  await db
    .updateTable('postings')
    .set({ place_id: place?.id ?? null })
    .where('company_id', '=', companyId)
    .where('id', '=', postingId)
    .execute();
}

/** The names per language of the places of some postings of one company, by posting id. */
export async function findPostingPlaces(db: Kysely<Database>, companyId: string, postingIds: readonly string[]): Promise<Map<string, { id: string; names: LocalizedText }>> {
  if (postingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('postings as p')
    .innerJoin('places as pl', 'pl.id', 'p.place_id')
    .select(['p.id as postingId', 'pl.id as placeId', 'pl.names'])
    .where('p.company_id', '=', companyId)
    .where('p.id', 'in', postingIds)
    .execute();
  return new Map(rows.map((row) => [row.postingId, { id: row.placeId, names: cleanNames(row.names) }]));
}
