import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Offer } from '@rec/core';
import { buildAuthTestApp, OWN_ORIGIN, type AuthTestApp } from '../../testing/auth-helpers';
import { describeEachBackend, testBackends } from '../../testing/test-database';
import type { DatabaseHandle } from '../../db/database';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';

const BOARD_OFFERS = `/v2/boards/${DEMO.boardId}/offers?language=en`;
const SAMPLE_POSTING = demoId(DEMO_PREFIX.posting, 0x01);
const SAMPLE_OFFER = `/v2/offers/channel/${DEMO.sampleChannelId}?language=en`;

async function openingOf(db: DatabaseHandle['db'], postingId: string): Promise<string> {
  const row = await db.selectFrom('postings').select('opening_id').where('id', '=', postingId).executeTakeFirstOrThrow();
  return row.opening_id;
}

function titleIn(list: Offer[], postingId: string): string | undefined {
  return list.find((offer) => offer._id === postingId)?.information.title.en;
}

describeEachBackend('public answer cache', (context) => {
  let t: AuthTestApp;
  let owner: string;
  before(async () => {
    // A build's index.html, so the server-rendered pages exist too.
    const distDir = mkdtempSync(join(tmpdir(), 'rec-cache-dist-'));
    mkdirSync(join(distDir, 'host'));
    writeFileSync(join(distDir, 'host', 'index.html'), '<!doctype html><html lang="en"><head><title>Host</title></head><body><div id="root"></div></body></html>');
    t = await buildAuthTestApp(context.db, { config: { distDir } });
    owner = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
  });
  after(() => t.app.close());
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const recruiter = (method: 'PATCH' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { origin: OWN_ORIGIN, cookie: owner }, ...(payload ? { payload } : {}) });

  it('serves a repeated answer from memory: a write that bypasses the services is not seen until one is reported', async () => {
    const first = (await get(BOARD_OFFERS)).json() as Offer[];
    const original = titleIn(first, SAMPLE_POSTING);
    assert.ok(original);
    try {
      await context.db.updateTable('posting_contents').set({ title: 'Changed behind the services' }).where('posting_id', '=', SAMPLE_POSTING).where('language', '=', 'en').execute();
      assert.equal(titleIn((await get(BOARD_OFFERS)).json(), SAMPLE_POSTING), original, 'cached, no database read');
      t.app.domainEvents.emit({ type: 'POSTING_CHANGED', companyId: DEMO.companyId, postingId: SAMPLE_POSTING });
      assert.equal(titleIn((await get(BOARD_OFFERS)).json(), SAMPLE_POSTING), 'Changed behind the services');
    } finally {
      await context.db.updateTable('posting_contents').set({ title: original }).where('posting_id', '=', SAMPLE_POSTING).where('language', '=', 'en').execute();
      t.app.domainEvents.emit({ type: 'POSTING_CHANGED', companyId: DEMO.companyId, postingId: SAMPLE_POSTING });
    }
  });

  it('never answers stale after a posting edit: board list, offer, offer page and board page all change', async () => {
    const openingId = await openingOf(context.db, SAMPLE_POSTING);
    const before = {
      list: (await get(BOARD_OFFERS)).json() as Offer[],
      offer: (await get(SAMPLE_OFFER)).json() as Offer,
      etag: String((await get(BOARD_OFFERS)).headers.etag),
      offerPage: (await get(`/offer/c/${DEMO.sampleChannelId}?language=en`)).body,
      boardPage: (await get(`/board/${DEMO.boardId}?language=en`)).body,
    };
    assert.ok(before.offerPage.includes(String(before.offer.information.title.en)), 'the offer page is rendered');
    const original = before.offer.information.title;
    try {
      const edited = await recruiter('PATCH', `/v2/jobs/${openingId}/postings/${SAMPLE_POSTING}`, {
        contents: { ...Object.fromEntries(Object.entries(original).map(([locale, title]) => [locale, { title }])), en: { title: 'Robot Whisperer' } },
      });
      assert.equal(edited.statusCode, 200, edited.body);
      const after = await get(BOARD_OFFERS);
      assert.equal(titleIn(after.json(), SAMPLE_POSTING), 'Robot Whisperer');
      assert.notEqual(after.headers.etag, before.etag, 'a new ETag for the new body');
      assert.equal(((await get(SAMPLE_OFFER)).json() as Offer).information.title.en, 'Robot Whisperer');
      const stale = await get(BOARD_OFFERS, { 'if-none-match': before.etag });
      assert.equal(stale.statusCode, 200, 'the old ETag no longer matches');
      assert.match((await get(`/offer/c/${DEMO.sampleChannelId}?language=en`)).body, /<h1>Robot Whisperer<\/h1>/, 'the offer page');
      assert.match((await get(`/board/${DEMO.boardId}?language=en`)).body, /Robot Whisperer/, 'the board page');
      assert.ok(!before.boardPage.includes('Robot Whisperer'));
    } finally {
      await recruiter('PATCH', `/v2/jobs/${openingId}/postings/${SAMPLE_POSTING}`, {
        contents: Object.fromEntries(Object.entries(original).map(([locale, title]) => [locale, { title }])),
      });
    }
    assert.equal(titleIn((await get(BOARD_OFFERS)).json(), SAMPLE_POSTING), before.offer.information.title.en);
  });

  it('drops an archived opening’s offer at once, and brings it back on unarchive and publish', async () => {
    const postingId = demoId(DEMO_PREFIX.posting, 0x03);
    const openingId = await openingOf(context.db, postingId);
    const ids = async () => ((await get(BOARD_OFFERS)).json() as Offer[]).map((offer) => offer._id);
    assert.ok((await ids()).includes(postingId));
    const archived = await recruiter('POST', `/v2/jobs/${openingId}/archive`);
    assert.equal(archived.statusCode, 200, archived.body);
    try {
      assert.ok(!(await ids()).includes(postingId), 'gone from the board');
      assert.equal((await get(`/v2/offers/channel/${demoId(DEMO_PREFIX.channel, 0x03)}`)).statusCode, 410);
    } finally {
      await recruiter('POST', `/v2/jobs/${openingId}/unarchive`);
      await recruiter('POST', `/v2/jobs/${openingId}/publish`);
      await context.db.updateTable('postings').set({ status: 'OPEN' }).where('id', '=', postingId).execute();
      t.app.domainEvents.emit({ type: 'OPENING_CHANGED', companyId: DEMO.companyId, openingId });
    }
    assert.ok((await ids()).includes(postingId));
  });

  it('closes a posting: the next board answer leaves it out', async () => {
    const postingId = demoId(DEMO_PREFIX.posting, 0x05);
    const openingId = await openingOf(context.db, postingId);
    const ids = async () => ((await get(BOARD_OFFERS)).json() as Offer[]).map((offer) => offer._id);
    assert.ok((await ids()).includes(postingId));
    try {
      const closed = await recruiter('POST', `/v2/jobs/${openingId}/postings/${postingId}/close`);
      assert.equal(closed.statusCode, 200, closed.body);
      assert.ok(!(await ids()).includes(postingId));
    } finally {
      await context.db.updateTable('postings').set({ status: 'OPEN' }).where('id', '=', postingId).execute();
      t.app.domainEvents.emit({ type: 'POSTING_CHANGED', companyId: DEMO.companyId, postingId });
    }
  });

  it('keeps another company’s cached answers when one company writes', async () => {
    await get(`/v2/boards/${DEMO.otherBoardId}/offers`);
    await get(BOARD_OFFERS);
    const sizeBefore = t.app.publicAnswers.size;
    t.app.domainEvents.emit({ type: 'COMPANY_CHANGED', companyId: DEMO.companyId });
    const other = await get(`/v2/boards/${DEMO.otherBoardId}/offers`);
    assert.equal(other.statusCode, 200);
    assert.ok(t.app.publicAnswers.size >= 1 && t.app.publicAnswers.size < sizeBefore, 'only the writer’s answers dropped');
  });

  it('serves the pages from the cache too: compressed, with their ETag, HTML for any Accept', async () => {
    const url = `/offer/c/${DEMO.sampleChannelId}?language=fr`;
    const plain = await get(url, { accept: '*/*' });
    const br = await get(url, { accept: 'text/html', 'accept-encoding': 'br' });
    assert.equal(plain.statusCode, 200);
    assert.match(String(plain.headers['content-type']), /^text\/html/);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body);
    assert.equal(br.headers['cache-control'], 'no-cache');
    assert.equal((await get(url, { 'if-none-match': String(br.headers.etag) })).statusCode, 304);
  });

  it('compresses JSON with br or gzip once per body, with Vary and a per-coding ETag, and 304s any of them', async () => {
    const plain = await get(BOARD_OFFERS);
    const br = await get(BOARD_OFFERS, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get(BOARD_OFFERS, { 'accept-encoding': 'gzip' });
    const refused = await get(BOARD_OFFERS, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(refused.headers['content-encoding'], undefined);
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body);
    assert.equal(gunzipSync(gz.rawPayload).toString(), plain.body);
    assert.ok(br.rawPayload.length < plain.rawPayload.length / 2, `br ${br.rawPayload.length} vs ${plain.rawPayload.length}`);
    assert.match(String(br.headers.vary), /Accept-Encoding/);
    assert.notEqual(br.headers.etag, plain.headers.etag);
    assert.equal(br.headers['cache-control'], 'public, max-age=60, stale-while-revalidate=300');
    for (const etag of [plain.headers.etag, br.headers.etag, gz.headers.etag]) {
      const again = await get(BOARD_OFFERS, { 'accept-encoding': 'br', 'if-none-match': String(etag) });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
    }
    // The same compressed bytes each time: encoded once and kept with the body.
    const brAgain = await get(BOARD_OFFERS, { 'accept-encoding': 'br' });
    assert.ok(brAgain.rawPayload.equals(br.rawPayload));
  });
});

