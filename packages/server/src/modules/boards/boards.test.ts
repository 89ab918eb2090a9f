import assert from 'node:assert/strict';
import { it } from 'node:test';
import { BoardOffersSchema, BoardSchema, LOCALES, type Locale, type Offer, pickText } from '@rec/core';
import * as v from 'valibot';
import { DEMO_BOARD_NAMES } from '../../seed/demo-board-names';
import { DEMO_LUMEN_BRAND } from '../../seed/demo-brand';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';
import { DEMO_OFFERS } from '../../seed/demo-offers';
import { describeEachBackend } from '../../testing/test-database';
import { reportDirectWrite } from '../../testing/direct-writes';
import { companyTheme } from '../branding/service';
import { PLACES } from '../../seed/demo-offers';

const BOARD_URL = `/v2/boards/${DEMO.boardId}`;
const OFFERS_URL = `${BOARD_URL}/offers`;

/** Board channels of the open, non-spontaneous demo offers of a company, derived from the seed data. */
function openChannelIds(company: 'lumen' | 'nordwind'): string[] {
  return DEMO_OFFERS.filter(
    (offer) => offer.company === company && !offer.spontaneous && offer.openingStatus !== 'ARCHIVED' && offer.postingStatus !== 'CLOSED',
  )
    .map((offer) => demoId(DEMO_PREFIX.channel, offer.n))
    .sort();
}

function shownTitles(offers: Offer[], locale: Locale): string[] {
  return offers.map((offer) => pickText(offer.information.title, locale, offer.language));
}

function assertSortedFor(offers: Offer[], locale: Locale): void {
  const collator = new Intl.Collator(locale);
  const titles = shownTitles(offers, locale);
  for (let i = 1; i < titles.length; i++) {
    const previous = titles[i - 1] ?? '';
    const current = titles[i] ?? '';
    assert.ok(collator.compare(previous, current) <= 0, `${locale}: "${previous}" should not come before "${current}"`);
  }
}

describeEachBackend('GET /v2/boards/:id', (context) => {
  it('answers the board with its company and spontaneous offer URL', async () => {
    const response = await context.app.inject({ url: BOARD_URL });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.ok(v.is(BoardSchema, body), 'matches BoardSchema');
    assert.deepEqual(body, {
      _id: DEMO.boardId,
      language: 'fr',
      name: 'Carrières Lumen Robotics',
      names: DEMO_BOARD_NAMES.lumen,
      company: { _id: DEMO.companyId, name: 'Lumen Robotics' },
      spontaneousOfferChannelUrl: `http://rec.test/offer/c/${DEMO.spontaneousChannelId}`,
      // The demo company's seeded brand (no default logo of ours: the branding tests set one).
      theme: companyTheme({ brand: DEMO_LUMEN_BRAND }),
    });
  });

  it('answers the second company board, which has no spontaneous offer', async () => {
    const response = await context.app.inject({ url: `/v2/boards/${DEMO.otherBoardId}` });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      _id: DEMO.otherBoardId,
      language: 'de',
      name: 'Karriere bei Nordwind Logistik',
      names: DEMO_BOARD_NAMES.nordwind,
      company: { _id: DEMO.otherCompanyId, name: 'Nordwind Logistik' },
      spontaneousOfferChannelUrl: null,
      theme: { brand: {}, properties: {} },
    });
  });

  it('names the board in the nine languages, falling back to its own name for a language without one', async () => {
    const body = (await context.app.inject({ url: BOARD_URL })).json();
    assert.deepEqual(Object.keys(body.names).sort(), [...LOCALES].sort());
    assert.equal(body.names.pl, 'Kariera w Lumen Robotics');
    try {
      await context.db.updateTable('boards').set({ names: { de: 'Karriere', xx: 'junk', en: ' ' } }).where('id', '=', DEMO.boardId).execute();
      reportDirectWrite(context.app);
      const partial = (await context.app.inject({ url: BOARD_URL })).json();
      assert.deepEqual(partial.names, { de: 'Karriere', fr: 'Carrières Lumen Robotics' }, 'own language always there; unknown and blank dropped');
    } finally {
      await context.db.updateTable('boards').set({ names: DEMO_BOARD_NAMES.lumen }).where('id', '=', DEMO.boardId).execute();
      reportDirectWrite(context.app);
    }
  });

  it('answers 404 board.notFound for an unknown id', async () => {
    for (const url of ['/v2/boards/64b0b0a4d0000000000000ff', '/v2/boards/64b0b0a4d0000000000000ff/offers']) {
      const response = await context.app.inject({ url });
      assert.equal(response.statusCode, 404, url);
      assert.deepEqual(response.json(), { statusCode: 404, error: 'board.notFound' });
    }
  });

  it('answers 400 errors.invalidId for a malformed id', async () => {
    const malformed = ['abc', '64B0B0A4D000000000000001', '64b0b0a4d0000000000000011', '64b0b0a4d00000000000000g', 'null'];
    for (const id of malformed) {
      for (const url of [`/v2/boards/${id}`, `/v2/boards/${id}/offers`]) {
        const response = await context.app.inject({ url });
        assert.equal(response.statusCode, 400, url);
        assert.deepEqual(response.json(), { statusCode: 400, error: 'errors.invalidId' });
      }
    }
  });

  it('sends public cache headers, a strong ETag and CORS without credentials', async () => {
    const response = await context.app.inject({ url: BOARD_URL, headers: { origin: 'https://careers.example.com' } });
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['access-control-allow-credentials'], undefined);
    assert.equal(response.headers['cache-control'], 'public, max-age=60, stale-while-revalidate=300');
    assert.equal(response.headers.vary, 'Accept-Encoding, Accept-Language');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.match(String(response.headers.etag), /^"[\w-]+"$/);
  });

  it('answers 304 without a body when If-None-Match holds the current ETag', async () => {
    const first = await context.app.inject({ url: BOARD_URL });
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await context.app.inject({ url: BOARD_URL, headers: { 'if-none-match': ifNoneMatch } });
      assert.equal(again.statusCode, 304, ifNoneMatch);
      assert.equal(again.body, '');
      assert.equal(again.headers.etag, etag);
      assert.equal(again.headers['access-control-allow-origin'], '*');
    }
    const stale = await context.app.inject({ url: BOARD_URL, headers: { 'if-none-match': '"stale"' } });
    assert.equal(stale.statusCode, 200);
    assert.equal(stale.body, first.body);
  });

  it('answers CORS preflights on the public routes', async () => {
    const response = await context.app.inject({
      method: 'OPTIONS',
      url: OFFERS_URL,
      headers: { origin: 'https://careers.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'accept-language' },
    });
    assert.equal(response.statusCode, 204);
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.match(String(response.headers['access-control-allow-methods']), /GET/);
    assert.equal(response.headers['access-control-allow-credentials'], undefined);
  });

  it('keeps CORS on errors so a widget can read them, and answers HEAD without a body', async () => {
    const missing = await context.app.inject({ url: '/v2/boards/64b0b0a4d0000000000000ff' });
    assert.equal(missing.headers['access-control-allow-origin'], '*');
    assert.equal(missing.headers['cache-control'], 'no-cache');
    const head = await context.app.inject({ method: 'HEAD', url: BOARD_URL });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
    assert.ok(head.headers.etag);
    const conditionalHead = await context.app.inject({ method: 'HEAD', url: BOARD_URL, headers: { 'if-none-match': String(head.headers.etag) } });
    assert.ok(conditionalHead.statusCode < 500, `conditional HEAD: ${conditionalHead.statusCode}`);
    assert.equal(conditionalHead.body, '');
  });
});

