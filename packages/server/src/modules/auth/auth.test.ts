import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN, setCookieOf, tokenOfLink } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';
import { DAY, MINUTE } from './tokens';

const { owner, viewer, applicant, invitation } = DEMO_ACCOUNTS;
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', origin: OWN_ORIGIN, ...headers },
  payload: JSON.stringify(body),
});
let ipCounter = 0;
/** Each test signs in from its own address so the per-IP limit of one test does not leak into another. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describeEachBackend('auth: sessions, tokens, limits', (context) => {
  let t: AuthTestApp;
  let app: FastifyInstance;
  before(async () => {
    t = await buildAuthTestApp(context.db);
    app = t.app;
  });
  after(() => app.close());

  const post = (url: string, body: unknown, extra: Partial<InjectOptions> = {}) =>
    app.inject({ method: 'POST', url, remoteAddress: freshIp(), ...json(body), ...extra });

  it('signs in, reads the session, signs out, and the old cookie is dead', async () => {
    const signIn = await post('/auth/password/sign-in', { email: ' Claire.Owner@Lumen.example ', password: owner.password });
    assert.equal(signIn.statusCode, 200, signIn.body);
    assert.deepEqual(signIn.json(), { user: { type: 'recruiter', tenantId: DEMO.companyId }, redirectTo: '/recruiter' });
    const cookie = setCookieOf(signIn);
    assert.ok(cookie, 'a session cookie');
    // Cookie flags on http: HttpOnly, SameSite=Lax, Path=/, no Secure, the plain name.
    assert.match(cookie.header, /^rec_session=[A-Za-z0-9_-]{43};/);
    assert.match(cookie.header, /; HttpOnly/);
    assert.match(cookie.header, /; SameSite=Lax/);
    assert.match(cookie.header, /; Path=\//);
    assert.doesNotMatch(cookie.header, /Secure/i);

    const session = await app.inject({ url: '/auth/session-v2', headers: { cookie: cookie.pair } });
    assert.equal(session.statusCode, 200);
    assert.deepEqual(session.json(), { baseIdentity: { localUserId: owner.id }, user: { type: 'recruiter', tenantId: DEMO.companyId } });

    const signOut = await app.inject({ method: 'DELETE', url: '/auth/session-v2', headers: { cookie: cookie.pair, origin: OWN_ORIGIN } });
    assert.equal(signOut.statusCode, 204);
    assert.match(setCookieOf(signOut)?.header ?? '', /^rec_session=;.*Max-Age=0/);

    const again = await app.inject({ url: '/auth/session-v2', headers: { cookie: cookie.pair } });
    assert.equal(again.statusCode, 401);
    assert.deepEqual(again.json(), { statusCode: 401, error: 'auth.required' });
  });

  it('answers an unknown email and a wrong password the same way', async () => {
    const wrong = await post('/auth/password/sign-in', { email: owner.email, password: 'not-the-password' });
    const unknown = await post('/auth/password/sign-in', { email: 'nobody@lumen.example', password: 'not-the-password' });
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, wrong.statusCode);
    assert.equal(unknown.body, wrong.body);
    assert.deepEqual(wrong.json(), { statusCode: 401, error: 'auth.invalidCredentials' });
    assert.equal(setCookieOf(wrong), undefined);
    for (const url of ['/auth/magic-link', '/auth/password/recover']) {
      const known = await post(url, { email: url === '/auth/magic-link' ? applicant.email : owner.email });
      const other = await post(url, { email: 'nobody@example.com' });
      assert.equal(known.statusCode, 202, url);
      assert.equal(other.statusCode, 202, url);
      assert.equal(known.body, other.body, url);
      assert.deepEqual(known.json(), { sent: true });
    }
  });

  it('refuses bad bodies with 400', async () => {
    for (const body of [{}, { email: 'x' }, { email: 'not-an-email', password: 'x' }, { email: owner.email, password: '' }, 'text']) {
      const response = await post('/auth/password/sign-in', body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.equal(response.json().error, 'errors.badRequest');
    }
  });

  it('limits sign-in attempts per email: the 6th is a 429', async () => {
    const email = 'limited@lumen.example';
    for (let attempt = 1; attempt <= 5; attempt++) {
      assert.equal((await post('/auth/password/sign-in', { email, password: 'wrong-password' })).statusCode, 401, `attempt ${attempt}`);
    }
    const sixth = await post('/auth/password/sign-in', { email, password: 'wrong-password' });
    assert.equal(sixth.statusCode, 429);
    assert.deepEqual(sixth.json(), { statusCode: 429, error: 'errors.tooManyRequests' });
    // The window passes: allowed again.
    t.advance(16 * MINUTE);
    assert.equal((await post('/auth/password/sign-in', { email, password: 'wrong-password' })).statusCode, 401);
  });

  it('limits per IP across emails, and link requests per email', async () => {
    const ip = '192.0.2.77';
    for (let n = 1; n <= 20; n++) {
      const response = await post('/auth/password/sign-in', { email: `person${n}@example.com`, password: 'wrong-password' }, { remoteAddress: ip });
      assert.equal(response.statusCode, 401, `attempt ${n}`);
    }
    const over = await post('/auth/password/sign-in', { email: 'person21@example.com', password: 'wrong-password' }, { remoteAddress: ip });
    assert.equal(over.statusCode, 429);
    for (let n = 1; n <= 5; n++) assert.equal((await post('/auth/magic-link', { email: 'flood@example.com' })).statusCode, 202);
    assert.equal((await post('/auth/magic-link', { email: 'flood@example.com' })).statusCode, 429);
  });

  it('mails a magic link to applicants only; the link signs in once, in time', async () => {
    await t.mails();
    const before = (await t.mails()).length;
    await post('/auth/magic-link', { email: viewer.email });
    assert.equal((await t.mails()).length, before, 'no magic link for a recruiter');
    await post('/auth/magic-link', { email: applicant.email.toUpperCase() });
    const [mail] = await t.mails();
    assert.equal(mail?.to, applicant.email);
    assert.equal(mail?.subject, 'Votre lien de connexion', 'in the applicant’s language (fr)');
    const link = mail?.links[0] ?? '';
    assert.match(link, /^http:\/\/rec\.test\/login\/token\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOfLink(link);

    const first = await post('/v2/applicants-auth/authorize', { token });
    assert.equal(first.statusCode, 200);
    assert.deepEqual(first.json(), { email: applicant.email });
    const cookie = setCookieOf(first);
    assert.ok(cookie);
    const session = await app.inject({ url: '/auth/session-v2', headers: { cookie: cookie.pair } });
    assert.deepEqual(session.json().user, { type: 'applicant', tenantId: null });

    // Used: says so and names its email, for the page to offer a new link (issue 25); a made-up token learns nothing.
    const second = await post('/v2/applicants-auth/authorize', { token });
    assert.equal(second.statusCode, 401);
    assert.deepEqual(second.json(), { statusCode: 401, error: 'auth.magicLinkUsed', details: { email: applicant.email } });
    const madeUp = await post('/v2/applicants-auth/authorize', { token: 'x'.repeat(43) });
    assert.deepEqual(madeUp.json(), { statusCode: 401, error: 'auth.invalidToken' });
    assert.equal((await post('/v2/applicants-auth/authorize', { token: 'short' })).statusCode, 401);
  });

  it('lets a magic link expire after 10 minutes, and says it expired, for which email', async () => {
    await post('/auth/magic-link', { email: applicant.email });
    const token = tokenOfLink((await t.mails())[0]?.links[0]);
    t.advance(10 * MINUTE + 1000);
    const late = await post('/v2/applicants-auth/authorize', { token });
    assert.equal(late.statusCode, 401);
    assert.deepEqual(late.json(), { statusCode: 401, error: 'auth.magicLinkExpired', details: { email: applicant.email } });
  });

  it('resets a password by mail: every session ends, the link works once', async () => {
    const oldCookie = await t.cookieFor(viewer.id);
    assert.equal((await app.inject({ url: '/auth/session-v2', headers: { cookie: oldCookie } })).statusCode, 200);
    await post('/auth/password/recover', { email: viewer.email });
    const mail = (await t.mails())[0];
    assert.equal(mail?.to, viewer.email);
    assert.equal(mail?.subject, 'Reset your password');
    const link = mail?.links[0] ?? '';
    assert.match(link, /^http:\/\/rec\.test\/reset\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOfLink(link);

    const short = await post('/auth/password/reset', { token, password: 'short' });
    assert.equal(short.statusCode, 400);
    assert.deepEqual(short.json(), { statusCode: 400, error: 'errors.passwordTooShort' });

    const reset = await post('/auth/password/reset', { token, password: 'a-brand-new-password' });
    assert.equal(reset.statusCode, 204);
    assert.equal((await app.inject({ url: '/auth/session-v2', headers: { cookie: oldCookie } })).statusCode, 401, 'old session dead');
    assert.equal((await post('/auth/password/reset', { token, password: 'another-new-password' })).statusCode, 401, 'single use');
    assert.equal((await post('/auth/password/sign-in', { email: viewer.email, password: viewer.password })).statusCode, 401, 'old password gone');
    const signIn = await post('/auth/password/sign-in', { email: viewer.email, password: 'a-brand-new-password' });
    assert.equal(signIn.statusCode, 200);
  });

  it('lets a reset link expire after 30 minutes', async () => {
    await post('/auth/password/recover', { email: DEMO_ACCOUNTS.admin.email });
    const token = tokenOfLink((await t.mails())[0]?.links[0]);
    t.advance(31 * MINUTE);
    assert.equal((await post('/auth/password/reset', { token, password: 'a-brand-new-password' })).statusCode, 401);
  });

  it('ends a session after 30 days even when used every day', async () => {
    const cookie = await t.cookieFor(owner.id);
    for (let day = 0; day < 29; day++) {
      t.advance(DAY);
      assert.equal((await app.inject({ url: '/auth/session-v2', headers: { cookie } })).statusCode, 200, `day ${day + 1}`);
    }
    t.advance(DAY);
    assert.equal((await app.inject({ url: '/auth/session-v2', headers: { cookie } })).statusCode, 401);
    const idle = await t.cookieFor(owner.id);
    t.advance(8 * DAY);
    assert.equal((await app.inject({ url: '/auth/session-v2', headers: { cookie: idle } })).statusCode, 401, 'idle for 8 days');
  });

  it('checks the origin of mutating requests that carry the cookie', async () => {
    const cookie = await t.cookieFor(owner.id);
    const patch = (headers: Record<string, string>) =>
      app.inject({ method: 'PATCH', url: '/v2/recruiter/me/settings', headers: { cookie, 'content-type': 'application/json', ...headers }, payload: '{"language":"de"}' });
    const foreign = await patch({ origin: 'https://evil.example' });
    assert.equal(foreign.statusCode, 403);
    assert.deepEqual(foreign.json(), { statusCode: 403, error: 'errors.forbidden' });
    assert.equal((await patch({})).statusCode, 403, 'neither Origin nor Referer');
    assert.equal((await patch({ referer: 'https://evil.example/rec.test' })).statusCode, 403);
    assert.equal((await patch({ origin: 'null' })).statusCode, 403);
    assert.equal((await patch({ origin: OWN_ORIGIN })).statusCode, 200);
    assert.equal((await patch({ referer: `${OWN_ORIGIN}/recruiter/settings` })).statusCode, 200);
    // The request's own Host counts as ours too (the server reached under another name).
    assert.equal((await patch({ origin: 'http://localhost:3000', host: 'localhost:3000' })).statusCode, 200);
    const signOut = await app.inject({ method: 'DELETE', url: '/auth/session-v2', headers: { cookie, origin: 'https://evil.example' } });
    assert.equal(signOut.statusCode, 403);
    assert.equal((await app.inject({ url: '/auth/session-v2', headers: { cookie } })).statusCode, 200, 'still signed in');
    // Sign-in from another site (login CSRF) is refused even without a cookie.
    const crossSignIn = await post('/auth/password/sign-in', { email: owner.email, password: 'x' }, { headers: { 'content-type': 'application/json', origin: 'https://evil.example' } });
    assert.equal(crossSignIn.statusCode, 403);
  });

  it('shows, accepts and closes an invitation', async () => {
    const url = `/v2/recruiters/invite/${invitation.invitationLink}`;
    const pending = await app.inject({ url });
    assert.equal(pending.statusCode, 200);
    assert.deepEqual(pending.json(), { redirectTo: `/invite/${invitation.invitationLink}`, email: invitation.email, companyName: DEMO.companyName, hasAccount: false });

    const body = { invitationLink: invitation.invitationLink, firstName: 'Nina', lastName: 'Neu', password: 'welcome-to-lumen' };
    assert.equal((await post('/auth/invitations/accept', { ...body, password: 'short' })).json().error, 'errors.passwordTooShort');
    assert.equal((await post('/auth/invitations/accept', { ...body, firstName: '' })).statusCode, 400);
    const accepted = await post('/auth/invitations/accept', body);
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.deepEqual(accepted.json(), { user: { type: 'recruiter', tenantId: DEMO.companyId }, redirectTo: '/recruiter' });
    const cookie = setCookieOf(accepted)?.pair ?? '';
    const me = await app.inject({ url: '/v2/recruiter/me', headers: { cookie } });
    assert.equal(me.json().fullName, 'Nina Neu');
    assert.equal(me.json().email, invitation.email);
    assert.deepEqual((await app.inject({ url: '/v2/recruiter/me/permissions', headers: { cookie } })).json(), { role: 'viewer', permissions: [] });

    const afterwards = await app.inject({ url });
    assert.equal(afterwards.json().redirectTo, `/login/password?email=${encodeURIComponent(invitation.email)}`);
    const twice = await post('/auth/invitations/accept', body);
    assert.equal(twice.statusCode, 404);
    assert.deepEqual(twice.json(), { statusCode: 404, error: 'auth.invitationExpired' });
    assert.equal((await app.inject({ url: `/v2/recruiters/invite/${'u'.repeat(43)}` })).statusCode, 404);
    assert.equal((await app.inject({ url: '/v2/recruiters/invite/not%20a%20token' })).statusCode, 404);
  });

  it('lets an invitation expire after 7 days', async () => {
    const { invitationLink } = await app.accounts.auth.createInvitation({ companyId: DEMO.otherCompanyId, email: 'late@nordwind.example', role: 'viewer' });
    assert.equal((await app.inject({ url: `/v2/recruiters/invite/${invitationLink}` })).statusCode, 200);
    t.advance(7 * DAY + 1000);
    const late = await app.inject({ url: `/v2/recruiters/invite/${invitationLink}` });
    assert.equal(late.statusCode, 404);
    assert.equal(late.json().error, 'auth.invitationExpired');
    const accept = await post('/auth/invitations/accept', { invitationLink, firstName: 'L', lastName: 'Ate', password: 'too-late-password' });
    assert.equal(accept.statusCode, 404);
  });

  it('lists the identity’s companies and switches between them with a new session', async () => {
    // Claire also works for Nordwind (same email, second recruiter account).
    await context.db
      .insertInto('accounts')
      .values({ id: '64b0acc000000000000000c2', type: 'recruiter', company_id: DEMO.otherCompanyId, company_role: 'viewer', email: owner.email, first_name: 'Claire', last_name: 'Dubois' })
      .execute();
    const cookie = await t.cookieFor(owner.id);
    const tenants = await app.inject({ url: '/auth/tenants', headers: { cookie } });
    assert.equal(tenants.statusCode, 200);
    assert.deepEqual(tenants.json(), [
      { id: DEMO.companyId, name: DEMO.companyName, requestAuthUrl: `/auth/tenants/${DEMO.companyId}/authorize` },
      { id: DEMO.otherCompanyId, name: DEMO.otherCompanyName, requestAuthUrl: `/auth/tenants/${DEMO.otherCompanyId}/authorize` },
    ]);
    const switched = await app.inject({ method: 'POST', url: `/auth/tenants/${DEMO.otherCompanyId}/authorize`, headers: { cookie, origin: OWN_ORIGIN } });
    assert.equal(switched.statusCode, 200);
    assert.deepEqual(switched.json(), { user: { type: 'recruiter', tenantId: DEMO.otherCompanyId }, redirectTo: '/recruiter' });
    const next = setCookieOf(switched)?.pair ?? '';
    assert.notEqual(next, cookie);
    assert.equal((await app.inject({ url: '/auth/session-v2', headers: { cookie } })).statusCode, 401, 'the old session ended');
    const session = await app.inject({ url: '/auth/session-v2', headers: { cookie: next } });
    assert.deepEqual(session.json().user, { type: 'recruiter', tenantId: DEMO.otherCompanyId });
    // Not a company of this identity.
    const viewerCookie = await t.cookieFor(viewer.id);
    assert.equal((await app.inject({ method: 'POST', url: `/auth/tenants/${DEMO.otherCompanyId}/authorize`, headers: { cookie: viewerCookie, origin: OWN_ORIGIN } })).statusCode, 404);
    assert.equal((await app.inject({ url: '/auth/tenants' })).statusCode, 401);
  });
});

describeEachBackend('auth over https', (context) => {
  let t: AuthTestApp;
  before(async () => {
    t = await buildAuthTestApp(context.db, { config: { publicUrl: 'https://jobs.example' } });
  });
  after(() => t.app.close());

  it('sets a Secure __Host- cookie', async () => {
    const origin = { 'content-type': 'application/json', origin: 'https://jobs.example' };
    await t.app.inject({ method: 'POST', url: '/auth/magic-link', headers: origin, payload: JSON.stringify({ email: applicant.email }) });
    const [mail] = await t.mails();
    assert.match(mail?.links[0] ?? '', /^https:\/\/jobs\.example\/login\/token\//);
    const response = await t.app.inject({ method: 'POST', url: '/v2/applicants-auth/authorize', headers: origin, payload: JSON.stringify({ token: tokenOfLink(mail?.links[0]) }) });
    assert.equal(response.statusCode, 200);
    const cookie = setCookieOf(response);
    assert.match(cookie?.header ?? '', /^__Host-rec_session=[A-Za-z0-9_-]{43};/);
    assert.match(cookie?.header ?? '', /; Secure/);
    assert.match(cookie?.header ?? '', /; HttpOnly/);
    assert.match(cookie?.header ?? '', /; SameSite=Lax/);
    assert.match(cookie?.header ?? '', /; Path=\//);
    assert.doesNotMatch(cookie?.header ?? '', /Domain=/i);
    // The plain name means nothing over https.
    const plain = (cookie?.pair ?? '').replace('__Host-rec_session', 'rec_session');
    assert.equal((await t.app.inject({ url: '/auth/session-v2', headers: { cookie: plain } })).statusCode, 401);
    assert.equal((await t.app.inject({ url: '/auth/session-v2', headers: { cookie: cookie?.pair ?? '' } })).statusCode, 200);
  });
});
