import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { ERROR_KEYS } from '@rec/core';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';

/** Property test: whatever body, headers and cookie arrive, no auth or account route answers 5xx. */

const KEYS = new Set<string>(Object.values(ERROR_KEYS));
const RUNS = Number(process.env.FC_RUNS) || (process.env.TEST_DATABASE_URL ? 60 : 120);

const routes: Array<[NonNullable<InjectOptions['method']>, string]> = [
  ['POST', '/auth/password/sign-in'],
  ['POST', '/auth/magic-link'],
  ['POST', '/v2/applicants-auth/authorize'],
  ['POST', '/auth/password/recover'],
  ['POST', '/auth/password/reset'],
  ['POST', '/auth/invitations/accept'],
  ['GET', `/v2/recruiters/invite/${DEMO_ACCOUNTS.invitation.invitationLink}`],
  ['GET', '/v2/recruiters/invite/x'],
  ['GET', '/auth/session-v2'],
  ['DELETE', '/auth/session-v2'],
  ['GET', '/auth/tenants'],
  ['GET', '/v2/recruiter/me?select[]=email'],
  ['GET', '/v2/recruiter/me?select[a][b]=1&select=__proto__'],
  ['PATCH', '/v2/recruiter/me/settings'],
  ['GET', '/v2/recruiters'],
  ['GET', '/v2/admin/companies'],
];

const text = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const fieldValue = fc.oneof(text, jsonValue, fc.constantFrom(DEMO_ACCOUNTS.applicant.email, 'x'.repeat(2000), DEMO_ACCOUNTS.invitation.invitationLink));
const shapedBody = fc.record(
  {
    email: fieldValue,
    password: fieldValue,
    token: fieldValue,
    invitationLink: fieldValue,
    firstName: fieldValue,
    lastName: fieldValue,
    language: fieldValue,
    notifications: fieldValue,
    profilePictureUrl: fieldValue,
    __proto__: fieldValue,
  },
  { requiredKeys: [] },
);
const payload = fc.oneof(
  shapedBody.map((body) => ({ payload: JSON.stringify(body), type: 'application/json' })),
  jsonValue.map((body) => ({ payload: JSON.stringify(body), type: 'application/json' })),
  fc.record({ payload: text, type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'garbage') }),
);
const headers = fc.record(
  {
    origin: fc.constantFrom(OWN_ORIGIN, 'https://evil.example', 'null', '', 'not a url'),
    referer: fc.constantFrom(`${OWN_ORIGIN}/x`, 'https://evil.example/', '::'),
    cookie: fc.oneof(
      fc.constantFrom('rec_session=', `rec_session=${'A'.repeat(43)}`, 'rec_session=%', 'rec_session="x"; rec_session=y', '__Host-rec_session=x'),
      text.map((value) => `rec_session=${encodeURIComponent(value)}`),
    ),
    'x-forwarded-for': text,
  },
  { requiredKeys: [] },
);

describeEachBackend('auth robustness (fast-check)', (context) => {
  let t: AuthTestApp;
  let cookie = '';
  before(async () => {
    t = await buildAuthTestApp(context.db);
    cookie = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
  });
  after(() => t.app.close());

  it('never answers 5xx, and every error has a known key', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), payload, headers, fc.boolean(), async ([method, url], body, extra, signedIn) => {
        const withBody = method !== 'GET';
        const response = await t.app.inject({
          method,
          url,
          headers: { ...extra, ...(signedIn ? { cookie } : {}), ...(withBody ? { 'content-type': body.type } : {}) },
          ...(withBody ? { payload: body.payload } : {}),
        });
        assert.ok(response.statusCode < 500, `${method} ${url} -> ${response.statusCode} ${response.body}`);
        if (response.statusCode >= 400) assert.ok(KEYS.has(response.json().error), response.body);
      }),
      { numRuns: RUNS },
    );
  });
});
