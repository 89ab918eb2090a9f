import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { DEMO } from '../seed/demo-ids';
import { DEMO_OPENING_IDS } from '../seed/demo-openings';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../testing/auth-helpers';
import { uploadCv } from '../testing/candidate';
import { multipartFile, SMALL_PDF } from '../testing/multipart';
import { describeEachBackend } from '../testing/test-database';

/**
 * Issue 8, finding 3: a U+0000 (or another control character) in any text field, and an
 * impossible date, answer 400 with a key — they used to reach PostgreSQL and answer 500.
 */
describeEachBackend('hostile text and dates', (context) => {
  let t: AuthTestApp;
  let owner = '';
  before(async () => {
    t = await buildAuthTestApp(context.db);
    owner = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
  });
  after(() => t.app.close());

  const rows = async () =>
    Promise.all(
      (['applications', 'candidates', 'referrals', 'uploads', 'openings', 'postings'] as const).map(async (table) => {
        const row = await context.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
        return `${table}=${Number(row.n)}`;
      }),
    );

  it('anonymous routes: application, referral and upload name', async () => {
    const cv = await uploadCv(t.app);
    const before = await rows();
    const application = await t.app.inject({
      method: 'POST',
      url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
      payload: { submissionId: `nul-${Date.now()}`, firstName: 'Ana\u0000', lastName: 'Silva', email: 'ana.nul@example.org', cv, gdprConsent: true },
    });
    assert.equal(application.statusCode, 400, application.body);
    assert.equal(application.json().error, 'errors.controlCharacters');

    const referral = await t.app.inject({ method: 'POST', url: '/v2/referrals', payload: { companyId: DEMO.companyId, name: 'Eve\u0000', email: 'eve@example.org' } });
    assert.equal(referral.statusCode, 400, referral.body);
    assert.equal(referral.json().error, 'errors.controlCharacters');

    const { payload, headers } = multipartFile('file', 'cv\u0000.pdf', SMALL_PDF);
    const query = `scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`;
    const upload = await t.app.inject({ method: 'POST', url: `/v2/storage?${query}`, payload, headers });
    assert.equal(upload.statusCode, 400, upload.body);
    assert.equal(upload.json().error, 'offerPage.invalidFileName');
    assert.deepEqual(await rows(), before, 'nothing written');
  });

  it('recruiter routes: search query, opening and posting texts', async () => {
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: owner, origin: OWN_ORIGIN }, ...(payload ? { payload } : {}) });
    for (const search of ['%00', 'a%00b', '%1B', '%7F']) {
      const response = await call('GET', `/v2/jobs?search=${search}`);
      assert.equal(response.statusCode, 400, `${search}: ${response.body}`);
      assert.equal(response.json().error, 'errors.controlCharacters');
    }
    const opening = DEMO_OPENING_IDS.published;
    for (const body of [{ title: 'T\u0000' }, { description: '<p>\u0000</p>' }, { referenceCode: '\u0000' }, { location: 'x\u0001' }]) {
      const response = await call('PATCH', `/v2/jobs/${opening}`, body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.equal(response.json().error, 'errors.controlCharacters');
    }
    const created = await call('POST', '/v2/jobs', { title: 'Nul\u0000' });
    assert.equal(created.statusCode, 400);
    const posting = await call('POST', `/v2/jobs/${opening}/postings`, { language: 'en', contents: { en: { title: 'A\u0000' } } });
    assert.equal(posting.statusCode, 400);
    assert.equal(posting.json().error, 'errors.controlCharacters');
  });

  it('an impossible validThrough answers 400 errors.invalidDate', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/jobs/${DEMO_OPENING_IDS.published}/postings`,
      headers: { cookie: owner, origin: OWN_ORIGIN },
      payload: { language: 'en', contents: { en: { title: 'Leap' } }, validThrough: '2026-02-30T00:00:00Z' },
    });
    assert.equal(response.statusCode, 400, response.body);
    assert.deepEqual(response.json(), { statusCode: 400, error: 'errors.invalidDate' });
  });

  it('sign-in and settings: control characters never reach the database', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/password/sign-in',
      headers: { origin: OWN_ORIGIN },
      payload: { email: 'claire.owner@lumen.example\u0000', password: 'x' },
    });
    assert.equal(signIn.statusCode, 400);
    const settings = await t.app.inject({
      method: 'PATCH',
      url: '/me/settings',
      headers: { cookie: owner, origin: OWN_ORIGIN },
      payload: { language: 'fr', extra: '\u0000' },
    });
    assert.equal(settings.statusCode < 500, true, settings.body);
  });
});
