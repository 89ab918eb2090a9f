import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { publicSalaryOf } from '@rec/core';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { buildAuthTestApp, OWN_ORIGIN, type AuthTestApp } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';
import { DEMO_SALARIES, PLACE_COUNTRY } from '../../seed/demo-job-places';
import { DEMO_OFFERS } from '../../seed/demo-offers';
import { INDEED_JOB_FIELDS, indeedJobType, salaryText } from './indeed-xml';
import { JSON_FEED_VERSION } from './json-feed';

const XML_FEED = `/v2/boards/${DEMO.boardId}/feed.xml`;
const JSON_FEED = `/v2/boards/${DEMO.boardId}/feed.json`;

type Job = Record<(typeof INDEED_JOB_FIELDS)[number], string>;

/** Reads the feed back with the library that wrote it: CDATA sections joined, as a consumer sees the text. */
function jobsOf(xml: string): Job[] {
  assert.equal(XMLValidator.validate(xml), true, 'well-formed XML');
  const parser = new XMLParser({ cdataPropName: '__cdata', isArray: (name) => name === 'job' || name === '__cdata', parseTagValue: false });
  const document = parser.parse(xml) as { source: { job?: Array<Record<string, { __cdata?: string[] } | string>> } };
  return (document.source.job ?? []).map((job) => {
    const fields: Partial<Job> = {};
    for (const [name, value] of Object.entries(job)) fields[name as keyof Job] = typeof value === 'string' ? value : (value.__cdata ?? []).join('');
    return fields as Job;
  });
}

/** The demo's open offers on the Lumen board (the board rule: open posting, live opening, no spontaneous form). */
const DEMO_BOARD_OFFERS = DEMO_OFFERS.filter(
  (offer) => offer.company === 'lumen' && !offer.spontaneous && (offer.postingStatus ?? 'OPEN') === 'OPEN' && offer.openingStatus !== 'ARCHIVED',
);

