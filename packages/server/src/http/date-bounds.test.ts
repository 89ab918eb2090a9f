import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { ERROR_KEYS } from '@rec/core';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { DEMO_PREFIX, demoId } from '../seed/demo-ids';
import { DEMO_INSIGHTS } from '../seed/demo-insights';
import { DEMO_OPENING_IDS } from '../seed/demo-openings';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../testing/auth-helpers';
import { describeEachBackend } from '../testing/test-database';

/** Issue 24 (L3): the dates an attack run sent, each of which answered 500 before one bounded date schema. */
const FAR_DAYS = ['9999-12-31', '0000-01-01'];
const FAR_TIMESTAMPS = ['9999-12-31T23:59:59-16:00', '0000-01-01T00:00:00Z', '2026-06-01T12:00:00-16:00', '9999-12-31T23:59:59Z'];

describeEachBackend('dates out of range (issue 24, L3)', (context) => {
  let t: AuthTestApp;
  before(async () => {
    t = await buildAuthTestApp(context.db);
    await t.app.ready();
  });
  after(() => t.app.close());

  async function as(accountId: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
    return t.app.inject({ method, url, payload, headers: { cookie: await t.cookieFor(accountId), origin: OWN_ORIGIN } });
  }

  it('insights results answer 400 with a key for a day outside the years, never 500', async () => {
    for (const day of FAR_DAYS) {
      const response = await as(DEMO_ACCOUNTS.owner.id, 'GET', `/v2/insights/dashboards/${DEMO_INSIGHTS.lumenDashboardId}/results?period=CUSTOM&from=2026-01-01&to=${day}`);
      assert.equal(response.statusCode, 400, `${day}: ${response.body}`);
      assert.match(response.json().error, /^[a-zA-Z.]+$/);
    }
  });

  it('the admin audit log answers 400 errors.invalidDate for a day outside the years', async () => {
    for (const day of FAR_DAYS) {
      for (const name of ['from', 'to']) {
        const response = await as(DEMO_ACCOUNTS.admin.id, 'GET', `/v2/admin/audit-log?${name}=${day}`);
        assert.deepEqual([response.statusCode, response.json().error], [400, ERROR_KEYS.invalidDate], `${name}=${day}`);
      }
    }
  });

  it('posting create and edit answer 400 errors.invalidDate for a far or impossible validThrough', async () => {
    for (const validThrough of FAR_TIMESTAMPS) {
      const created = await as(DEMO_ACCOUNTS.owner.id, 'POST', `/v2/jobs/${DEMO_OPENING_IDS.published}/postings`, {
        language: 'en',
        contents: { en: { title: 'Far posting' } },
        validThrough,
      });
      assert.deepEqual([created.statusCode, created.json().error], [400, ERROR_KEYS.invalidDate], `create ${validThrough}`);
      const edited = await as(DEMO_ACCOUNTS.owner.id, 'PATCH', `/v2/jobs/${DEMO_OPENING_IDS.published}/postings/${demoId(DEMO_PREFIX.posting, 0x62)}`, { validThrough });
      assert.deepEqual([edited.statusCode, edited.json().error], [400, ERROR_KEYS.invalidDate], `edit ${validThrough}`);
    }
  });

  it('a date inside the years still saves', async () => {
    const edited = await as(DEMO_ACCOUNTS.owner.id, 'PATCH', `/v2/jobs/${DEMO_OPENING_IDS.published}/postings/${demoId(DEMO_PREFIX.posting, 0x62)}`, {
      validThrough: '2027-12-31T23:59:59+14:00',
    });
    assert.equal(edited.statusCode, 200, edited.body);
  });
});
