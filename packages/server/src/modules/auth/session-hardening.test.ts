import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN, setCookieOf, tokenOfLink } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';

/** Issue 8, findings 9, 10 and 13: sessions across sign-ins, the tenant switch, the origin check. */
const { owner, applicant } = DEMO_ACCOUNTS;
let ip = 0;
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

describeEachBackend('auth hardening', (context) => {
  let t: AuthTestApp;
  let app: FastifyInstance;
  before(async () => {
    t = await buildAuthTestApp(context.db);
    app = t.app;
  });
  after(() => app.close());

  const alive = async (cookie: string) => (await app.inject({ url: '/auth/session-v2', headers: { cookie } })).statusCode === 200;

  it('signing in again with an old session cookie ends the old session (finding 9)', async () => {
    const old = await t.cookieFor(owner.id);
    assert.equal(await alive(old), true);
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/password/sign-in',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json', origin: OWN_ORIGIN, cookie: old },
      payload: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    assert.equal(signIn.statusCode, 200, signIn.body);
    const fresh = setCookieOf(signIn)?.pair ?? '';
    assert.notEqual(fresh, old);
    assert.equal(await alive(old), false, 'the old session ended');
    assert.equal(await alive(fresh), true);
  });

  it('a magic-link sign-in ends the session of the cookie it came with', async () => {
    const old = await t.cookieFor(applicant.id);
    const json = { 'content-type': 'application/json', origin: OWN_ORIGIN };
    await app.inject({ method: 'POST', url: '/auth/magic-link', remoteAddress: nextIp(), headers: json, payload: JSON.stringify({ email: applicant.email }) });
    const [mail] = await t.mails();
    const authorize = await app.inject({
      method: 'POST',
      url: '/v2/applicants-auth/authorize',
      headers: { ...json, cookie: old },
      payload: JSON.stringify({ token: tokenOfLink(mail?.links[0]) }),
    });
    assert.equal(authorize.statusCode, 200, authorize.body);
    assert.equal(await alive(old), false);
    assert.equal(await alive(setCookieOf(authorize)?.pair ?? ''), true);
  });

  it('the tenant switch is a POST from our origin; a GET switches nothing (finding 10)', async () => {
    await context.db
      .insertInto('accounts')
      .values({ id: '64b0acc000000000000000d2', type: 'recruiter', company_id: DEMO.otherCompanyId, company_role: 'viewer', email: owner.email, first_name: 'Claire', last_name: 'Dubois' })
      .execute();
    const cookie = await t.cookieFor(owner.id);
    const url = `/auth/tenants/${DEMO.otherCompanyId}/authorize`;
    const viaGet = await app.inject({ url, headers: { cookie, referer: 'https://evil.example/page' } });
    assert.notEqual(viaGet.statusCode, 200);
    assert.notEqual(viaGet.statusCode, 302);
    assert.equal(setCookieOf(viaGet), undefined, 'no new session from a GET');
    assert.equal(await alive(cookie), true, 'the session was not rotated');

    const foreign = await app.inject({ method: 'POST', url, headers: { cookie, origin: 'https://evil.example' } });
    assert.equal(foreign.statusCode, 403);
    assert.equal(await alive(cookie), true);

    const own = await app.inject({ method: 'POST', url, headers: { cookie, origin: OWN_ORIGIN } });
    assert.equal(own.statusCode, 200, own.body);
    assert.equal(await alive(cookie), false);
    const session = await app.inject({ url: '/auth/session-v2', headers: { cookie: setCookieOf(own)?.pair ?? '' } });
    assert.deepEqual(session.json().user, { type: 'recruiter', tenantId: DEMO.otherCompanyId });
  });

  it('the origin check compares scheme, host and port (finding 13)', async () => {
    const cookie = await t.cookieFor(owner.id);
    const write = (headers: Record<string, string>) =>
      app.inject({ method: 'DELETE', url: '/auth/session-v2', headers: { cookie, host: 'rec.test', ...headers } });
    for (const origin of ['https://rec.test', 'http://rec.test:8080', 'https://rec.test:80', 'http://rec.test.evil.example']) {
      assert.equal((await write({ origin })).statusCode, 403, origin);
      assert.equal((await write({ referer: `${origin}/recruiter` })).statusCode, 403, `referer ${origin}`);
    }
    // The request's own origin (another name of the same server) still counts as ours.
    const otherName = await app.inject({ method: 'DELETE', url: '/auth/session-v2', headers: { cookie, host: 'localhost:3000', origin: 'http://localhost:3000' } });
    assert.equal(otherName.statusCode, 204);
    const cross = await app.inject({ method: 'DELETE', url: '/auth/session-v2', headers: { cookie, host: 'localhost:3000', origin: 'https://localhost:3000' } });
    assert.equal(cross.statusCode, 403, 'https page against an http server');
  });
});
