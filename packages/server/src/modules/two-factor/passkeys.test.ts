import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { newId } from '../../db/ids';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN, setCookieOf } from '../../testing/auth-helpers';
import { SoftAuthenticator } from '../../testing/soft-authenticator';
import { describeEachBackend } from '../../testing/test-database';
import { hashPassword } from '../auth/passwords';

/**
 * Issue 32, passkeys: registration and authentication with a software authenticator (real
 * verification by @simplewebauthn/server), wrong origin and RP ID, replayed challenges, a counter
 * going back, another person's passkey, the half-signed-in session finished by a passkey, the
 * password-less sign-in, removal rules and the audit.
 */
const PASSWORD = 'passkey-test-password-1';
/** testAppConfig's PUBLIC_URL is http://rec.test: the RP ID is its host name. */
const RP_ID = 'rec.test';
let ip = 0;
const nextIp = () => `10.33.${Math.floor(++ip / 250)}.${ip % 250}`;

describeEachBackend('passkeys', (context) => {
  let t: AuthTestApp;
  let app: FastifyInstance;
  let clock = Date.now();
  let passwordHash = '';
  before(async () => {
    t = await buildAuthTestApp(context.db, { auth: { now: () => new Date(clock) } });
    app = t.app;
    passwordHash = await hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 });
  });
  after(() => app.close());

  /** Passkey attempts count with the code entries (5 per person in 15 minutes): a new window. */
  const freshWindow = () => {
    clock += 15 * 60_000 + 1000;
  };

  async function newRecruiter(companyId: string = DEMO.companyId) {
    const id = newId();
    const email = `pk-${id}@lumen.example`;
    await context.db
      .insertInto('accounts')
      .values({ id, type: 'recruiter', company_id: companyId, company_role: 'recruiter', email, password_hash: passwordHash, first_name: 'Paula', last_name: 'Key' })
      .execute();
    return { id, email, cookie: await t.cookieFor(id) };
  }

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string | undefined, body?: unknown) =>
    app.inject({
      method,
      url,
      remoteAddress: nextIp(),
      headers: { origin: OWN_ORIGIN, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  /** Registers a new software passkey for the session; answers the authenticator and the passkey's id. */
  async function register(cookie: string, name = 'Work laptop') {
    const key = new SoftAuthenticator(OWN_ORIGIN);
    const options = await call('POST', '/v2/me/two-factor/passkeys/options', cookie);
    assert.equal(options.statusCode, 200, options.body);
    const json = options.json();
    assert.equal(json.rp.id, RP_ID);
    assert.equal(json.authenticatorSelection.residentKey, 'required');
    assert.equal(json.authenticatorSelection.userVerification, 'required');
    const made = await call('POST', '/v2/me/two-factor/passkeys', cookie, { name, credential: key.create(json) });
    assert.equal(made.statusCode, 201, made.body);
    return { key, passkeyId: made.json().id as string };
  }

  const passwordSignIn = async (email: string) => {
    const response = await call('POST', '/auth/password/sign-in', undefined, { email, password: PASSWORD });
    assert.equal(response.statusCode, 200, response.body);
    return { body: response.json() as { redirectTo: string; secondFactor?: string }, cookie: setCookieOf(response)?.pair ?? '' };
  };

  const signInOptions = async () => {
    const response = await call('POST', '/auth/passkey/options', undefined);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as { challenge: string; rpId: string; userVerification: string; allowCredentials?: unknown[] };
  };

  it('registers a passkey (none attestation, real verification), lists, renames it; the audit has its id only', async () => {
    const me = await newRecruiter();
    const { key, passkeyId } = await register(me.cookie, 'Work laptop');
    let status = (await call('GET', '/v2/me/two-factor', me.cookie)).json();
    assert.equal(status.passkeys.length, 1);
    assert.equal(status.passkeys[0].name, 'Work laptop');
    assert.equal(status.passkeys[0].lastUsedAt, null);
    assert.ok(Date.parse(status.passkeys[0].createdAt) > 0);
    // The next options exclude the authenticator that holds a passkey already.
    const again = (await call('POST', '/v2/me/two-factor/passkeys/options', me.cookie)).json();
    assert.deepEqual(
      again.excludeCredentials.map((c: { id: string }) => c.id),
      [key.id],
    );
    const renamed = await call('PATCH', `/v2/me/two-factor/passkeys/${passkeyId}`, me.cookie, { name: '  Phone  ' });
    assert.equal(renamed.statusCode, 204, renamed.body);
    status = (await call('GET', '/v2/me/two-factor', me.cookie)).json();
    assert.equal(status.passkeys[0].name, 'Phone');
    assert.equal((await call('PATCH', `/v2/me/two-factor/passkeys/${newId()}`, me.cookie, { name: 'x' })).statusCode, 404);
    assert.equal((await call('PATCH', `/v2/me/two-factor/passkeys/${passkeyId}`, me.cookie, { name: '   ' })).statusCode, 400);
    // Another person cannot rename it.
    const other = await newRecruiter();
    assert.equal((await call('PATCH', `/v2/me/two-factor/passkeys/${passkeyId}`, other.cookie, { name: 'Mine' })).statusCode, 404);
    const rows = await context.db.selectFrom('audit_log').select(['action', 'details']).where('actor_id', '=', me.id).execute();
    assert.deepEqual(rows.map((row) => row.action).sort(), ['account.passkey.add', 'account.passkey.rename']);
    const stored = await context.db.selectFrom('passkeys').select(['public_key', 'credential_id', 'user_handle']).where('id', '=', passkeyId).executeTakeFirstOrThrow();
    const text = JSON.stringify(rows);
    for (const secretish of [stored.public_key, stored.credential_id, stored.user_handle, 'Phone', 'Work laptop', me.email]) assert.ok(!text.includes(secretish), `no ${secretish} in the audit`);
    assert.ok(rows.every((row) => (row.details as { passkeyId?: string }).passkeyId === passkeyId));
    // Challenges are kept hashed: the one the options carried is not in the table.
    const challenges = await context.db.selectFrom('passkey_challenges').select('challenge_hash').execute();
    assert.ok(challenges.every((row) => row.challenge_hash !== again.challenge && /^[0-9a-f]{64}$/.test(row.challenge_hash)));
  });

  it('refuses a registration signed for another origin or RP ID, or with a challenge used already', async () => {
    const me = await newRecruiter();
    const key = new SoftAuthenticator(OWN_ORIGIN);
    const attempt = async (ceremony: Parameters<SoftAuthenticator['create']>[1]) => {
      const options = (await call('POST', '/v2/me/two-factor/passkeys/options', me.cookie)).json();
      return call('POST', '/v2/me/two-factor/passkeys', me.cookie, { name: 'Key', credential: key.create(options, ceremony) });
    };
    const wrongOrigin = await attempt({ origin: 'https://rec.test.evil.example' });
    assert.equal(wrongOrigin.statusCode, 422);
    assert.equal(wrongOrigin.json().error, 'twoFactor.errors.passkeyRejected');
    assert.equal((await attempt({ rpId: 'evil.example' })).statusCode, 422);
    // Registration needs user verification (the passkey must be able to sign in alone).
    assert.equal((await attempt({ userVerified: false })).statusCode, 422);
    freshWindow();
    const options = (await call('POST', '/v2/me/two-factor/passkeys/options', me.cookie)).json();
    const credential = key.create(options);
    assert.equal((await call('POST', '/v2/me/two-factor/passkeys', me.cookie, { name: 'Key', credential })).statusCode, 201);
    const replay = await call('POST', '/v2/me/two-factor/passkeys', me.cookie, { name: 'Key', credential });
    assert.equal(replay.statusCode, 422, 'the challenge was spent');
    // A challenge of another session does not verify here either.
    const other = await newRecruiter();
    const otherOptions = (await call('POST', '/v2/me/two-factor/passkeys/options', other.cookie)).json();
    const stolen = await call('POST', '/v2/me/two-factor/passkeys', me.cookie, { name: 'Key', credential: new SoftAuthenticator(OWN_ORIGIN).create(otherOptions) });
    assert.equal(stolen.statusCode, 422);
    assert.equal((await call('GET', '/v2/me/two-factor', me.cookie)).json().passkeys.length, 1);
  });

  it('signs in with a passkey alone (user verification required), and lands signed in completely', async () => {
    const me = await newRecruiter();
    const { key, passkeyId } = await register(me.cookie);
    const options = await signInOptions();
    assert.equal(options.rpId, RP_ID);
    assert.equal(options.userVerification, 'required');
    assert.equal(options.allowCredentials?.length ?? 0, 0, 'discoverable: no credential list');
    const response = await call('POST', '/auth/passkey/sign-in', undefined, { credential: key.get(options) });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().redirectTo, '/recruiter');
    const cookie = setCookieOf(response)?.pair ?? '';
    assert.equal((await call('GET', '/v2/recruiter/me', cookie)).json()._id, me.id);
    const status = (await call('GET', '/v2/me/two-factor', cookie)).json();
    assert.ok(status.passkeys[0].lastUsedAt, 'last used is recorded');
    const audit = await context.db.selectFrom('audit_log').select('details').where('actor_id', '=', me.id).where('action', '=', 'account.passkey.signIn').execute();
    assert.deepEqual(
      audit.map((row) => row.details),
      [{ passkeyId, mode: 'password-less' }],
    );
    // Without user verification the passkey alone is one factor: refused.
    const unverified = await call('POST', '/auth/passkey/sign-in', undefined, { credential: key.get(await signInOptions(), { userVerified: false }) });
    assert.equal(unverified.statusCode, 401);
    assert.equal(unverified.json().error, 'twoFactor.errors.passkeyRejected');
    assert.equal(setCookieOf(unverified), undefined);
  });

  it('refuses a wrong origin, a wrong RP ID, a replayed challenge, a counter going back and an unknown passkey', async () => {
    const me = await newRecruiter();
    const { key } = await register(me.cookie);
    const signIn = (credential: unknown) => call('POST', '/auth/passkey/sign-in', undefined, { credential });
    assert.equal((await signIn(key.get(await signInOptions(), { origin: 'https://evil.example' }))).statusCode, 401, 'wrong origin');
    assert.equal((await signIn(key.get(await signInOptions(), { origin: 'http://rec.test:8080' }))).statusCode, 401, 'another port is another origin');
    assert.equal((await signIn(key.get(await signInOptions(), { rpId: 'evil.example' }))).statusCode, 401, 'wrong RP ID');
    // Another Host header does not move the relying party: options still name rec.test, and an
    // answer signed on that host's origin is refused.
    const hostile = { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json' };
    const hostileOptions = await app.inject({ method: 'POST', url: '/auth/passkey/options', remoteAddress: nextIp(), headers: hostile, payload: '{}' });
    assert.equal(hostileOptions.statusCode, 200, hostileOptions.body);
    assert.equal(hostileOptions.json().rpId, RP_ID);
    const viaHost = await app.inject({
      method: 'POST',
      url: '/auth/passkey/sign-in',
      remoteAddress: nextIp(),
      headers: hostile,
      payload: JSON.stringify({ credential: key.get(hostileOptions.json(), { origin: 'http://evil.example', rpId: 'evil.example' }) }),
    });
    assert.equal(viaHost.statusCode, 401);
    freshWindow();
    // A challenge the server never gave.
    assert.equal((await signIn(key.get({ challenge: 'A'.repeat(43), rpId: RP_ID }))).statusCode, 401);
    freshWindow();
    // Replay: the same signed answer twice.
    const credential = key.get(await signInOptions(), { counter: 10 });
    assert.equal((await signIn(credential)).statusCode, 200);
    assert.equal((await signIn(credential)).statusCode, 401, 'a challenge works once');
    // The counter went back (a cloned authenticator): refused, and the stored counter stays.
    assert.equal((await signIn(key.get(await signInOptions(), { counter: 7 }))).statusCode, 401);
    assert.equal((await signIn(key.get(await signInOptions(), { counter: 10 }))).statusCode, 401, 'equal is not growing either');
    const row = await context.db.selectFrom('passkeys').select('counter').where('credential_id', '=', key.id).executeTakeFirstOrThrow();
    assert.equal(Number(row.counter), 10);
    assert.equal((await signIn(key.get(await signInOptions(), { counter: 11 }))).statusCode, 200);
    freshWindow();
    // An expired challenge (5 minutes).
    const late = await signInOptions();
    clock += 5 * 60_000 + 1000;
    assert.equal((await signIn(key.get(late))).statusCode, 401);
    // A passkey nobody registered.
    assert.equal((await signIn(new SoftAuthenticator(OWN_ORIGIN).get(await signInOptions()))).statusCode, 401);
    // A malformed body answers the same key, never a 500.
    const malformed = await signIn({ id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '!!' } });
    assert.equal(malformed.statusCode, 401);
    const garbage = await signIn({ ...key.get(await signInOptions()), response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' } });
    assert.equal(garbage.statusCode, 401);
    // Attempts are limited like code entries: the sixth of the window is refused with 429.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(key.get(await signInOptions(), { origin: 'https://evil.example' }))).statusCode);
    assert.deepEqual(statuses, [401, 401, 401, 429]);
    assert.equal((await signIn(key.get(await signInOptions()))).json().error, 'errors.tooManyRequests');
  });

  it('finishes a half-signed-in session with the person’s passkey; another person’s passkey is refused', async () => {
    const me = await newRecruiter();
    const { key, passkeyId } = await register(me.cookie);
    const other = await newRecruiter();
    const { key: otherKey } = await register(other.cookie);
    const { body, cookie } = await passwordSignIn(me.email);
    assert.equal(body.secondFactor, 'verify', 'a passkey is a factor: the password is not enough');
    assert.equal((await call('GET', '/v2/recruiter/me', cookie)).statusCode, 401);
    // The first passkey brought recovery codes: the code field is offered for them.
    assert.deepEqual((await call('GET', '/auth/two-factor', cookie)).json().methods, { totp: false, passkey: true, recoveryCodes: true });
    const optionsOf = async () => {
      const response = await call('POST', '/auth/two-factor/passkey/options', cookie);
      assert.equal(response.statusCode, 200, response.body);
      return response.json();
    };
    const options = await optionsOf();
    assert.deepEqual(
      options.allowCredentials.map((c: { id: string }) => c.id),
      [key.id],
      'only the person’s own passkeys are offered',
    );
    // Someone else's passkey, correctly signed over this session's challenge: refused.
    const foreign = await call('POST', '/auth/two-factor/passkey', cookie, { credential: otherKey.get(options) });
    assert.equal(foreign.statusCode, 401);
    assert.equal(foreign.json().error, 'twoFactor.errors.passkeyRejected');
    assert.equal((await call('GET', '/v2/recruiter/me', cookie)).statusCode, 401, 'still half signed in');
    // A challenge of the password-less sign-in does not serve the second factor (purposes apart).
    const crossed = await call('POST', '/auth/two-factor/passkey', cookie, { credential: key.get(await signInOptions()) });
    assert.equal(crossed.statusCode, 401);
    // The person's own passkey, without user verification (presence is enough after the password).
    const done = await call('POST', '/auth/two-factor/passkey', cookie, { credential: key.get(await optionsOf(), { userVerified: false }) });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json().redirectTo, '/recruiter');
    assert.equal((await call('GET', '/v2/recruiter/me', cookie)).statusCode, 200);
    assert.equal((await call('POST', '/auth/two-factor/passkey/options', cookie)).statusCode, 401, 'nothing left to finish');
    const audit = await context.db.selectFrom('audit_log').select('details').where('actor_id', '=', me.id).where('action', '=', 'account.passkey.signIn').execute();
    assert.deepEqual(
      audit.map((row) => row.details),
      [{ passkeyId, mode: 'second-factor' }],
    );
    // A person with TOTP only gets no passkey options.
    const totpOnly = await newRecruiter();
    const start = (await call('POST', '/v2/me/two-factor/totp', totpOnly.cookie)).json();
    assert.equal((await call('POST', '/v2/me/two-factor/totp/confirm', totpOnly.cookie, { code: TOTP.generate({ secret: Secret.fromBase32(start.secret), timestamp: clock }) })).statusCode, 200);
    const pending = await passwordSignIn(totpOnly.email);
    assert.deepEqual((await call('GET', '/auth/two-factor', pending.cookie)).json().methods, { totp: true, passkey: false, recoveryCodes: true });
    const none = await call('POST', '/auth/two-factor/passkey/options', pending.cookie);
    assert.equal(none.statusCode, 409);
    assert.equal(none.json().error, 'twoFactor.errors.noPasskey');
  });

  it('removing needs re-authentication, and the last factor stays while the company requires two-factor', async () => {
    const owner = await t.cookieFor(DEMO_ACCOUNTS.otherOwner.id);
    const me = await newRecruiter(DEMO.otherCompanyId);
    const first = await register(me.cookie, 'First');
    const second = await register(me.cookie, 'Second');
    const remove = (id: string, body: unknown) => call('POST', `/v2/me/two-factor/passkeys/${id}/remove`, me.cookie, body);
    const wrong = await remove(first.passkeyId, { password: 'not-the-password' });
    assert.equal(wrong.statusCode, 422);
    assert.equal(wrong.json().error, 'twoFactor.errors.reauthenticationFailed');
    assert.equal((await remove(first.passkeyId, {})).statusCode, 400, 'a password, a code or a passkey is needed');
    assert.equal((await call('PATCH', '/v2/companies/settings/security', owner, { requireTwoFactor: true })).statusCode, 200);
    try {
      assert.equal((await remove(first.passkeyId, { password: PASSWORD })).statusCode, 204, 'another passkey remains');
      const last = await remove(second.passkeyId, { password: PASSWORD });
      assert.equal(last.statusCode, 409);
      assert.equal(last.json().error, 'twoFactor.errors.requiredByCompany');
      // With TOTP beside it, the passkey may go; and TOTP may go while a passkey remains.
      const start = (await call('POST', '/v2/me/two-factor/totp', me.cookie)).json();
      assert.equal((await call('POST', '/v2/me/two-factor/totp/confirm', me.cookie, { code: TOTP.generate({ secret: Secret.fromBase32(start.secret), timestamp: clock }) })).statusCode, 200);
      assert.equal((await call('POST', '/v2/me/two-factor/remove', me.cookie, { password: PASSWORD })).statusCode, 204);
      assert.equal((await remove(second.passkeyId, { password: PASSWORD })).statusCode, 409, 'the passkey is the last factor again');
    } finally {
      await call('PATCH', '/v2/companies/settings/security', owner, { requireTwoFactor: false });
    }
    assert.equal((await remove(second.passkeyId, { password: PASSWORD })).statusCode, 204);
    assert.equal((await remove(second.passkeyId, { password: PASSWORD })).statusCode, 404);
    assert.equal((await call('GET', '/v2/me/two-factor', me.cookie)).json().passkeys.length, 0);
    // The authenticator still holds its copy: the server no longer accepts it.
    const removedKey = await call('POST', '/auth/passkey/sign-in', undefined, { credential: second.key.get(await signInOptions()) });
    assert.equal(removedKey.statusCode, 401);
    // Without a factor the password signs in completely again.
    assert.equal((await passwordSignIn(me.email)).body.secondFactor, undefined);
    const actions = (await context.db.selectFrom('audit_log').select('action').where('actor_id', '=', me.id).where('action', '=', 'account.passkey.remove').execute()).length;
    assert.equal(actions, 2);
  });

  it('a member that must enrol may enrol a passkey instead of an authenticator app', async () => {
    const owner = await t.cookieFor(DEMO_ACCOUNTS.otherOwner.id);
    assert.equal((await call('PATCH', '/v2/companies/settings/security', owner, { requireTwoFactor: true })).statusCode, 200);
    try {
      const member = await newRecruiter(DEMO.otherCompanyId);
      const { body, cookie } = await passwordSignIn(member.email);
      assert.equal(body.secondFactor, 'enrol');
      // The verify step's routes do not serve an enrolment.
      assert.equal((await call('POST', '/auth/two-factor/passkey/options', cookie)).statusCode, 409);
      const options = await call('POST', '/auth/two-factor/enrol/passkey/options', cookie);
      assert.equal(options.statusCode, 200, options.body);
      const key = new SoftAuthenticator(OWN_ORIGIN);
      const done = await call('POST', '/auth/two-factor/enrol/passkey', cookie, { name: 'Laptop', credential: key.create(options.json()) });
      assert.equal(done.statusCode, 201, done.body);
      assert.equal((await call('GET', '/v2/recruiter/me', cookie)).statusCode, 200, 'enrolled: the session is complete');
      // Next time the passkey alone signs in, in a company that requires two-factor.
      const signedIn = await call('POST', '/auth/passkey/sign-in', undefined, { credential: key.get(await signInOptions()) });
      assert.equal(signedIn.statusCode, 200, signedIn.body);
      assert.equal((await call('GET', '/v2/recruiter/me', setCookieOf(signedIn)?.pair)).statusCode, 200);
    } finally {
      await call('PATCH', '/v2/companies/settings/security', owner, { requireTwoFactor: false });
    }
  });
});
