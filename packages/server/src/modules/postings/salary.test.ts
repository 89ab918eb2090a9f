import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { ERROR_KEYS, type OpeningResource, type PostingResource } from '@rec/core';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO_OPENING_IDS } from '../../seed/demo-openings';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';

const RANGE = { min: 52_000, max: 61_000, currency: 'EUR', period: 'YEAR', show: true } as const;

describeEachBackend('salary ranges of openings and postings (issue 17)', (context) => {
  let t: AuthTestApp;
  const cookies: Record<string, string> = {};
  before(async () => {
    t = await buildAuthTestApp(context.db);
    cookies.owner = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
    cookies.otherOwner = await t.cookieFor(DEMO_ACCOUNTS.otherOwner.id);
  });
  after(() => t.app.close());
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, who = 'owner') =>
    t.app.inject({ method, url, headers: { origin: OWN_ORIGIN, cookie: cookies[who] ?? '' }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

  it('stores an opening’s range, changes and clears it', async () => {
    const created = await call('POST', '/v2/jobs', { title: 'Welder', language: 'en', salary: RANGE });
    assert.equal(created.statusCode, 201);
    const opening = created.json<OpeningResource>();
    assert.deepEqual(opening.salary, RANGE);
    const changed = await call('PATCH', `/v2/jobs/${opening._id}`, { salary: { ...RANGE, show: false, period: 'MONTH', min: 4000, max: 4500 } });
    assert.deepEqual(changed.json<OpeningResource>().salary, { ...RANGE, show: false, period: 'MONTH', min: 4000, max: 4500 });
    const untouched = await call('PATCH', `/v2/jobs/${opening._id}`, { title: 'Welder (TIG)' });
    assert.equal(untouched.json<OpeningResource>().salary?.min, 4000, 'a patch without salary keeps it');
    const cleared = await call('PATCH', `/v2/jobs/${opening._id}`, { salary: null });
    assert.equal(cleared.json<OpeningResource>().salary, null);
    const copy = await call('POST', '/v2/jobs', { baseOpening: DEMO_OPENING_IDS.published });
    assert.equal(copy.statusCode, 201);
  });

  it('answers a bad range with 400 and a key the form translates', async () => {
    const above = await call('POST', '/v2/jobs', { title: 'Welder', language: 'en', salary: { ...RANGE, min: 70_000 } });
    assert.equal(above.statusCode, 400);
    assert.equal(above.json().error, ERROR_KEYS.salaryMinAboveMax);
    const negative = await call('PATCH', `/v2/jobs/${DEMO_OPENING_IDS.published}`, { salary: { ...RANGE, min: -5 } });
    assert.equal(negative.statusCode, 400);
    assert.equal(negative.json().error, ERROR_KEYS.salaryAmount);
    const currency = await call('PATCH', `/v2/jobs/${DEMO_OPENING_IDS.published}`, { salary: { ...RANGE, currency: 'BTC' } });
    assert.equal(currency.statusCode, 400);
    assert.equal(currency.json().error, ERROR_KEYS.badRequest);
  });

  it('copies the opening’s range into a new posting, lets the posting have its own, and shows it publicly only when switched on', async () => {
    const opening = DEMO_OPENING_IDS.published;
    assert.equal((await call('PATCH', `/v2/jobs/${opening}`, { salary: RANGE })).statusCode, 200);
    const body = { language: 'en', contents: { en: { title: 'Robot whisperer', description: '<p>Hi</p>', location: 'Esch' } }, channels: ['SHARE'], addressCountry: 'lu' };
    const inherited = await call('POST', `/v2/jobs/${opening}/postings`, body);
    assert.equal(inherited.statusCode, 201);
    const posting = inherited.json<PostingResource>();
    assert.deepEqual(posting.salary, RANGE, 'the opening’s range');
    assert.equal(posting.addressCountry, 'LU');
    assert.equal(posting.remote, false);

    const channelId = posting.channels[0]?._id ?? '';
    const offer = (await t.app.inject({ url: `/v2/offers/channel/${channelId}` })).json();
    assert.deepEqual(offer.salary, { min: 52_000, max: 61_000, currency: 'EUR', period: 'YEAR' });
    assert.deepEqual(offer.place, { country: 'LU', remote: false });

    const hidden = await call('PATCH', `/v2/jobs/${opening}/postings/${posting._id}`, { salary: { ...RANGE, show: false }, remote: true });
    assert.equal(hidden.statusCode, 200);
    assert.equal(hidden.json<PostingResource>().salary?.show, false);
    const hiddenOffer = (await t.app.inject({ url: `/v2/offers/channel/${channelId}` })).json();
    assert.equal(hiddenOffer.salary, undefined, 'a hidden range never reaches visitors');
    assert.deepEqual(hiddenOffer.place, { country: 'LU', remote: true });

    const own = await call('POST', `/v2/jobs/${opening}/postings`, { ...body, salary: null });
    assert.equal(own.json<PostingResource>().salary, null, 'null: this posting states none');
    const bad = await call('POST', `/v2/jobs/${opening}/postings`, { ...body, salary: { ...RANGE, max: 10 } });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().error, ERROR_KEYS.salaryMinAboveMax);
  });

  it('keeps another company’s recruiter away from the range', async () => {
    const foreign = await call('PATCH', `/v2/jobs/${DEMO_OPENING_IDS.published}`, { salary: RANGE }, 'otherOwner');
    assert.equal(foreign.statusCode, 404);
  });
});