describeEachBackend('job feeds', (context) => {
  let t: AuthTestApp;
  let owner: string;
  before(async () => {
    t = await buildAuthTestApp(context.db);
    owner = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
  });
  after(() => t.app.close());
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const recruiter = (method: 'PATCH' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { origin: OWN_ORIGIN, cookie: owner }, ...(payload ? { payload } : {}) });
  const references = async () => jobsOf((await get(XML_FEED)).body).map((job) => job.referencenumber);

  it('lists every language of every open demo posting of the board, each job with all of Indeed’s fields', async () => {
    const response = await get(XML_FEED);
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/xml; charset=utf-8/);
    assert.match(response.body, /^<\?xml version="1.0" encoding="utf-8"\?><source><job><title><!\[CDATA\[/);
    const jobs = jobsOf(response.body);
    const expected = DEMO_BOARD_OFFERS.flatMap((offer) => Object.keys(offer.texts).map((language) => ({ offer, language })));
    assert.ok(expected.length > 10, `demo offers on the board: ${expected.length}`);
    assert.equal(jobs.length, expected.length, 'one job per posting language, nothing else (no closed, archived, spontaneous or other company’s offer)');
    for (const { offer, language } of expected) {
      const postingId = demoId(DEMO_PREFIX.posting, offer.n);
      const job = jobs.find((candidate) => candidate.referencenumber === `${postingId}-${language}`);
      assert.ok(job, `job ${postingId}-${language}`);
      for (const field of INDEED_JOB_FIELDS) assert.equal(typeof job[field], 'string', `${postingId}-${language} has <${field}>`);
      const text = offer.texts[language as keyof typeof offer.texts];
      assert.equal(job.title, text?.title);
      assert.equal(job.date, new Date(offer.publishedAt).toISOString());
      const canonical = `http://rec.test/offer/c/${demoId(DEMO_PREFIX.channel, offer.n)}`;
      assert.equal(job.url, language === offer.language ? canonical : `${canonical}?language=${language}`);
      assert.equal(job.company, 'Lumen Robotics');
      assert.ok(job.city.length > 0, 'the place’s name');
      assert.equal(job.country, PLACE_COUNTRY[offer.place]);
      assert.ok(text && job.description.includes(text.summary.slice(0, 30)), 'the full description, as HTML');
      assert.equal(job.salary, salaryText(publicSalaryOf(DEMO_SALARIES.get(offer.n))), 'the structured range, only when shown');
      assert.equal(job.jobtype, indeedJobType(offer.contract, offer.employmentType));
      assert.ok(job.jobtype.length > 0);
      assert.equal(job.expirationdate, offer.validThrough ? new Date(offer.validThrough).toISOString() : '');
    }
    // A hidden range stays out: posting 0x02 has one with show: false.
    assert.equal(DEMO_SALARIES.get(0x02)?.show, false);
    assert.ok(jobs.filter((job) => job.referencenumber.startsWith(demoId(DEMO_PREFIX.posting, 0x02))).every((job) => job.salary === ''));
    assert.ok(jobs.some((job) => job.salary === '65000-80000 EUR per year'));
    assert.ok(jobs.some((job) => job.salary === '1400 EUR per month'));
  });

  it('answers a JSON Feed 1.1 with the same items', async () => {
    const response = await get(JSON_FEED);
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/feed\+json/);
    const feed = response.json() as Record<string, unknown> & { items: Array<Record<string, unknown>> };
    assert.equal(feed.version, JSON_FEED_VERSION);
    assert.equal(typeof feed.title, 'string');
    assert.equal(feed.home_page_url, `http://rec.test/board/${DEMO.boardId}`);
    assert.equal(feed.feed_url, `http://rec.test${JSON_FEED}`);
    assert.ok(Array.isArray(feed.items));
    const ids = new Set<string>();
    for (const item of feed.items) {
      // Spec: a unique string id, and content_html or content_text; the rest typed as it says.
      assert.equal(typeof item.id, 'string');
      assert.ok(!ids.has(String(item.id)), 'ids are unique');
      ids.add(String(item.id));
      assert.ok(typeof item.content_html === 'string' || typeof item.content_text === 'string');
      assert.equal(typeof item.url, 'string');
      assert.ok(new URL(String(item.url)).href);
      assert.equal(typeof item.title, 'string');
      assert.ok(!Number.isNaN(Date.parse(String(item.date_published))) && String(item.date_published).endsWith('Z'), 'RFC 3339');
      for (const key of Object.keys(item)) assert.ok(['id', 'url', 'title', 'content_html', 'date_published', 'language', 'tags'].includes(key) || key.startsWith('_'), `${key} is a JSON Feed field or an extension`);
    }
    assert.deepEqual([...ids].sort(), (await references()).sort());
  });

  it('keeps a hostile title intact: CDATA with `]]>` split, markup characters as text', async () => {
    const postingId = demoId(DEMO_PREFIX.posting, 0x01);
    const hostile = 'Engineer ]]> <script>alert(1)</script> & "co"';
    await context.db.updateTable('posting_contents').set({ title: hostile }).where('posting_id', '=', postingId).where('language', '=', 'en').execute();
    t.app.domainEvents.emit({ type: 'POSTING_CHANGED', companyId: DEMO.companyId, postingId });
    const body = (await get(XML_FEED)).body;
    assert.ok(body.includes('<title><![CDATA[Engineer ]]]]><![CDATA[> <script>'), 'the section is split around `]]>`');
    assert.equal(jobsOf(body).find((job) => job.referencenumber === `${postingId}-en`)?.title, hostile);
  });

  it('drops a closed posting and adds a published one at once (the cache is invalidated by the writes)', async () => {
    const postingId = demoId(DEMO_PREFIX.posting, 0x05);
    const opening = await context.db.selectFrom('postings').select('opening_id').where('id', '=', postingId).executeTakeFirstOrThrow();
    const first = await get(XML_FEED);
    assert.ok((await references()).some((reference) => reference.startsWith(postingId)));
    assert.equal((await get(XML_FEED, { 'if-none-match': String(first.headers.etag) })).statusCode, 304, 'unchanged: 304');

    const closed = await recruiter('POST', `/v2/jobs/${opening.opening_id}/postings/${postingId}/close`);
    assert.equal(closed.statusCode, 200, closed.body);
    assert.ok(!(await references()).some((reference) => reference.startsWith(postingId)), 'gone from the XML feed');
    assert.ok(!((await get(JSON_FEED)).json() as { items: Array<{ id: string }> }).items.some((item) => item.id.startsWith(postingId)), 'and from the JSON Feed');
    assert.equal((await get(XML_FEED, { 'if-none-match': String(first.headers.etag) })).statusCode, 200, 'the old ETag no longer matches');

    const published = await recruiter('POST', `/v2/jobs/${opening.opening_id}/postings`, {
      language: 'en',
      contents: { en: { title: 'Feed Newcomer', description: '<p>Fresh</p>', contract: 'internship' } },
      channels: ['BOARD'],
      confirmMissingPrivacyNotice: true,
    });
    assert.equal(published.statusCode, 201, published.body);
    const job = jobsOf((await get(XML_FEED)).body).find((candidate) => candidate.title === 'Feed Newcomer');
    assert.ok(job, 'the new posting is in the feed');
    assert.equal(job.jobtype, 'internship');
    assert.equal(job.description, '<p>Fresh</p>');
  });

  it('answers 404 for an unknown board and 400 for a malformed id, without caching either', async () => {
    const unknown = await get(`/v2/boards/${demoId(DEMO_PREFIX.posting, 0xfe)}/feed.xml`);
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.headers['cache-control'], 'no-cache');
    assert.equal((await get('/v2/boards/nope/feed.json')).statusCode, 400);
  });
});