describeEachBackend('GET /v2/boards/:id/offers', (context) => {
  async function offers(query = '', headers: Record<string, string> = {}): Promise<Offer[]> {
    const response = await context.app.inject({ url: `${OFFERS_URL}${query}`, headers });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.ok(v.is(BoardOffersSchema, body), 'matches BoardOffersSchema');
    return body;
  }
  const order = (list: Offer[]) => list.map((offer) => offer.channelId);

  it('lists exactly the open board offers: no spontaneous, no closed, no other company', async () => {
    const list = await offers();
    assert.ok(list.length >= 12, `at least 12 offers, got ${list.length}`);
    assert.deepEqual([...order(list)].sort(), openChannelIds('lumen'));
    const ids = new Set(order(list));
    for (const hidden of [DEMO.spontaneousChannelId, DEMO.closedChannelId, DEMO.closedPostingChannelId, DEMO.shareChannelId, ...openChannelIds('nordwind')]) {
      assert.ok(!ids.has(hidden), `${hidden} must not be listed`);
    }
  });

  it('shapes each offer without description, with its channel URL and posting date', async () => {
    const list = await offers();
    const sample = list.find((offer) => offer.channelId === DEMO.sampleChannelId);
    assert.deepEqual(sample, {
      _id: demoId(DEMO_PREFIX.posting, 1),
      language: 'fr',
      channelId: DEMO.sampleChannelId,
      information: {
        title: {
          de: 'Embedded-Softwareentwickler:in (C++/ROS)',
          en: 'Embedded Software Engineer (C++/ROS)',
          fr: 'Ingénieur·e logiciel embarqué (C++/ROS)',
        },
        // Its place's names in every language (issue 25), not only the posting's own texts.
        location: PLACES.luxembourg,
      },
      placeId: 'LU:luxembourg',
      url: { canonical: `http://rec.test/offer/c/${DEMO.sampleChannelId}` },
      datePosted: '2026-10-01T08:00:00.000Z',
      contractType: 'permanent',
      salary: { min: 65_000, max: 80_000, currency: 'EUR', period: 'YEAR' },
    });
    assert.ok(list.every((offer) => offer.information.description === undefined));
  });

  it('sorts by the title shown in the page language, with that language’s collation', async () => {
    const byLanguage = new Map<Locale, Offer[]>();
    for (const locale of ['fr', 'en', 'de', 'nl', 'pl', 'lb'] as const) {
      const list = await offers(`?language=${locale}`);
      assertSortedFor(list, locale);
      byLanguage.set(locale, list);
    }
    // The orders really differ, so the checks below can tell the languages apart.
    assert.notDeepEqual(order(byLanguage.get('fr') ?? []), order(byLanguage.get('en') ?? []));
    assert.notDeepEqual(order(byLanguage.get('fr') ?? []), order(byLanguage.get('de') ?? []));

    // A code-point sort would put "É" after every ASCII letter; the French collator puts it with "E".
    const fr = shownTitles(byLanguage.get('fr') ?? [], 'fr');
    const electro = fr.indexOf('Électronicien·ne de puissance');
    assert.ok(electro > fr.indexOf('Développeur·se full-stack TypeScript'), fr.join(' | '));
    assert.ok(electro < fr.indexOf('Ingénieur·e logiciel embarqué (C++/ROS)'), fr.join(' | '));
  });

  it('falls back to the posting language for a title missing in the page language', async () => {
    const list = await offers('?language=en');
    const purchasing = list.find((offer) => offer.channelId === demoId(DEMO_PREFIX.channel, 0x06));
    assert.ok(purchasing);
    assert.equal(purchasing.information.title.en, undefined);
    const en = shownTitles(list, 'en');
    const fallback = en.indexOf('Responsable des achats électroniques');
    assert.ok(fallback !== -1, 'the French title stands in');
    assert.ok(fallback > en.indexOf('Power Electronics Engineer'), en.join(' | '));
    assert.ok(fallback < en.indexOf('Robotics Maintenance Technician'), en.join(' | '));
  });

  it('takes the page language from the query, then Accept-Language, then the board', async () => {
    const fr = order(await offers('?language=fr'));
    const en = order(await offers('?language=en'));
    const de = order(await offers('?language=de'));
    assert.deepEqual(order(await offers()), fr, 'board language without query or header');
    assert.deepEqual(order(await offers('', { 'accept-language': 'de-DE,de;q=0.9' })), de, 'Accept-Language');
    assert.deepEqual(order(await offers('?language=en', { 'accept-language': 'de' })), en, 'query beats the header');
    assert.deepEqual(order(await offers('?lang=en', { 'accept-language': 'de' })), en, 'lang alias');
    assert.deepEqual(order(await offers('?language=xx', { 'accept-language': 'de' })), de, 'unsupported query skipped');
    assert.deepEqual(order(await offers('', { 'accept-language': 'en;q=0.4, de;q=0.8' })), de, 'q-values honoured');
    assert.deepEqual(order(await offers('', { 'accept-language': 'ja, zh;q=0.5' })), fr, 'no supported language: board');
  });

  it('answers 400 errors.invalidQuery for a repeated language', async () => {
    const response = await context.app.inject({ url: `${OFFERS_URL}?language=fr&language=en` });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { statusCode: 400, error: 'errors.invalidQuery' });
  });

  it('keeps the second company’s board to its own three offers', async () => {
    const response = await context.app.inject({ url: `/v2/boards/${DEMO.otherBoardId}/offers` });
    assert.equal(response.statusCode, 200);
    const list: Offer[] = response.json();
    assert.deepEqual([...order(list)].sort(), openChannelIds('nordwind'));
    assert.equal(list.length, 3);
    const lumenIds = new Set(openChannelIds('lumen'));
    assert.ok(order(list).every((id) => !lumenIds.has(id)));
    // German board: German collation of German titles.
    assertSortedFor(list, 'de');
  });

  it('gives each language its own ETag, and 304 for the matching one', async () => {
    const fr = await context.app.inject({ url: `${OFFERS_URL}?language=fr` });
    const en = await context.app.inject({ url: `${OFFERS_URL}?language=en` });
    assert.notEqual(fr.headers.etag, en.headers.etag);
    const again = await context.app.inject({ url: `${OFFERS_URL}?language=fr`, headers: { 'if-none-match': String(fr.headers.etag) } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  it('drops an offer from the list once its posting closes or its opening is archived', async () => {
    const postingId = demoId(DEMO_PREFIX.posting, 0x02);
    const openingId = demoId(DEMO_PREFIX.opening, 0x03);
    const channelOf = (n: number) => demoId(DEMO_PREFIX.channel, n);
    try {
      await context.db.updateTable('postings').set({ status: 'CLOSED' }).where('id', '=', postingId).execute();
      await context.db.updateTable('openings').set({ status: 'ARCHIVED' }).where('id', '=', openingId).execute();
      reportDirectWrite(context.app);
      const ids = order(await offers());
      assert.ok(!ids.includes(channelOf(0x02)), 'closed posting hidden');
      assert.ok(!ids.includes(channelOf(0x03)), 'archived opening hidden');
      assert.equal(ids.length, openChannelIds('lumen').length - 2);
    } finally {
      await context.db.updateTable('postings').set({ status: 'OPEN' }).where('id', '=', postingId).execute();
      await context.db.updateTable('openings').set({ status: 'PUBLISHED' }).where('id', '=', openingId).execute();
      reportDirectWrite(context.app);
    }
    assert.equal((await offers()).length, openChannelIds('lumen').length);
  });
});
