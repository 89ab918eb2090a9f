import assert from 'node:assert/strict';
import { it } from 'node:test';
import { type Offer, OfferSchema } from '@rec/core';
import * as v from 'valibot';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';
import { describeEachBackend } from '../../testing/test-database';
import { reportDirectWrite } from '../../testing/direct-writes';

const channelUrl = (channelId: string, query = '') => `/v2/offers/channel/${channelId}${query}`;

describeEachBackend('GET /v2/offers/channel/:channelId', (context) => {
  async function offer(channelId: string, query = '', headers: Record<string, string> = {}): Promise<Offer> {
    const response = await context.app.inject({ url: channelUrl(channelId, query), headers });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.ok(v.is(OfferSchema, body), 'matches OfferSchema');
    return body;
  }

  it('answers an open offer with descriptions, company and validity', async () => {
    const body = await offer(DEMO.sampleChannelId);
    assert.equal(body._id, demoId(DEMO_PREFIX.posting, 1));
    assert.equal(body.channelId, DEMO.sampleChannelId);
    assert.equal(body.language, 'fr');
    assert.ok(body.company);
    const { privacyNotices = [], ...company } = body.company;
    // Every notice the company wrote, its default language (French) first, each with its version.
    assert.deepEqual(
      privacyNotices.map((notice) => [notice.language, /^[0-9a-f]{16}$/.test(notice.version)]),
      [['fr', true], ['de', true], ['en', true]],
    );
    assert.equal(privacyNotices[0]?.text, 'Lumen Robotics traite vos données pour gérer votre candidature et les conserve deux ans. Vous pouvez demander leur suppression à tout moment.');
    assert.deepEqual(company, {
      _id: DEMO.companyId,
      name: 'Lumen Robotics',
      logo: 'http://rec.test/demo/logos/lumen-robotics.png',
      sameAs: ['https://lumen-robotics.example/', 'https://www.linkedin.com/company/lumen-robotics-example'],
    });
    assert.deepEqual(body.salary, { min: 65_000, max: 80_000, currency: 'EUR', period: 'YEAR' });
    assert.deepEqual(body.place, { country: 'LU', remote: false });
    assert.deepEqual(body.applyOptions, { indeed: false });
    assert.equal(body.employmentType, 'FULL_TIME');
    assert.deepEqual(body.url, { canonical: `http://rec.test/offer/c/${DEMO.sampleChannelId}` });
    assert.equal(body.datePosted, '2026-10-01T08:00:00.000Z');
    assert.equal(body.validThrough, null);
    assert.deepEqual(Object.keys(body.information.title).sort(), ['de', 'en', 'fr']);
    assert.deepEqual(Object.keys(body.information.description ?? {}).sort(), ['de', 'en', 'fr']);
    assert.match(body.information.description?.fr ?? '', /^<p>Vous rejoignez .*<ul><li>.*<\/li><\/ul>/);
    assert.match(body.information.description?.en ?? '', /<strong>What you will do<\/strong>/);
    assert.equal(body.information.location?.de, 'Luxemburg');
    assert.equal(body.contractType, 'permanent', 'a contract code, translated by clients');
  });

  it('reports validThrough when the posting has one', async () => {
    const body = await offer(demoId(DEMO_PREFIX.channel, 0x04));
    assert.equal(body.validThrough, '2027-01-31T23:59:59.000Z');
  });

  it('shows the offer in the requested language when it is written in it, else in its own', async () => {
    assert.equal((await offer(DEMO.sampleChannelId, '?language=de')).language, 'de');
    assert.equal((await offer(DEMO.sampleChannelId, '?lang=en')).language, 'en');
    assert.equal((await offer(DEMO.sampleChannelId, '?language=pt')).language, 'fr', 'no Portuguese text: own language');
    assert.equal((await offer(DEMO.sampleChannelId, '', { 'accept-language': 'en-GB,en;q=0.9' })).language, 'en');
    assert.equal((await offer(DEMO.sampleChannelId, '?language=de', { 'accept-language': 'en' })).language, 'de', 'query beats header');
    // Issue 25: the visitor's language is Portuguese (the one rule); no posting in it: the offer's own.
    assert.equal((await offer(DEMO.sampleChannelId, '', { 'accept-language': 'pt, de;q=0.5' })).language, 'fr', 'the visitor’s language, else its own');
    // A language named by the link is the only wish: not written in it, the offer's own language, not the browser's English.
    assert.equal((await offer(DEMO.sampleChannelId, '?language=pt', { 'accept-language': 'pt,en;q=0.9' })).language, 'fr', 'never silently English');
  });

  it('reaches the same posting through another channel kind', async () => {
    const shared = await offer(DEMO.shareChannelId);
    assert.equal(shared._id, demoId(DEMO_PREFIX.posting, 1));
    assert.equal(shared.channelId, DEMO.shareChannelId);
    assert.equal(shared.url.canonical, `http://rec.test/offer/c/${DEMO.shareChannelId}`);
  });

  it('answers the spontaneous application offer through its channel', async () => {
    const spontaneous = await offer(DEMO.spontaneousChannelId, '?language=en');
    assert.equal(spontaneous.information.title.en, 'Spontaneous application');
    assert.equal(spontaneous.language, 'en');
    // Its own layout: no contract, and clients know it is the spontaneous application.
    assert.equal(spontaneous.spontaneous, true);
    assert.equal(spontaneous.contractType, null);
    assert.doesNotMatch(spontaneous.information.description?.en ?? '', /What you will do/);
    assert.equal((await offer(DEMO.sampleChannelId)).spontaneous, undefined);
  });

  it('answers contract codes (translated by clients) and their schema.org employmentType', async () => {
    const dataScientist = await offer(demoId(DEMO_PREFIX.channel, 0x04));
    assert.equal(dataScientist.contractType, 'fixed-term');
    assert.equal(dataScientist.employmentType, 'TEMPORARY');
    assert.equal((dataScientist.information as Record<string, unknown>).contract, undefined, 'no stored word per language');
    const apprentice = await offer(demoId(DEMO_PREFIX.channel, 0x0e));
    assert.deepEqual([apprentice.contractType, apprentice.employmentType], ['apprenticeship', 'OTHER']);
    // A word left from before the codes is no contract at all rather than raw text.
    const postingId = demoId(DEMO_PREFIX.posting, 0x04);
    try {
      await context.db.updateTable('posting_contents').set({ contract: 'Mi-temps' }).where('posting_id', '=', postingId).execute();
      reportDirectWrite(context.app);
      assert.equal((await offer(demoId(DEMO_PREFIX.channel, 0x04))).contractType, null);
    } finally {
      await context.db.updateTable('posting_contents').set({ contract: 'fixed-term' }).where('posting_id', '=', postingId).execute();
      reportDirectWrite(context.app);
    }
  });

  it('answers an offer of the second company with that company', async () => {
    const other = await offer(DEMO.otherSampleChannelId);
    assert.equal(other.company?._id, DEMO.otherCompanyId);
    assert.equal(other.company?.name, 'Nordwind Logistik');
    assert.equal(other.language, 'de');
  });

  it('answers an offer by its posting id through its board channel', async () => {
    const response = await context.app.inject({ url: `/v2/offers/${demoId(DEMO_PREFIX.posting, 1)}?language=en` });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().channelId, DEMO.sampleChannelId);
    assert.equal((await context.app.inject({ url: '/v2/offers/64b0905e00000000000000ff' })).statusCode, 404);
  });

  it('answers 410 offer.closed for an archived opening or a closed posting, with CORS', async () => {
    for (const channelId of [DEMO.closedChannelId, DEMO.closedPostingChannelId]) {
      const response = await context.app.inject({ url: channelUrl(channelId), headers: { origin: 'https://careers.example.com' } });
      assert.equal(response.statusCode, 410, channelId);
      assert.deepEqual(response.json(), { statusCode: 410, error: 'offer.closed' });
      assert.equal(response.headers['access-control-allow-origin'], '*');
      assert.equal(response.headers.etag, undefined, 'errors carry no validator');
    }
  });

  it('answers 404 offer.notFound for an unknown channel', async () => {
    const response = await context.app.inject({ url: channelUrl('64b0c4a100000000000000ff') });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { statusCode: 404, error: 'offer.notFound' });
  });

  it('answers 400 errors.invalidId for a malformed channel id', async () => {
    for (const id of ['123', 'G4b0c4a10000000000000001', `${DEMO.sampleChannelId}0`, '%20']) {
      const response = await context.app.inject({ url: channelUrl(id) });
      assert.equal(response.statusCode, 400, id);
      assert.deepEqual(response.json(), { statusCode: 400, error: 'errors.invalidId' });
    }
  });

  it('answers 400 errors.invalidQuery for a repeated language', async () => {
    const response = await context.app.inject({ url: channelUrl(DEMO.sampleChannelId, '?lang=fr&lang=de') });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { statusCode: 400, error: 'errors.invalidQuery' });
  });

  it('sends the public cache headers and honours If-None-Match', async () => {
    const first = await context.app.inject({ url: channelUrl(DEMO.sampleChannelId) });
    assert.equal(first.headers['cache-control'], 'public, max-age=60, stale-while-revalidate=300');
    assert.equal(first.headers.vary, 'Accept-Encoding, Accept-Language');
    assert.equal(first.headers['access-control-allow-origin'], '*');
    const again = await context.app.inject({ url: channelUrl(DEMO.sampleChannelId), headers: { 'if-none-match': String(first.headers.etag) } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  it('turns 200 into 410 as soon as the posting closes', async () => {
    const postingId = demoId(DEMO_PREFIX.posting, 0x07);
    const channelId = demoId(DEMO_PREFIX.channel, 0x07);
    try {
      await context.db.updateTable('postings').set({ status: 'CLOSED' }).where('id', '=', postingId).execute();
      reportDirectWrite(context.app);
      assert.equal((await context.app.inject({ url: channelUrl(channelId) })).statusCode, 410);
    } finally {
      await context.db.updateTable('postings').set({ status: 'OPEN' }).where('id', '=', postingId).execute();
      reportDirectWrite(context.app);
    }
    assert.equal((await context.app.inject({ url: channelUrl(channelId) })).statusCode, 200);
  });
});
