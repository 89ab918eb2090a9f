import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { newId } from '../../db/ids';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN, setCookieOf } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';
import { hashPassword } from '../auth/passwords';

/** Issue 32: TOTP enrolment, the half-signed-in session, recovery codes, remembered devices, the company policy. */
const PASSWORD = 'two-factor-password-1';
let ip = 0;
const nextIp = () => `10.32.${Math.floor(++ip / 250)}.${ip % 250}`;

/** What the person's authenticator app shows at `time`. */
const codeAt = (secret: string, time: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: time });
const json = (cookie?: string) => ({ 'content-type': 'application/json', origin: OWN_ORIGIN, ...(cookie ? { cookie } : {}) });
const cookiesOf = (response: LightMyRequestResponse, name: string) => {
  const raw = response.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).find((line) => line.startsWith(`${name}=`))?.split(';')[0];
};

describeEachBackend('two-factor sign-in', (context) => {
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

  /** A recruiter of its own (a fresh identity), in Lumen unless told otherwise. */
  async function newRecruiter(companyId: string = DEMO.companyId, role: 'owner' | 'recruiter' = 'recruiter') {
    const id = newId();
    const email = `tf-${id}@lumen.example`;
    await context.db
      .insertInto('accounts')
      .values({ id, type: 'recruiter', company_id: companyId, company_role: role, email, password_hash: passwordHash, first_name: 'Tove', last_name: 'Factor' })
      .execute();
    return { id, email, cookie: await t.cookieFor(id) };
  }

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string | undefined, body?: unknown, address = nextIp()) =>
    app.inject({ method, url, remoteAddress: address, headers: body === undefined ? { origin: OWN_ORIGIN, ...(cookie ? { cookie } : {}) } : json(cookie), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });

  /** Enrols a TOTP factor for the session: answers the secret and the recovery codes. */
  async function enrol(cookie: string) {
    const start = await call('POST', '/v2/me/two-factor/totp', cookie);
    assert.equal(start.statusCode, 200, start.body);
    const { secret, uri, qrSvg } = start.json() as { secret: string; uri: string; qrSvg: string };
    assert.match(uri, /^otpauth:\/\/totp\//);
    assert.match(qrSvg, /<svg/);
    const confirm = await call('POST', '/v2/me/two-factor/totp/confirm', cookie, { code: codeAt(secret, clock) });
    assert.equal(confirm.statusCode, 200, confirm.body);
    const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
    return { secret, recoveryCodes };
  }

  const signIn = async (email: string, extraCookie?: string) => {
    const response = await call('POST', '/auth/password/sign-in', extraCookie, { email, password: PASSWORD });
    assert.equal(response.statusCode, 200, response.body);
    return { body: response.json() as { redirectTo: string; secondFactor?: string }, cookie: setCookieOf(response)?.pair ?? '' };
  };

  /** Moves the clock to the next TOTP window so a fresh code exists. */
  const nextWindow = () => {
    clock += 30_000;
  };

  it('enrols: a started enrolment is confirmed only by a valid code, and the factor shows as enrolled', async () => {
    const me = await newRecruiter();
    const start = await call('POST', '/v2/me/two-factor/totp', me.cookie);
    const { secret } = start.json() as { secret: string };
    const wrong = await call('POST', '/v2/me/two-factor/totp/confirm', me.cookie, { code: codeAt(secret, clock) === '000000' ? '111111' : '000000' });
    assert.equal(wrong.statusCode, 422);
    assert.equal(wrong.json().error, 'twoFactor.errors.wrongCode');
    let status = (await call('GET', '/v2/me/two-factor', me.cookie)).json();
    assert.equal(status.enrolled, false);
    const ok = await call('POST', '/v2/me/two-factor/totp/confirm', me.cookie, { code: codeAt(secret, clock) });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().recoveryCodes.length, 10);
    status = (await call('GET', '/v2/me/two-factor', me.cookie)).json();
    assert.deepEqual([status.enrolled, status.recoveryCodesLeft], [true, 10]);
    const again = await call('POST', '/v2/me/two-factor/totp', me.cookie);
    assert.equal(again.statusCode, 409, 'a confirmed factor is not replaced by a new enrolment');
    // The secret is stored sealed, never as the base32 the app showed.
    const row = await context.db.selectFrom('two_factor_totp').select('secret').where('email', '=', me.email).executeTakeFirstOrThrow();
    assert.ok(!row.secret.includes(secret));
  });

  it('password sign-in answers "second factor required"; the half-signed-in session is refused by recruiter routes until a valid code', async () => {
    const me = await newRecruiter();
    const { secret } = await enrol(me.cookie);
    nextWindow();
    const { body, cookie } = await signIn(me.email);
    assert.equal(body.secondFactor, 'verify');
    assert.equal(body.redirectTo, '/login/two-factor');
    for (const url of ['/v2/recruiter/me', '/auth/session-v2', '/v2/me/two-factor', '/v2/recruiter/me/sessions']) {
      const refused = await call('GET', url, cookie);
      assert.equal(refused.statusCode, 401, url);
      assert.equal(refused.json().error, 'twoFactor.errors.required', url);
    }
    assert.equal((await call('GET', '/auth/two-factor', cookie)).json().step, 'verify');
    const wrong = await call('POST', '/auth/two-factor/verify', cookie, { code: codeAt(secret, clock + 5 * 60_000) });
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json().error, 'twoFactor.errors.wrongCode');
    const ok = await call('POST', '/auth/two-factor/verify', cookie, { code: codeAt(secret, clock) });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal((await call('GET', '/v2/recruiter/me', cookie)).statusCode, 200);
  });

  it('a code accepted once is refused again in its window (replay)', async () => {
    const me = await newRecruiter();
    const { secret } = await enrol(me.cookie);
    nextWindow();
    const first = await signIn(me.email);
    const code = codeAt(secret, clock);
    assert.equal((await call('POST', '/auth/two-factor/verify', first.cookie, { code })).statusCode, 200);
    const second = await signIn(me.email);
    const replay = await call('POST', '/auth/two-factor/verify', second.cookie, { code });
    assert.equal(replay.statusCode, 401, 'the same code within its 30 s');
    // Even the previous window's code (clock drift allowance) is refused after a later one was used.
    assert.equal((await call('POST', '/auth/two-factor/verify', second.cookie, { code: codeAt(secret, clock - 30_000) })).statusCode, 401);
    nextWindow();
    assert.equal((await call('POST', '/auth/two-factor/verify', second.cookie, { code: codeAt(secret, clock) })).statusCode, 200);
  });

  it('a recovery code works once, not twice; the audit says so without the code', async () => {
    const me = await newRecruiter();
    const { recoveryCodes, secret } = await enrol(me.cookie);
    const [code] = recoveryCodes;
    assert.match(code ?? '', /^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const first = await signIn(me.email);
    assert.equal((await call('POST', '/auth/two-factor/verify', first.cookie, { code: code?.toUpperCase() })).statusCode, 200);
    const second = await signIn(me.email);
    assert.equal((await call('POST', '/auth/two-factor/verify', second.cookie, { code })).statusCode, 401);
    const status = (await call('GET', '/v2/me/two-factor', first.cookie)).json();
    assert.equal(status.recoveryCodesLeft, 9);
    const rows = await context.db.selectFrom('audit_log').select(['action', 'details']).where('actor_id', '=', me.id).orderBy('created_at').execute();
    assert.deepEqual(rows.map((row) => row.action).sort(), ['account.twoFactor.enrol', 'account.twoFactor.recoveryCodeUsed']);
    const text = JSON.stringify(rows);
    for (const secretText of [secret, ...recoveryCodes]) assert.ok(!text.includes(secretText), 'no secret or code in the audit');
    const stored = await context.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('email', '=', me.email).execute();
    assert.ok(stored.every((row) => !recoveryCodes.some((c) => row.code_hash.includes(c.replace('-', '')))), 'codes stored hashed');
  });

  it('regenerating recovery codes and removing the factor need re-authentication', async () => {
    const me = await newRecruiter();
    const { secret, recoveryCodes } = await enrol(me.cookie);
    const refused = await call('POST', '/v2/me/two-factor/recovery-codes', me.cookie, { password: 'not-the-password' });
    assert.equal(refused.statusCode, 422);
    assert.equal(refused.json().error, 'twoFactor.errors.reauthenticationFailed');
    const both = await call('POST', '/v2/me/two-factor/recovery-codes', me.cookie, { password: PASSWORD, code: '123456' });
    assert.equal(both.statusCode, 400);
    const fresh = await call('POST', '/v2/me/two-factor/recovery-codes', me.cookie, { password: PASSWORD });
    assert.equal(fresh.statusCode, 200, fresh.body);
    const newCodes = fresh.json().recoveryCodes as string[];
    assert.equal(newCodes.length, 10);
    const old = await signIn(me.email);
    assert.equal((await call('POST', '/auth/two-factor/verify', old.cookie, { code: recoveryCodes[0] })).statusCode, 401, 'the old codes are gone');
    nextWindow();
    const removed = await call('POST', '/v2/me/two-factor/remove', me.cookie, { code: codeAt(secret, clock) });
    assert.equal(removed.statusCode, 204, removed.body);
    const after = await signIn(me.email);
    assert.equal(after.body.secondFactor, undefined, 'no factor, no code asked');
    const actions = (await context.db.selectFrom('audit_log').select('action').where('actor_id', '=', me.id).execute()).map((row) => row.action);
    assert.ok(actions.includes('account.twoFactor.recoveryCodesRegenerate'));
    assert.ok(actions.includes('account.twoFactor.remove'));
  });

  it('"remember this device" skips the code for 30 days and stops working once the factor is removed', async () => {
    const me = await newRecruiter();
    const { secret } = await enrol(me.cookie);
    nextWindow();
    const first = await signIn(me.email);
    const verify = await call('POST', '/auth/two-factor/verify', first.cookie, { code: codeAt(secret, clock), rememberDevice: true });
    assert.equal(verify.statusCode, 200, verify.body);
    const device = cookiesOf(verify, 'rec_2fa_device');
    assert.ok(device, 'the device cookie is set');
    const header = [verify.headers['set-cookie']].flat().find((line) => String(line).startsWith('rec_2fa_device='));
    assert.match(String(header), /HttpOnly/);
    const remembered = await signIn(me.email, device);
    assert.equal(remembered.body.secondFactor, undefined, 'a remembered device needs no code');
    assert.equal((await call('GET', '/v2/recruiter/me', remembered.cookie)).statusCode, 200);
    // Another person's sign-in with this device's cookie is asked for their code.
    const other = await newRecruiter();
    await enrol(other.cookie);
    assert.equal((await signIn(other.email, device)).body.secondFactor, 'verify');
    // Removing the factor forgets every remembered device; enrolling again does not bring them back.
    assert.equal((await call('POST', '/v2/me/two-factor/remove', me.cookie, { password: PASSWORD })).statusCode, 204);
    const { secret: second } = await enrol(me.cookie);
    assert.equal((await signIn(me.email, device)).body.secondFactor, 'verify');
    // A new remembered device is forgotten after 30 days anyway.
    nextWindow();
    const fresh = await signIn(me.email);
    const again = await call('POST', '/auth/two-factor/verify', fresh.cookie, { code: codeAt(second, clock), rememberDevice: true });
    const newDevice = cookiesOf(again, 'rec_2fa_device');
    assert.equal((await signIn(me.email, newDevice)).body.secondFactor, undefined);
    clock += 30 * 86_400_000 + 1000;
    assert.equal((await signIn(me.email, newDevice)).body.secondFactor, 'verify');
  });

  it('wrong codes are limited: 429 with a key after 5 attempts per identity', async () => {
    const me = await newRecruiter();
    await enrol(me.cookie);
    const { cookie } = await signIn(me.email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call('POST', '/auth/two-factor/verify', cookie, { code: '000000' }, nextIp())).statusCode);
    // The enrolment's confirmation was the first attempt of the window.
    assert.deepEqual(statuses, [401, 401, 401, 401, 429, 429]);
    const limited = await call('POST', '/auth/two-factor/verify', cookie, { code: '000000' });
    assert.equal(limited.json().error, 'errors.tooManyRequests');
  });

  it('a company that requires two-factor sends a member without one to enrolment, and nowhere else', async () => {
    const owner = await t.cookieFor(DEMO_ACCOUNTS.otherOwner.id);
    const set = await call('PATCH', '/v2/companies/settings/security', owner, { requireTwoFactor: true, sessionDays: 3 });
    assert.equal(set.statusCode, 200, set.body);
    assert.deepEqual(set.json(), { requireTwoFactor: true, sessionDays: 3 });
    try {
      const member = await newRecruiter(DEMO.otherCompanyId);
      const { body, cookie } = await signIn(member.email);
      assert.equal(body.secondFactor, 'enrol');
      const refused = await call('GET', '/v2/recruiter/me', cookie);
      assert.equal(refused.statusCode, 401);
      assert.equal(refused.json().error, 'twoFactor.errors.enrolmentRequired');
      assert.equal((await call('POST', '/auth/two-factor/verify', cookie, { code: '123456' })).statusCode, 409);
      const start = await call('POST', '/auth/two-factor/enrol', cookie);
      assert.equal(start.statusCode, 200, start.body);
      const confirm = await call('POST', '/auth/two-factor/enrol/confirm', cookie, { code: codeAt(start.json().secret, clock) });
      assert.equal(confirm.statusCode, 200, confirm.body);
      assert.equal(confirm.json().recoveryCodes.length, 10);
      assert.equal((await call('GET', '/v2/recruiter/me', cookie)).statusCode, 200, 'enrolled: the session is complete');
      // The session lives the company's 3 days.
      const session = await context.db
        .selectFrom('sessions')
        .select(['expires_at', 'created_at'])
        .where('account_id', '=', member.id)
        .where('second_factor', 'is', null)
        .executeTakeFirstOrThrow();
      const days = (new Date(session.expires_at).getTime() - clock) / 86_400_000;
      assert.ok(days > 2.99 && days <= 3.001, `session of ${days} days`);
      // While the company requires it, the member cannot remove their factor.
      assert.equal((await call('POST', '/v2/me/two-factor/remove', cookie, { password: PASSWORD })).statusCode, 409);
      const audit = await context.db.selectFrom('audit_log').select(['action', 'details']).where('company_id', '=', DEMO.otherCompanyId).where('action', '=', 'company.securityPolicy.change').execute();
      assert.equal(audit.length, 1);
    } finally {
      await call('PATCH', '/v2/companies/settings/security', owner, { requireTwoFactor: false, sessionDays: 30 });
    }
  });

  it("another company's owner, a member or a viewer cannot change the policy", async () => {
    const viewer = await t.cookieFor(DEMO_ACCOUNTS.viewer.id);
    assert.equal((await call('PATCH', '/v2/companies/settings/security', viewer, { requireTwoFactor: true })).statusCode, 403);
    const otherOwner = await t.cookieFor(DEMO_ACCOUNTS.otherOwner.id);
    const changed = await call('PATCH', '/v2/companies/settings/security', otherOwner, { sessionDays: 7 });
    assert.equal(changed.statusCode, 200);
    // The other owner changed their own company only: Lumen keeps its policy.
    const lumen = await call('GET', '/v2/companies/settings/security', await t.cookieFor(DEMO_ACCOUNTS.owner.id));
    assert.deepEqual(lumen.json(), { requireTwoFactor: false, sessionDays: 30 });
    await call('PATCH', '/v2/companies/settings/security', otherOwner, { sessionDays: 30 });
    assert.equal((await call('PATCH', '/v2/companies/settings/security', otherOwner, { sessionDays: 31 })).statusCode, 400);
  });
});
