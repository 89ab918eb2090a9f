import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../testing/auth-helpers';
import { describeEachBackend } from '../testing/test-database';
import { CALLERS, type Caller, type RouteCase } from './access-classes';
import { fillUrl, MATRIX_DIST, ROUTE_ACCESS } from './route-access';
import { writeDist } from './write-dist';

/**
 * The standing tenant-and-role matrix (issue 8): every route the server registers (collected by
 * Fastify's onRoute hook, `app.registeredRoutes`) times every kind of caller, against the
 * expectation table of route-access.ts. A route without an entry fails, and so does an entry for
 * a route that no longer exists.
 */
const ACCOUNT_OF: Record<Exclude<Caller, 'anonymous'>, string> = {
  applicant: DEMO_ACCOUNTS.applicant.id,
  admin: DEMO_ACCOUNTS.admin.id,
  viewer: DEMO_ACCOUNTS.viewer.id,
  otherOwner: DEMO_ACCOUNTS.otherOwner.id,
  owner: DEMO_ACCOUNTS.owner.id,
};

/** `GET /x` for `HEAD /x` (Fastify's automatic HEAD routes answer as their GET). */
const tableKeyOf = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

let address = 0;
/** Every request from its own address: the per-IP limits of the public routes must not blur the matrix. */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

describeEachBackend('route matrix: every route x every caller', (context) => {
  let t: AuthTestApp;
  before(async () => {
    t = await buildAuthTestApp(context.db, { config: { distDir: writeDist(MATRIX_DIST) } });
    await t.app.ready();
  });
  after(() => t.app.close());

  it('has an entry for every registered route, and no entry for a route that does not exist', () => {
    const registered = new Set(t.app.registeredRoutes.map((route) => tableKeyOf(route.method, route.url)));
    const missing = [...registered].filter((key) => !(key in ROUTE_ACCESS));
    const stale = Object.keys(ROUTE_ACCESS).filter((key) => !registered.has(key));
    assert.deepEqual(missing, [], `add these routes to packages/server/src/security/route-access.ts:\n${missing.join('\n')}`);
    assert.deepEqual(stale, [], 'entries for routes the server no longer registers');
  });

  it('answers every caller as the table expects', async () => {
    const mismatches: string[] = [];
    let requests = 0;
    for (const route of t.app.registeredRoutes) {
      const entry: RouteCase | undefined = ROUTE_ACCESS[tableKeyOf(route.method, route.url)];
      if (!entry) continue; // reported by the coverage test
      // The owner goes last: an allowed write changes the demo data the others were tested on.
      for (const caller of CALLERS) {
        const prepared = entry.request ? await entry.request(t.app, caller) : {};
        const headers: Record<string, string> = { origin: OWN_ORIGIN, ...(prepared.headers as Record<string, string> | undefined) };
        if (caller !== 'anonymous') headers.cookie = await t.cookieFor(ACCOUNT_OF[caller]);
        const options: InjectOptions = {
          ...prepared,
          method: route.method as InjectOptions['method'],
          url: (prepared.url as string | undefined) ?? fillUrl(route.url, entry.params),
          headers,
          remoteAddress: nextAddress(),
        };
        const response = await t.app.inject(options);
        requests += 1;
        const want = entry.expected[caller];
        if (response.statusCode !== want) {
          mismatches.push(`${route.method} ${route.url} as ${caller}: ${response.statusCode} (expected ${want}) ${response.body.slice(0, 120)}`);
        }
      }
    }
    console.log(`route matrix: ${t.app.registeredRoutes.length} routes (HEAD included) x ${CALLERS.length} callers = ${requests} requests`);
    assert.deepEqual(mismatches, []);
  });
});
