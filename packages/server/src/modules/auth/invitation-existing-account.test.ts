import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN, setCookieOf } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';

/**
 * Issue 24 (L7): any owner can invite any e-mail. Accepting used to set the password of every
 * account of that e-mail, the platform admin's included. An existing account now joins only by
 * signing in with its own password; no password changes.
 */
describeEachBackend('invitations for an e-mail that has an account (issue 24, L7)', (context) => {
  let t: AuthTestApp;
  before(async () => {
    t = await buildAuthTestApp(context.db);
  });
  after(() => t.app.close());

  const hashesOf = async (email: string) =>
    (await context.db.selectFrom('accounts').select(['id', 'password_hash']).where('email', '=', email).orderBy('id').execute()).map((row) => `${row.id}:${row.password_hash}`);
  const post = (url: string, payload: object, address: string) => t.app.inject({ method: 'POST', url, payload, headers: { origin: OWN_ORIGIN }, remoteAddress: address });

  it('never sets the admin’s password: the anonymous accept answers 409 auth.invitationSignIn and changes nothing', async () => {
    const admin = DEMO_ACCOUNTS.admin;
    const { invitationLink } = await t.app.accounts.auth.createInvitation({ companyId: DEMO.otherCompanyId, email: admin.email, role: 'owner' });
    const before = await hashesOf(admin.email);
    const described = await t.app.inject({ url: `/v2/recruiters/invite/${invitationLink}` });
    assert.equal(described.json().hasAccount, true, 'the invitee is told to sign in');
    const accepted = await post('/auth/invitations/accept', { invitationLink, firstName: 'Evil', lastName: 'Owner', password: 'attacker-password-2026' }, '10.93.0.1');
    assert.deepEqual([accepted.statusCode, accepted.json().error], [409, 'auth.invitationSignIn']);
    assert.equal(setCookieOf(accepted), undefined, 'no session');
    assert.deepEqual(await hashesOf(admin.email), before, 'no password changed, no account added');
    const signIn = await post('/auth/password/sign-in', { email: admin.email, password: 'attacker-password-2026' }, '10.93.0.2');
    assert.equal(signIn.statusCode, 401);
  });

  it('links a recruiter who signs in with her own password: a new company account, same password, nothing else changed', async () => {
    const owner = DEMO_ACCOUNTS.owner;
    const { invitationLink } = await t.app.accounts.auth.createInvitation({ companyId: DEMO.otherCompanyId, email: owner.email, role: 'recruiter' });
    const before = await hashesOf(owner.email);
    const wrong = await post('/auth/invitations/link', { invitationLink, password: 'not-her-password' }, '10.93.0.3');
    assert.deepEqual([wrong.statusCode, wrong.json().error], [401, 'auth.invalidCredentials']);
    assert.deepEqual(await hashesOf(owner.email), before);
    const linked = await post('/auth/invitations/link', { invitationLink, password: owner.password }, '10.93.0.4');
    assert.equal(linked.statusCode, 200, linked.body);
    assert.deepEqual(linked.json().user, { type: 'recruiter', tenantId: DEMO.otherCompanyId });
    const after = await hashesOf(owner.email);
    assert.equal(after.length, before.length + 1, 'one account added');
    for (const row of before) assert.ok(after.includes(row), 'existing accounts unchanged');
    const added = await context.db.selectFrom('accounts').select(['password_hash', 'first_name']).where('email', '=', owner.email).where('company_id', '=', DEMO.otherCompanyId).executeTakeFirstOrThrow();
    assert.equal(added.first_name, owner.firstName);
    const again = await post('/auth/invitations/link', { invitationLink, password: owner.password }, '10.93.0.5');
    assert.equal(again.statusCode, 404, 'the invitation is used');
  });

  it('limits password tries on the link like sign-in (429)', async () => {
    const viewer = DEMO_ACCOUNTS.viewer;
    const { invitationLink } = await t.app.accounts.auth.createInvitation({ companyId: DEMO.otherCompanyId, email: viewer.email, role: 'recruiter' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt++) statuses.push((await post('/auth/invitations/link', { invitationLink, password: `guess-${attempt}` }, '10.93.1.1')).statusCode);
    assert.ok(statuses.includes(429), statuses.join(','));
  });
});
