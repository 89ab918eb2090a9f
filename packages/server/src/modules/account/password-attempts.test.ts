import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';

/** Issue 24 (L5): 25 wrong current passwords in a row got 25 answers of 422, never a 429. */
describeEachBackend('password change: attempts on the current password are limited (issue 24, L5)', (context) => {
  let t: AuthTestApp;
  before(async () => {
    t = await buildAuthTestApp(context.db);
  });
  after(() => t.app.close());

  const change = async (accountId: string, currentPassword: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v2/recruiter/me/password',
      headers: { cookie: await t.cookieFor(accountId), origin: OWN_ORIGIN },
      payload: { currentPassword, password: 'a-brand-new-password-1', passwordConfirmation: 'a-brand-new-password-1' },
      remoteAddress: address,
    });

  it('answers 429 after a few wrong tries on one account, from any address, even for the right password then', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) statuses.push((await change(DEMO_ACCOUNTS.viewer.id, `guess-${attempt}`, `10.94.0.${attempt + 1}`)).statusCode);
    assert.deepEqual(statuses.slice(0, 5), [422, 422, 422, 422, 422]);
    assert.ok(statuses.slice(5).every((status) => status === 429), statuses.join(','));
    const right = await change(DEMO_ACCOUNTS.viewer.id, DEMO_ACCOUNTS.viewer.password, '10.94.0.99');
    assert.deepEqual([right.statusCode, right.json().error], [429, 'errors.tooManyRequests']);
  });

  it('answers 429 after many tries from one address across accounts', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 24; attempt++) {
      const account = attempt % 2 === 0 ? DEMO_ACCOUNTS.owner : DEMO_ACCOUNTS.otherOwner;
      statuses.push((await change(account.id, `guess-${attempt}`, '10.94.1.1')).statusCode);
    }
    assert.ok(statuses.includes(429), statuses.join(','));
  });
});
