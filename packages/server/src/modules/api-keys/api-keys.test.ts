import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { DEMO_OPENING_IDS } from '../../seed/demo-openings';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';
import { createRedisRateLimitStore } from '../auth/rate-limit';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describeEachBackend('company API keys (issue 30)', (context) => {
  let t: AuthTestApp;
  const cookies: Record<string, string> = {};
  const asOwner = (who: 'owner' | 'viewer' | 'otherOwner', method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: OWN_ORIGIN, cookie: cookies[who] ?? '' }, ...(payload ? { payload } : {}) });
  const withKey = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  async function createKey(body: object, who: 'owner' | 'otherOwner' = 'owner'): Promise<{ id: string; token: string }> {
    const response = await asOwner(who, 'POST', '/v2/companies/settings/api-keys', body);
    assert.equal(response.statusCode, 201, response.body);
    return { id: response.json().key._id, token: response.json().token };
  }

  before(async () => {
    t = await buildAuthTestApp(context.db);
    for (const who of ['owner', 'viewer', 'otherOwner'] as const) cookies[who] = await t.cookieFor(DEMO_ACCOUNTS[who].id);
  });
  after(async () => {
    await t.app.close();
  });

  it('creates a key shown once and stored hashed, lists it without its token, and revokes it', async () => {
    const created = await asOwner('owner', 'POST', '/v2/companies/settings/api-keys', { name: '  ATS sync ', scopes: { openings: 'read', candidates: 'write' }, expiresInDays: 30 });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.headers['cache-control'], 'no-store');
    const { key, token } = created.json();
    assert.match(token, /^rec_live_[A-Za-z0-9_-]{43}$/);
    assert.equal(key.name, 'ATS sync');
    assert.deepEqual(key.scopes, { openings: 'read', candidates: 'write' });
    assert.equal(key.hint, token.slice(0, 13));
    assert.equal(key.createdBy._id, DEMO_ACCOUNTS.owner.id);
    assert.equal(key.lastUsedAt, null);
    assert.ok(key.expiresAt);

    const stored = await context.db.selectFrom('api_keys').selectAll().where('id', '=', key._id).executeTakeFirstOrThrow();
    assert.match(stored.token_hash, /^[0-9a-f]{64}$/);
    assert.ok(!JSON.stringify(stored).includes(token.slice(13)), 'the token itself is not stored');

    const listed = await asOwner('owner', 'GET', '/v2/companies/settings/api-keys');
    assert.equal(listed.statusCode, 200);
    const item = listed.json().keys.find((entry: { _id: string }) => entry._id === key._id);
    assert.equal(item.name, 'ATS sync');
    assert.ok(!listed.body.includes(token), 'the list never carries a token');

    assert.equal((await asOwner('owner', 'POST', `/v2/companies/settings/api-keys/${key._id}/revoke`)).statusCode, 204);
    assert.equal((await asOwner('owner', 'POST', `/v2/companies/settings/api-keys/${key._id}/revoke`)).statusCode, 204, 'revoking twice is harmless');
    assert.ok((await asOwner('owner', 'GET', '/v2/companies/settings/api-keys')).json().keys.find((entry: { _id: string }) => entry._id === key._id).revokedAt);
    const actions = await context.db.selectFrom('audit_log').select(['action', 'details']).where('company_id', '=', DEMO.companyId).where('action', 'like', 'company.apiKey.%').execute();
    assert.ok(actions.some((row) => row.action === 'company.apiKey.create' && (row.details as { keyId: string }).keyId === key._id));
    assert.ok(actions.some((row) => row.action === 'company.apiKey.revoke' && (row.details as { keyId: string }).keyId === key._id));
    assert.ok(!JSON.stringify(actions).includes(token), 'no token in the audit log');
  });

  it('keeps key management for owners with a session, and refuses bad input with a key', async () => {
    assert.equal((await asOwner('viewer', 'GET', '/v2/companies/settings/api-keys')).statusCode, 403);
    assert.equal((await asOwner('viewer', 'POST', '/v2/companies/settings/api-keys', { name: 'x', scopes: { openings: 'read' } })).statusCode, 403);
    assert.equal((await t.app.inject({ method: 'GET', url: '/v2/companies/settings/api-keys' })).statusCode, 401);
    for (const body of [{ name: 'No scope', scopes: {} }, { name: '', scopes: { openings: 'read' } }, { name: 'x', scopes: { team: 'write' } }, { name: 'x', scopes: { openings: 'admin' } }, { name: 'x', scopes: { openings: 'read' }, expiresInDays: 0 }]) {
      const response = await asOwner('owner', 'POST', '/v2/companies/settings/api-keys', body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.equal(response.json().error, 'errors.badRequest');
    }
    assert.equal((await asOwner('owner', 'POST', '/v2/companies/settings/api-keys/not-an-id/revoke')).statusCode, 400);
    assert.equal((await asOwner('owner', 'POST', `/v2/companies/settings/api-keys/${'a'.repeat(24)}/revoke`)).json().error, 'apiKeys.errors.notFound');
    // A key, even with every scope, never manages keys, the team or the settings: those stay session-only.
    const { token } = await createKey({ name: 'Everything', scopes: { openings: 'write', postings: 'write', candidates: 'write', analytics: 'write' } });
    for (const [method, url] of [
      ['GET', '/v2/companies/settings/api-keys'],
      ['POST', '/v2/companies/settings/api-keys'],
      ['GET', '/v2/team'],
      ['GET', '/v2/companies/settings'],
      ['GET', '/v2/companies/settings/integrations'],
      ['GET', '/auth/session-v2'],
      ['GET', '/v2/recruiter/me'],
    ] as const) {
      const response = await withKey(token, method, url, method === 'POST' ? { name: 'Sneaky', scopes: { openings: 'write' } } : undefined);
      assert.equal(response.statusCode, 403, `${method} ${url}`);
      assert.equal(response.json().error, 'apiKeys.errors.sessionOnly');
    }
  });

  it('lets a read key read openings and refuses its writes with 403 apiKeys.errors.scope', async () => {
    const { id, token } = await createKey({ name: 'Reader', scopes: { openings: 'read' } });
    const list = await withKey(token, 'GET', '/v2/jobs');
    assert.equal(list.statusCode, 200, list.body);
    assert.ok(list.json().items.length > 0);
    assert.equal((await withKey(token, 'GET', `/v2/jobs/${DEMO_OPENING_IDS.published}`)).statusCode, 200);
    const write = await withKey(token, 'POST', '/v2/jobs', { title: 'Written by a key', language: 'en' });
    assert.equal(write.statusCode, 403);
    assert.equal(write.json().error, 'apiKeys.errors.scope');
    assert.equal((await withKey(token, 'PATCH', `/v2/jobs/${DEMO_OPENING_IDS.published}`, { location: 'Nowhere' })).json().error, 'apiKeys.errors.scope');
    // A resource the key was not given is refused, read or not.
    assert.equal((await withKey(token, 'GET', '/v2/insights/dashboards')).json().error, 'apiKeys.errors.scope');
    // Last used is set by the first call; later calls within the minute write nothing.
    const first = (await context.db.selectFrom('api_keys').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow()).last_used_at;
    assert.ok(first);
    t.advance(10_000);
    await withKey(token, 'GET', '/v2/jobs');
    const second = (await context.db.selectFrom('api_keys').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow()).last_used_at;
    assert.equal(new Date(second ?? 0).getTime(), new Date(first).getTime());
    t.advance(60_000);
    await withKey(token, 'GET', '/v2/jobs');
    const third = (await context.db.selectFrom('api_keys').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow()).last_used_at;
    assert.ok(new Date(third ?? 0).getTime() > new Date(first).getTime());
  });

  it('lets a write key write, as a recruiter of its company, never as an owner', async () => {
    const { token } = await createKey({ name: 'Writer', scopes: { openings: 'write' } });
    const created = await withKey(token, 'POST', '/v2/jobs', { title: 'Opened by a key', language: 'en' });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal((await asOwner('owner', 'GET', `/v2/jobs/${created.json()._id}`)).statusCode, 200, 'the opening is the key company’s');
  });

  it('answers 401 for a revoked, expired, unknown or malformed key', async () => {
    const revoked = await createKey({ name: 'Soon revoked', scopes: { openings: 'read' } });
    assert.equal((await withKey(revoked.token, 'GET', '/v2/jobs')).statusCode, 200);
    await asOwner('owner', 'POST', `/v2/companies/settings/api-keys/${revoked.id}/revoke`);
    const afterRevoke = await withKey(revoked.token, 'GET', '/v2/jobs');
    assert.equal(afterRevoke.statusCode, 401);
    assert.equal(afterRevoke.json().error, 'apiKeys.errors.invalid');

    const expiring = await createKey({ name: 'One day', scopes: { openings: 'read' }, expiresInDays: 1 });
    assert.equal((await withKey(expiring.token, 'GET', '/v2/jobs')).statusCode, 200);
    t.advance(24 * 3600_000 + 1000);
    assert.equal((await withKey(expiring.token, 'GET', '/v2/jobs')).statusCode, 401);

    assert.equal((await withKey(`rec_live_${randomBytes(32).toString('base64url')}`, 'GET', '/v2/jobs')).statusCode, 401);
    assert.equal((await withKey('rec_live_short', 'GET', '/v2/jobs')).statusCode, 401);
    // Another bearer token (a candidate's step token) is not a key: the recruiter API does not take it.
    assert.equal((await withKey(randomBytes(32).toString('base64url'), 'GET', '/v2/jobs')).json().error, 'auth.required');
  });

  it('never reaches another company’s data with a key', async () => {
    const { token } = await createKey({ name: 'Nordwind reader', scopes: { openings: 'write', candidates: 'write', postings: 'write' } }, 'otherOwner');
    const list = await withKey(token, 'GET', '/v2/jobs');
    assert.equal(list.statusCode, 200);
    assert.ok(!list.body.includes(DEMO_OPENING_IDS.published), 'Lumen’s openings are not listed');
    assert.equal((await withKey(token, 'GET', `/v2/jobs/${DEMO_OPENING_IDS.published}`)).statusCode, 404);
    assert.equal((await withKey(token, 'GET', `/v2/jobs/${DEMO_OPENING_IDS.published}/applications`)).statusCode, 404);
    assert.equal((await withKey(token, 'PATCH', `/v2/jobs/${DEMO_OPENING_IDS.published}`, { location: 'Taken over' })).statusCode, 404);
    assert.equal((await withKey(token, 'GET', `/v2/recruiter/openings/${DEMO_OPENING_IDS.published}/pipeline`)).statusCode, 404);
    // Nor another company's keys: Lumen's owner cannot revoke a Nordwind key.
    const nordwindKey = (await asOwner('otherOwner', 'GET', '/v2/companies/settings/api-keys')).json().keys[0]._id;
    assert.equal((await asOwner('owner', 'POST', `/v2/companies/settings/api-keys/${nordwindKey}/revoke`)).statusCode, 404);
    assert.ok(!(await asOwner('owner', 'GET', '/v2/companies/settings/api-keys')).body.includes(nordwindKey));
  });

  it('audits every call made with a key under the key’s name, without the token', async () => {
    const { id, token } = await createKey({ name: 'Audited integration', scopes: { openings: 'read' } });
    await withKey(token, 'GET', `/v2/jobs/${DEMO_OPENING_IDS.published}?select=title`);
    await withKey(token, 'POST', '/v2/jobs', { title: 'Refused', language: 'en' });
    let rows: { actor_id: string; details: unknown }[] = [];
    // The rows are written once the answers are out: wait for them a little.
    for (let attempt = 0; attempt < 50 && rows.length < 2; attempt++) {
      const calls = await context.db.selectFrom('audit_log').select(['actor_id', 'details']).where('company_id', '=', DEMO.companyId).where('action', '=', 'company.apiKey.call').orderBy('created_at').execute();
      rows = calls.filter((row) => (row.details as { keyId?: string }).keyId === id);
      if (rows.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(rows.length, 2, 'the read and the refused write');
    assert.ok(rows.every((row) => row.actor_id === DEMO_ACCOUNTS.owner.id));
    const details = rows.map((row) => row.details as { method: string }).sort((a, b) => a.method.localeCompare(b.method));
    assert.deepEqual(details, [
      { keyId: id, keyName: 'Audited integration', method: 'GET', route: '/v2/jobs/:id', status: 200 },
      { keyId: id, keyName: 'Audited integration', method: 'POST', route: '/v2/jobs', status: 403 },
    ]);
    assert.ok(!JSON.stringify(rows).includes(token));
  });
});

describeEachBackend('API rate limits (issue 30)', (context) => {
  let t: AuthTestApp;
  let cookie = '';
  before(async () => {
    t = await buildAuthTestApp(context.db, { config: { apiRateLimits: { perKeyPerMinute: 3, anonymousPerMinute: 4 } } });
    cookie = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
  });
  after(async () => {
    await t.app.close();
  });

  it('answers a key past its limit with 429, Retry-After, RateLimit-Policy and RateLimit', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/v2/companies/settings/api-keys', headers: { origin: OWN_ORIGIN, cookie }, payload: { name: 'Limited', scopes: { openings: 'read' } } });
    const { token } = created.json();
    const call = () => t.app.inject({ method: 'GET', url: '/v2/jobs', headers: { authorization: `Bearer ${token}` } });
    const first = await call();
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['ratelimit-policy'], '"api-key";q=3;w=60');
    assert.match(String(first.headers.ratelimit), /^"api-key";r=2;t=\d+$/);
    await call();
    assert.match(String((await call()).headers.ratelimit), /^"api-key";r=0;t=\d+$/);
    const refused = await call();
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().error, 'errors.tooManyRequests');
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60, String(refused.headers['retry-after']));
    assert.equal(refused.headers['ratelimit-policy'], '"api-key";q=3;w=60');
    assert.equal(refused.headers.ratelimit, `"api-key";r=0;t=${retryAfter}`);
    // The owner's own session is not the key: the recruiter UI keeps working.
    assert.equal((await t.app.inject({ method: 'GET', url: '/v2/jobs', headers: { cookie } })).statusCode, 200);
  });

  it('limits anonymous API calls per address, an IPv6 /64 as one, and leaves other addresses alone', async () => {
    const board = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/builds/latest.json', remoteAddress });
    for (let n = 0; n < 4; n++) {
      const response = await board(`2001:db8:1:2::${n + 1}`);
      assert.notEqual(response.statusCode, 429);
      assert.equal(response.headers.ratelimit, undefined, 'no count on answers a cache may keep');
    }
    const refused = await board('2001:db8:1:2:ffff::9');
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    assert.equal(refused.headers['ratelimit-policy'], '"anonymous";q=4;w=60');
    assert.match(String(refused.headers.ratelimit), /^"anonymous";r=0;t=\d+$/);
    assert.notEqual((await board('2001:db8:1:3::1')).statusCode, 429, 'another /64 has its own count');
    // Guessing keys counts as anonymous: a bad key from a limited address gets 429, not another try.
    const guess = await t.app.inject({ method: 'GET', url: '/v2/jobs', remoteAddress: '2001:db8:1:2::77', headers: { authorization: `Bearer rec_live_${'A'.repeat(43)}` } });
    assert.equal(guess.statusCode, 429);
  });
});

