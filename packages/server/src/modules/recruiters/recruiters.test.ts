import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { ALL_PERMISSIONS } from '@rec/core';
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';

const { owner, viewer, otherOwner, admin, applicant } = DEMO_ACCOUNTS;

describeEachBackend('recruiters, companies, admin: roles, permissions, tenants', (context) => {
  let t: AuthTestApp;
  let app: FastifyInstance;
  const cookies: Record<'owner' | 'viewer' | 'otherOwner' | 'admin' | 'applicant', string> = { owner: '', viewer: '', otherOwner: '', admin: '', applicant: '' };
  before(async () => {
    t = await buildAuthTestApp(context.db);
    app = t.app;
    for (const [name, account] of Object.entries({ owner, viewer, otherOwner, admin, applicant })) {
      cookies[name as keyof typeof cookies] = await t.cookieFor(account.id);
    }
  });
  after(() => app.close());

  const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });

  it('answers 401 without a session on every protected read', async () => {
    for (const url of ['/v2/recruiter/me', '/v2/recruiter/me/permissions', '/v2/recruiters', `/v2/recruiters/${owner.id}`, `/v2/companies/${DEMO.companyId}`, '/v2/admin/companies', '/auth/tenants', '/auth/session-v2']) {
      const response = await get(url);
      assert.equal(response.statusCode, 401, url);
      assert.deepEqual(response.json(), { statusCode: 401, error: 'auth.required' }, url);
    }
    // A made-up cookie is no session, and is cleared.
    const fake = await get('/v2/recruiter/me', `rec_session=${'A'.repeat(43)}`);
    assert.equal(fake.statusCode, 401);
    assert.match(String(fake.headers['set-cookie']), /rec_session=;/);
  });

  it('gives the owner every permission and the viewer none', async () => {
    const ownerPermissions = await get('/v2/recruiter/me/permissions', cookies.owner);
    assert.equal(ownerPermissions.statusCode, 200);
    assert.deepEqual(ownerPermissions.json(), { role: 'owner', permissions: [...ALL_PERMISSIONS] });
    assert.deepEqual((await get('/v2/recruiter/me/permissions', cookies.viewer)).json(), { role: 'viewer', permissions: [] });
  });

  it('answers the recruiter resource, its full name and its settings', async () => {
    const me = await get('/v2/recruiter/me', cookies.owner);
    assert.equal(me.statusCode, 200);
    assert.deepEqual(me.json(), {
      _id: owner.id,
      name: { first: 'Claire', last: 'Dubois' },
      fullName: 'Claire Dubois',
      email: owner.email,
      role: 'owner',
      settings: { language: 'fr', profilePictureUrl: null, profilePicture: null, notifications: {} },
      pendingActions: [],
    });
    assert.equal(me.headers['cache-control'], 'private, no-store');
  });

  it('keeps admins and applicants out of recruiter routes, and recruiters out of admin routes', async () => {
    for (const cookie of [cookies.admin, cookies.applicant]) {
      const response = await get('/v2/recruiter/me', cookie);
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), { statusCode: 403, error: 'errors.forbidden' });
    }
    for (const cookie of [cookies.owner, cookies.viewer, cookies.applicant]) {
      assert.equal((await get('/v2/admin/companies', cookie)).statusCode, 403);
    }
    const overview = await get('/v2/admin/companies', cookies.admin);
    assert.equal(overview.statusCode, 200);
    const companies = overview.json() as Array<{ _id: string; name: string; recruiters: Array<{ _id: string; fullName: string; email: string; role: string; lastSignInAt?: string | null }> }>;
    const lumen = companies.find((company) => company._id === DEMO.companyId);
    assert.deepEqual(
      lumen?.recruiters.map((recruiter) => recruiter.email).sort(),
      [owner.email, viewer.email].sort(),
    );
    const { lastSignInAt, ...listed } = lumen?.recruiters.find((recruiter) => recruiter._id === owner.id) ?? {};
    assert.deepEqual(listed, { _id: owner.id, fullName: 'Claire Dubois', email: owner.email, role: 'owner' });
    // The test's own session counts as a sign-in (issue 13: the admin sees when each recruiter last signed in).
    assert.equal(typeof lastSignInAt, 'string');
    assert.deepEqual(companies.find((company) => company._id === DEMO.otherCompanyId)?.recruiters.map((recruiter) => recruiter._id), [otherOwner.id]);
  });

  it('keeps each company’s recruiters and company to itself', async () => {
    const list = await get('/v2/recruiters', cookies.owner);
    assert.deepEqual((list.json() as Array<{ _id: string }>).map((recruiter) => recruiter._id).sort(), [owner.id, viewer.id].sort());
    const colleague = await get(`/v2/recruiters/${viewer.id}`, cookies.owner);
    assert.equal(colleague.statusCode, 200);
    assert.equal(colleague.json().notifications, undefined);
    assert.equal(colleague.json().pendingActions, undefined, 'private parts stay private');

    const foreign = await get(`/v2/recruiters/${otherOwner.id}`, cookies.owner);
    assert.equal(foreign.statusCode, 404);
    assert.deepEqual(foreign.json(), { statusCode: 404, error: 'recruiter.notFound' });
    assert.equal((await get(`/v2/recruiters/${admin.id}`, cookies.owner)).statusCode, 404, 'an admin is no recruiter of the company');
    assert.equal((await get('/v2/recruiters/not-an-id', cookies.owner)).statusCode, 400);

    const own = await get(`/v2/companies/${DEMO.companyId}`, cookies.owner);
    assert.equal(own.statusCode, 200);
    assert.deepEqual(own.json(), { _id: DEMO.companyId, name: DEMO.companyName, settings: { language: 'fr', logos: [], privacyNoticeLanguages: ['fr', 'de', 'en'] } });
    const other = await get(`/v2/companies/${DEMO.otherCompanyId}`, cookies.owner);
    assert.equal(other.statusCode, 404);
    assert.deepEqual(other.json(), { statusCode: 404, error: 'company.notFound' });
    // Nordwind's owner sees Nordwind, not Lumen.
    assert.equal((await get(`/v2/companies/${DEMO.otherCompanyId}`, cookies.otherOwner)).statusCode, 200);
    assert.equal((await get(`/v2/companies/${DEMO.companyId}`, cookies.otherOwner)).statusCode, 404);
    assert.equal((await get(`/v2/recruiters/${owner.id}`, cookies.otherOwner)).statusCode, 404);
    // Admins read any company; applicants none.
    assert.equal((await get(`/v2/companies/${DEMO.otherCompanyId}`, cookies.admin)).statusCode, 200);
    assert.equal((await get(`/v2/companies/${DEMO.companyId}`, cookies.applicant)).statusCode, 403);
  });

  it('keeps only the selected fields (+_id), in every query form', async () => {
    const expected = { _id: owner.id, email: owner.email, fullName: 'Claire Dubois' };
    for (const query of ['select[]=email&select[]=fullName', 'select=email,fullName', 'select=email&select=fullName', 'select[0]=email&select[1]=fullName', 'select[]=email,fullName&other=1']) {
      const response = await get(`/v2/recruiter/me?${query}`, cookies.owner);
      assert.equal(response.statusCode, 200, query);
      assert.deepEqual(response.json(), expected, query);
    }
    assert.deepEqual((await get('/v2/recruiter/me?select[]=name.first&select[]=settings.language', cookies.owner)).json(), {
      _id: owner.id,
      name: { first: 'Claire' },
      settings: { language: 'fr' },
    });
    assert.deepEqual((await get('/v2/recruiter/me?select[]=unknown', cookies.owner)).json(), { _id: owner.id });
    assert.deepEqual((await get(`/v2/companies/${DEMO.companyId}?select[]=name`, cookies.owner)).json(), { _id: DEMO.companyId, name: DEMO.companyName });
    const list = await get('/v2/recruiters?select[]=email', cookies.owner);
    assert.ok((list.json() as object[]).every((row) => Object.keys(row).sort().join() === '_id,email'));
    for (const query of ['select[]=a%20b', 'select[]=__proto__.x.y.z', `select=${Array.from({ length: 60 }, (_, i) => `f${i}`).join(',')}`]) {
      const response = await get(`/v2/recruiter/me?${query}`, cookies.owner);
      assert.equal(response.statusCode, 400, `${query} ${response.body}`);
    }
  });

  it('updates the recruiter’s own settings', async () => {
    const patch = (payload: unknown) =>
      app.inject({ method: 'PATCH', url: '/v2/recruiter/me/settings', headers: { cookie: cookies.viewer, origin: OWN_ORIGIN, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
    const response = await patch({ language: 'de', notifications: { newApplication: true } });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { language: 'de', profilePictureUrl: null, profilePicture: null, notifications: { newApplication: true } });
    assert.deepEqual((await patch({ profilePictureUrl: 'https://cdn.example/p.png' })).json(), {
      language: 'de',
      profilePictureUrl: 'https://cdn.example/p.png',
      profilePicture: null,
      notifications: { newApplication: true },
    });
    assert.equal((await get('/v2/recruiter/me?select[]=settings.language', cookies.viewer)).json().settings.language, 'de');
    for (const bad of [{ language: 'xx' }, { profilePictureUrl: 'javascript:alert(1)' }, { notifications: { a: 'yes' } }, { other: 1 }]) {
      assert.equal((await patch(bad)).statusCode, 400, JSON.stringify(bad));
    }
    // Nothing of another recruiter changed.
    assert.equal((await get('/v2/recruiter/me', cookies.owner)).json().settings.language, 'fr');
  });
});
