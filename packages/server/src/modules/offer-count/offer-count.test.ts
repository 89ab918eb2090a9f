import assert from 'node:assert/strict';
import { it } from 'node:test';
import { OfferCountSchema } from '@rec/core';
import * as v from 'valibot';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';
import { DEMO_OFFERS, type DemoOffer, PLACES } from '../../seed/demo-offers';
import { describeEachBackend } from '../../testing/test-database';

const COUNT_URL = `/v2/boards/${DEMO.boardId}/offer-count`;

/** The open, listed demo offers of a company (as the board lists them), derived from the seed. */
function openOffers(company: DemoOffer['company']): DemoOffer[] {
  return DEMO_OFFERS.filter((offer) => offer.company === company && !offer.spontaneous && offer.openingStatus !== 'ARCHIVED' && offer.postingStatus !== 'CLOSED');
}

const comparable = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** Issue 25: an offer is at a place whatever language it is written in: every name of its place counts. */
const atPlace = (offer: DemoOffer, location: string) => Object.values(PLACES[offer.place]).some((name) => name && comparable(name) === comparable(location));

describeEachBackend('GET /v2/boards/:id/offer-count', (context) => {
  it('counts the open offers the board lists, with the board language', async () => {
    const response = await context.app.inject({ url: COUNT_URL });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.ok(v.is(OfferCountSchema, body), 'matches OfferCountSchema');
    assert.deepEqual({ count: body.count, language: body.language }, { count: openOffers('lumen').length, language: 'fr' });
    // Issue 25: the badge carries the company's theme, as the board next to it does.
    assert.equal(typeof body.properties?.['--rec-color-primary'], 'string', 'the brand as --rec-* values');
    const list = await context.app.inject({ url: `/v2/boards/${DEMO.boardId}/offers` });
    assert.equal(body.count, list.json().length, 'same number as the offers list');

    const other = await context.app.inject({ url: `/v2/boards/${DEMO.otherBoardId}/offer-count` });
    assert.deepEqual({ ...(other.json() as object), properties: undefined }, { count: openOffers('nordwind').length, language: 'de', properties: undefined });
  });

  it('filters by location in any language, ignoring case and accents', async () => {
    const inLuxembourg = openOffers('lumen').filter((offer) => offer.place === 'luxembourg').length;
    assert.ok(inLuxembourg > 0 && inLuxembourg < openOffers('lumen').length, 'the seed has offers in and out of Luxembourg');
    const french = await context.app.inject({ url: `${COUNT_URL}?location=Luxembourg` });
    assert.equal(french.json().count, inLuxembourg, 'every Luxembourg offer is written in French or English');
    for (const location of ['Luxemburg', 'letzebuerg', '  Lëtzebuerg ', 'Bruxelles', 'brussel']) {
      const expected = openOffers('lumen').filter((offer) => atPlace(offer, location)).length;
      assert.ok(expected > 0, `${location} names some offer of the seed`);
      const response = await context.app.inject({ url: `${COUNT_URL}?location=${encodeURIComponent(location)}` });
      assert.equal(response.statusCode, 200, location);
      assert.equal(response.json().count, expected, location);
    }
    const nowhere = await context.app.inject({ url: `${COUNT_URL}?location=Atlantis` });
    assert.deepEqual({ ...(nowhere.json() as object), properties: undefined }, { count: 0, language: 'fr', properties: undefined });
  });

  it('filters by contract, and by both filters together', async () => {
    const permanent = openOffers('lumen').filter((offer) => offer.contract === 'permanent');
    assert.ok(permanent.length > 1);
    const response = await context.app.inject({ url: `${COUNT_URL}?contract=permanent` });
    assert.equal(response.json().count, permanent.length);
    const both = permanent.filter((offer) => atPlace(offer, PLACES.luxembourg.fr ?? '')).length;
    const query = new URLSearchParams({ contract: 'permanent', location: PLACES.luxembourg.fr ?? '' });
    const combined = await context.app.inject({ url: `${COUNT_URL}?${query}` });
    assert.equal(combined.json().count, both);
    assert.ok(both < permanent.length, 'the location filter narrows the contract filter');
  });

  it('answers the visitor’s language by the one rule: the page’s wish, then Accept-Language, then the board’s (issue 25)', async () => {
    const language = async (query: string, acceptLanguage?: string) =>
      (await context.app.inject({ url: `${COUNT_URL}${query}`, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} })).json().language;
    assert.equal(await language('?language=pl', 'de'), 'pl');
    assert.equal(await language('?language=de-AT'), 'de');
    assert.equal(await language('?language=xx', 'ja, nl;q=0.5'), 'nl');
    assert.equal(await language('', 'de-DE,de;q=0.9'), 'de');
    assert.equal(await language('', 'ja'), 'fr', 'the board’s own');
  });

  it('drops a closed offer from the count', async () => {
    const postingId = demoId(DEMO_PREFIX.posting, 0x02);
    try {
      await context.db.updateTable('postings').set({ status: 'CLOSED' }).where('id', '=', postingId).execute();
      const response = await context.app.inject({ url: COUNT_URL });
      assert.equal(response.json().count, openOffers('lumen').length - 1);
    } finally {
      await context.db.updateTable('postings').set({ status: 'OPEN' }).where('id', '=', postingId).execute();
    }
  });

  it('sends the board answers’ public cache headers and 304 for a current ETag', async () => {
    const first = await context.app.inject({ url: COUNT_URL });
    assert.equal(first.headers['cache-control'], 'public, max-age=60, stale-while-revalidate=300');
    assert.match(String(first.headers.etag), /^"[\w-]+"$/);
    assert.equal(first.headers['access-control-allow-origin'], '*');
    const again = await context.app.inject({ url: COUNT_URL, headers: { 'if-none-match': String(first.headers.etag) } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  it('answers 404 board.notFound, 400 errors.invalidId and 400 errors.invalidQuery', async () => {
    const missing = await context.app.inject({ url: '/v2/boards/64b0b0a4d0000000000000ff/offer-count' });
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { statusCode: 404, error: 'board.notFound' });
    assert.equal(missing.headers['cache-control'], 'no-cache');

    const malformed = await context.app.inject({ url: '/v2/boards/not-a-board/offer-count' });
    assert.deepEqual(malformed.json(), { statusCode: 400, error: 'errors.invalidId' });

    for (const query of [`location=${'x'.repeat(201)}`, 'location=a&location=b', 'contract=permanent&contract=internship', 'contract=CDI']) {
      const response = await context.app.inject({ url: `${COUNT_URL}?${query}` });
      assert.equal(response.statusCode, 400, query);
      assert.deepEqual(response.json(), { statusCode: 400, error: 'errors.invalidQuery' }, query);
    }
  });
});