/** Two instances on one database and one Redis: what a load balancer in front of two API processes sees. */
const redisUrl = process.env.TEST_REDIS_URL?.trim();
describe('public answer cache across instances through Redis', { skip: redisUrl ? false : 'TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379): two-instance invalidation not tested' }, () => {
  const [backend] = testBackends();
  let handle: DatabaseHandle;
  let a: AuthTestApp;
  let b: AuthTestApp;
  before(async () => {
    if (!backend) throw new Error('no test backend');
    handle = await backend.open();
    a = await buildAuthTestApp(handle.db, { config: { redisUrl } });
    b = await buildAuthTestApp(handle.db, { config: { redisUrl } });
    await Promise.all([a.app.ready(), b.app.ready()]);
  });
  after(async () => {
    await a?.app.close();
    await b?.app.close();
    await handle?.close();
  });

  it('a posting edited on instance A is seen on instance B within a second', async () => {
    const openingId = await openingOf(handle.db, SAMPLE_POSTING);
    const onB = async () => titleIn((await b.app.inject({ url: BOARD_OFFERS })).json(), SAMPLE_POSTING);
    const original = await onB();
    assert.ok(original, 'B has the board cached');
    assert.equal(await onB(), original);
    const owner = await a.cookieFor(DEMO_ACCOUNTS.owner.id);
    const edited = await a.app.inject({
      method: 'PATCH',
      url: `/v2/jobs/${openingId}/postings/${SAMPLE_POSTING}`,
      headers: { origin: OWN_ORIGIN, cookie: owner },
      payload: { contents: { en: { title: 'Seen on B' } } },
    });
    assert.equal(edited.statusCode, 200, edited.body);
    const started = Date.now();
    let seen = await onB();
    while (seen !== 'Seen on B' && Date.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await onB();
    }
    assert.equal(seen, 'Seen on B', 'B answers the edit within a second');
    console.log(`# B saw A's write after ${Date.now() - started} ms`);
  });
});