const redisUrl = process.env.TEST_REDIS_URL?.trim();
describe('API key limits shared by two instances through Redis (issue 30)', { skip: redisUrl ? false : 'TEST_REDIS_URL is not set' }, () => {
  describeEachBackend('two apps on one Redis', (context) => {
    const prefix = `rec:test:apikeys:${randomBytes(4).toString('hex')}:`;
    let store: ReturnType<typeof createRedisRateLimitStore>;
    const apps: AuthTestApp[] = [];
    before(async () => {
      store = createRedisRateLimitStore(new Redis(redisUrl ?? ''), prefix);
      for (let n = 0; n < 2; n++) apps.push(await buildAuthTestApp(context.db, { config: { apiRateLimits: { perKeyPerMinute: 4, anonymousPerMinute: 1000 } }, auth: { rateLimitStore: store } }));
    });
    after(async () => {
      for (const app of apps) await app.app.close();
      await store.close?.();
    });

    it('counts one key’s calls on both instances together', async () => {
      const [a, b] = apps as [AuthTestApp, AuthTestApp];
      const cookie = await a.cookieFor(DEMO_ACCOUNTS.owner.id);
      const { token } = (
        await a.app.inject({ method: 'POST', url: '/v2/companies/settings/api-keys', headers: { origin: OWN_ORIGIN, cookie }, payload: { name: 'Shared', scopes: { openings: 'read' } } })
      ).json();
      const call = (app: AuthTestApp) => app.app.inject({ method: 'GET', url: '/v2/jobs', headers: { authorization: `Bearer ${token}` } });
      assert.equal((await call(a)).statusCode, 200);
      assert.equal((await call(b)).statusCode, 200);
      assert.equal((await call(a)).statusCode, 200);
      const fourth = await call(b);
      assert.equal(fourth.statusCode, 200);
      assert.match(String(fourth.headers.ratelimit), /^"api-key";r=0;/);
      assert.equal((await call(a)).statusCode, 429, 'the fifth call, whichever instance gets it');
      assert.equal((await call(b)).statusCode, 429);
    });
  });
});
