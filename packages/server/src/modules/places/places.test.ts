import assert from 'node:assert/strict';
import { it } from 'node:test';
import { type Offer, pickText } from '@rec/core';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';
import { describeEachBackend } from '../../testing/test-database';
import { PLACE_CATALOGUE } from './catalogue';
import { matchPlace, newCompanyPlace, type StoredPlace } from './matching';
import { linkPostingPlace } from './repository';

const CATALOGUE: StoredPlace[] = PLACE_CATALOGUE.map((place) => ({ id: `${place.country}:${place.locality}`, companyId: null, country: place.country, names: place.names }));

it('a posting’s location names its place in any language, case and accents aside, in the same country', () => {
  assert.equal(matchPlace(CATALOGUE, 'LU', { fr: 'Luxembourg' })?.id, 'LU:Luxembourg');
  assert.equal(matchPlace(CATALOGUE, 'LU', { de: 'luxemburg' })?.id, 'LU:Luxembourg');
  assert.equal(matchPlace(CATALOGUE, null, { lb: 'LETZEBUERG' })?.id, 'LU:Luxembourg');
  assert.equal(matchPlace(CATALOGUE, 'PT', { fr: 'Lisbonne' })?.id, 'PT:Lisboa');
  assert.equal(matchPlace(CATALOGUE, 'FR', { fr: 'Lisbonne' }), undefined, 'another country: not that place');
  assert.equal(matchPlace(CATALOGUE, 'LU', {}), undefined);
});

it('a place no one knows becomes the company’s own, keyed by country and its locality', () => {
  const place = newCompanyPlace('c1', 'LU', { fr: 'Esch-sur-Alzette', de: 'Esch an der Alzette' }, 'fr');
  assert.deepEqual(place, { id: 'LU:esch-sur-alzette@c1', companyId: 'c1', country: 'LU', names: { fr: 'Esch-sur-Alzette', de: 'Esch an der Alzette' } });
  assert.equal(matchPlace([...CATALOGUE, place as StoredPlace], 'LU', { de: 'esch an der alzette' })?.id, place?.id);
});

describeEachBackend('places: the location facet counts per place (issue 25)', (context) => {
  it('the German board names every offer at one place alike, never a French exonym', async () => {
    const response = await context.app.inject({ url: `/v2/boards/${DEMO.boardId}/offers?language=de` });
    assert.equal(response.statusCode, 200);
    const offers = response.json() as Offer[];
    const byPlace = new Map<string, Set<string>>();
    for (const offer of offers) {
      assert.ok(offer.placeId, `${offer._id} points to a place`);
      const name = pickText(offer.information.location, 'de', offer.language);
      byPlace.set(offer.placeId, (byPlace.get(offer.placeId) ?? new Set()).add(name));
    }
    for (const [place, names] of byPlace) assert.equal(names.size, 1, `${place}: one name (${[...names].join(', ')})`);
    const shown = offers.map((offer) => pickText(offer.information.location, 'de', offer.language));
    assert.ok(shown.includes('Luxemburg'));
    for (const foreign of ['Luxembourg', 'Lisbonne', 'Varsovie', 'Bruxelles']) assert.ok(!shown.includes(foreign), `no “${foreign}” on the German board`);
  });

  it('the badge counts a place by any of its names: Luxembourg, Luxemburg and Lëtzebuerg alike', async () => {
    const counts = await Promise.all(
      ['Luxembourg', 'Luxemburg', 'Lëtzebuerg'].map(async (name) => (await context.app.inject({ url: `/v2/boards/${DEMO.boardId}/offer-count?location=${encodeURIComponent(name)}` })).json().count),
    );
    assert.ok(counts[0] > 0);
    assert.deepEqual(new Set(counts).size, 1, counts.join(' / '));
  });

  it('a posting saved with a location no known place has gets a place of its company', async () => {
    const postingId = demoId(DEMO_PREFIX.posting, 0x02);
    const { company_id: companyId } = await context.db.selectFrom('postings').select('company_id').where('id', '=', postingId).executeTakeFirstOrThrow();
    const before = await context.db.selectFrom('posting_contents').select(['language', 'location']).where('posting_id', '=', postingId).execute();
    try {
      await context.db.updateTable('posting_contents').set({ location: 'Differdange' }).where('posting_id', '=', postingId).execute();
      await context.db.updateTable('postings').set({ address_country: 'LU' }).where('id', '=', postingId).execute();
      await linkPostingPlace(context.db, companyId, postingId);
      const { place_id: placeId } = await context.db.selectFrom('postings').select('place_id').where('id', '=', postingId).executeTakeFirstOrThrow();
      assert.equal(placeId, `LU:differdange@${companyId}`);
    } finally {
      for (const row of before) await context.db.updateTable('posting_contents').set({ location: row.location }).where('posting_id', '=', postingId).where('language', '=', row.language).execute();
      await linkPostingPlace(context.db, companyId, postingId);
    }
  });
});
