import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { SSO_CALLBACK_PATH } from '@rec/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { newId } from '../../db/ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN, setCookieOf } from '../../testing/auth-helpers';
import { driveLogin, startTestIdp, type TestIdp } from '../../testing/oidc-provider';
import { describeEachBackend } from '../../testing/test-database';
import { hashPassword } from '../auth/passwords';

/**
 * Issue 32, single sign-on: a real OpenID provider (oidc-provider) on 127.0.0.1, the code flow
 * driven with fetch through its login form, and every refusal the callback owes. Domains are
 * proved through a fake DNS (the TXT records a test publishes); the outbound guard lets the
 * loopback IdP through (NODE_ENV=test), except in the tests of the guard, which turn that off.
 */
const PASSWORD = 'sso-member-password-1';
const REDIRECT_URI = `${OWN_ORIGIN}${SSO_CALLBACK_PATH}`;
let ip = 0;
const nextIp = () => `10.33.${Math.floor(++ip / 250)}.${ip % 250}`;

const cookieOf = (response: LightMyRequestResponse, name: string) => {
  const raw = response.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).find((line) => line.startsWith(`${name}=`))?.split(';')[0];
};

/** A DNS of the test's own: TXT records by name; a name in `failing` answers SERVFAIL. */
const dns = new Map<string, string[][]>();
const failing = new Set<string>();
const resolveTxt = async (name: string): Promise<string[][]> => {
  if (failing.has(name)) throw Object.assign(new Error('queryTxt ESERVFAIL'), { code: 'ESERVFAIL' });
  const records = dns.get(name);
  if (!records) throw Object.assign(new Error('queryTxt ENOTFOUND'), { code: 'ENOTFOUND' });
  return records;
};

describeEachBackend('single sign-on with OpenID Connect', (context) => {
  let t: AuthTestApp;
  let app: FastifyInstance;
  let idp: TestIdp;
  let passwordHash = '';
  before(async () => {
    t = await buildAuthTestApp(context.db, { auth: { resolveTxt } });
    app = t.app;
    idp = await startTestIdp({ redirectUri: REDIRECT_URI });
    passwordHash = await hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 });
  });
  after(async () => {
    await app.close();
    await idp.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, body?: unknown) =>
    app.inject({
      method,
      url,
      remoteAddress: nextIp(),
      headers: { origin: OWN_ORIGIN, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  async function insertAccount(companyId: string, email: string, role: 'owner' | 'recruiter' | 'viewer') {
    const id = newId();
    await context.db
      .insertInto('accounts')
      .values({ id, type: 'recruiter', company_id: companyId, company_role: role, email, password_hash: passwordHash, first_name: 'Ada', last_name: 'Member' })
      .execute();
    return { id, email, cookie: await t.cookieFor(id) };
  }

  /** A company of its own with an owner, and an e-mail domain of its own. */
  async function newCompany() {
    const companyId = newId();
    await context.db.insertInto('companies').values({ id: companyId, name: `Single Sign ${companyId.slice(-6)}`, slug: `sso-${companyId}`, settings: { language: 'en' } }).execute();
    const domain = `sso-${companyId}.example`;
    const owner = await insertAccount(companyId, `owner@${domain}`, 'owner');
    return { companyId, domain, owner };
  }

  const settingsBody = (domain: string, extra: Record<string, unknown> = {}) => ({
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    domains: [domain],
    defaultRole: 'viewer',
    ssoOnly: false,
    ...extra,
  });

  type View = { domains: string[]; domainClaims: Array<{ domain: string; state: string; verifiedAt: string | null; recordName: string; recordValue: string }> };
  const claimOf = (response: LightMyRequestResponse, domain: string) => (response.json() as View).domainClaims.find((claim) => claim.domain === domain);
  const verify = (cookie: string, domain: string) => call('POST', `/v2/companies/settings/sso/domains/${domain}/verify`, cookie);

  /** Publishes the claim's TXT record (as its owner would at their DNS host) and asks for verification. */
  async function prove(owner: { cookie: string }, domain: string) {
    const claim = claimOf(await call('GET', '/v2/companies/settings/sso', owner.cookie), domain);
    assert.ok(claim, `${domain} is claimed`);
    dns.set(claim.recordName, [[claim.recordValue]]);
    const verified = await verify(owner.cookie, domain);
    assert.equal(verified.statusCode, 200, verified.body);
    return verified;
  }

  /** A company whose IdP is the test provider, for its own domain, proved. */
  async function configured(extra: Record<string, unknown> = {}) {
    const company = await newCompany();
    const saved = await call('PUT', '/v2/companies/settings/sso', company.owner.cookie, settingsBody(company.domain, extra));
    assert.equal(saved.statusCode, 200, saved.body);
    await prove(company.owner, company.domain);
    return company;
  }

  /** POST /auth/sso/start as a browser without cookies: the IdP's URL and the binding cookie. */
  async function start(email: string, redirect?: string) {
    const response = await call('POST', '/auth/sso/start', undefined, { email, ...(redirect ? { redirect } : {}) });
    assert.equal(response.statusCode, 200, response.body);
    const binding = cookieOf(response, 'rec_sso');
    assert.ok(binding, 'the start sets the binding cookie');
    return { authorizationUrl: (response.json() as { authorizationUrl: string }).authorizationUrl, binding };
  }

  const callback = (returned: URL, cookie: string | undefined) => app.inject({ method: 'GET', url: `${SSO_CALLBACK_PATH}${returned.search}`, remoteAddress: nextIp(), headers: cookie ? { cookie } : {} });
  const refusedWith = (response: LightMyRequestResponse, key: string) => {
    assert.equal(response.statusCode, 303, response.body);
    const location = new URL(response.headers.location as string, OWN_ORIGIN);
    assert.equal(location.pathname, '/login');
    assert.equal(location.searchParams.get('ssoError'), key);
    assert.equal(setCookieOf(response), undefined, 'no session cookie on a refusal');
  };
  const auditOf = (companyId: string) => context.db.selectFrom('audit_log').select(['action', 'actor_id', 'details']).where('company_id', '=', companyId).orderBy('id').execute();

  it('signs a member in through the full code flow, creating them just in time with the default role, and lands on an own path', async () => {
    const company = await configured();
    const email = `new.member@${company.domain}`;
    const discovery = await call('POST', '/auth/sso/discover', undefined, { email });
    assert.equal(discovery.statusCode, 200);
    assert.deepEqual(discovery.json(), { company: { name: `Single Sign ${company.companyId.slice(-6)}` } });
    const attempt = await start(email, '/recruiter/openings');
    const url = new URL(attempt.authorizationUrl);
    assert.equal(url.origin, idp.issuer);
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.ok(url.searchParams.get('nonce') && url.searchParams.get('state'));
    assert.equal(url.searchParams.get('redirect_uri'), REDIRECT_URI);
    const returned = await driveLogin(attempt.authorizationUrl, email, REDIRECT_URI);
    assert.ok(returned.searchParams.get('code'));
    const done = await callback(returned, attempt.binding);
    assert.equal(done.statusCode, 303, done.body);
    assert.equal(done.headers.location, '/recruiter/openings');
    const session = setCookieOf(done);
    assert.ok(session);
    const me = await call('GET', '/auth/session-v2', session.pair);
    assert.equal(me.statusCode, 200, me.body);
    assert.equal((me.json() as { user: { tenantId: string } }).user.tenantId, company.companyId);
    const account = await context.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    assert.equal(account.company_role, 'viewer');
    assert.equal(account.password_hash, null);
    assert.equal(account.first_name, 'Sam');
    const actions = (await auditOf(company.companyId)).map((row) => row.action).sort();
    assert.deepEqual(actions, ['account.sso.memberCreate', 'account.sso.signIn', 'company.sso.change', 'company.sso.domainVerify']);

    // The state was used: the same callback again (a replay) is refused.
    refusedWith(await callback(returned, attempt.binding), 'sso.errors.stateInvalid');
  });

  it('finds the existing member by e-mail, and the IdP stands for the company’s two-factor', async () => {
    const company = await configured();
    await context.db.updateTable('companies').set({ settings: { language: 'en', security: { requireTwoFactor: true, sessionDays: 7 } } }).where('id', '=', company.companyId).execute();
    const member = await insertAccount(company.companyId, `known@${company.domain}`, 'recruiter');
    const attempt = await start(member.email);
    const done = await callback(await driveLogin(attempt.authorizationUrl, member.email, REDIRECT_URI), attempt.binding);
    assert.equal(done.statusCode, 303, done.body);
    assert.equal(done.headers.location, '/recruiter');
    const me = await call('GET', '/v2/me/two-factor', setCookieOf(done)?.pair);
    assert.equal(me.statusCode, 200, 'a complete session, no enrolment asked');
    const accounts = await context.db.selectFrom('accounts').select('company_role').where('email', '=', member.email).execute();
    assert.deepEqual(accounts, [{ company_role: 'recruiter' }]);
  });

  it('refuses a forged state, a callback from another browser, and a redirect that is not ours', async () => {
    const company = await configured();
    const email = `forger@${company.domain}`;
    const attempt = await start(email, 'https://evil.example/steal');
    const returned = await driveLogin(attempt.authorizationUrl, email, REDIRECT_URI);
    const forged = new URL(returned);
    forged.searchParams.set('state', 'f'.repeat(43));
    refusedWith(await callback(forged, attempt.binding), 'sso.errors.stateInvalid');
    // The real state in another browser (no binding cookie, or another one): refused, and used up.
    refusedWith(await callback(returned, `rec_sso=${'b'.repeat(43)}`), 'sso.errors.stateInvalid');
    refusedWith(await callback(returned, attempt.binding), 'sso.errors.stateInvalid');
    const refusals = (await auditOf(company.companyId)).filter((row) => row.action === 'account.sso.signInRefused');
    assert.deepEqual(refusals.map((row) => (row.details as { reason: string }).reason), ['otherBrowser']);

    // An outside redirect is dropped for the home.
    const again = await start(email, '//evil.example/x');
    const done = await callback(await driveLogin(again.authorizationUrl, email, REDIRECT_URI), again.binding);
    assert.equal(done.headers.location, '/recruiter');
  });

  it('refuses an ID token with another nonce (a token of another attempt)', async () => {
    const company = await configured();
    const email = `nonce@${company.domain}`;
    const attempt = await start(email);
    const other = await start(email);
    // The IdP is asked with this attempt's state and PKCE but another attempt's nonce.
    const tampered = new URL(attempt.authorizationUrl);
    tampered.searchParams.set('nonce', new URL(other.authorizationUrl).searchParams.get('nonce') as string);
    const returned = await driveLogin(tampered.href, email, REDIRECT_URI);
    refusedWith(await callback(returned, attempt.binding), 'sso.errors.failed');
    const refusals = (await auditOf(company.companyId)).filter((row) => row.action === 'account.sso.signInRefused');
    assert.deepEqual(refusals.map((row) => (row.details as { reason: string }).reason), ['verification']);
    assert.equal(await context.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst(), undefined);
  });

  it('refuses an e-mail outside the allowed domains and an unverified e-mail', async () => {
    const company = await configured();
    const outside = await start(`someone@${company.domain}`);
    refusedWith(await callback(await driveLogin(outside.authorizationUrl, 'someone@elsewhere.example', REDIRECT_URI), outside.binding), 'sso.errors.domainNotAllowed');
    const unverified = await start(`x@${company.domain}`);
    refusedWith(await callback(await driveLogin(unverified.authorizationUrl, `unverified@${company.domain}`, REDIRECT_URI), unverified.binding), 'sso.errors.emailNotVerified');
    const reasons = (await auditOf(company.companyId))
      .filter((row) => row.action === 'account.sso.signInRefused')
      .map((row) => (row.details as { reason: string }).reason)
      .sort();
    assert.deepEqual(reasons, ['domainNotAllowed', 'emailNotVerified']);
    // Nothing of the refused people is in the audit.
    assert.doesNotMatch(JSON.stringify(await auditOf(company.companyId)), /elsewhere\.example|unverified@/);
  });

  it('answers discovery in one shape for unknown domains; a start for them is a 404 with a key', async () => {
    const unknown = await call('POST', '/auth/sso/discover', undefined, { email: 'a@no-sso-here.example' });
    assert.equal(unknown.statusCode, 200);
    assert.deepEqual(unknown.json(), { company: null });
    const started = await call('POST', '/auth/sso/start', undefined, { email: 'a@no-sso-here.example' });
    assert.equal(started.statusCode, 404);
    assert.equal((started.json() as { error: string }).error, 'sso.errors.notConfigured');
  });

  it('with SSO only, refuses the password of members (audited) and keeps the owners’ break-glass password', async () => {
    const company = await configured({ ssoOnly: true });
    const member = await insertAccount(company.companyId, `pw@${company.domain}`, 'recruiter');
    const refused = await call('POST', '/auth/password/sign-in', undefined, { email: member.email, password: PASSWORD });
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal((refused.json() as { error: string }).error, 'sso.errors.ssoRequired');
    const wrong = await call('POST', '/auth/password/sign-in', undefined, { email: member.email, password: 'not-the-password' });
    assert.equal(wrong.statusCode, 401, 'a wrong password learns nothing about SSO');
    const owner = await call('POST', '/auth/password/sign-in', undefined, { email: company.owner.email, password: PASSWORD });
    assert.equal(owner.statusCode, 200, owner.body);
    const refusals = (await auditOf(company.companyId)).filter((row) => row.action === 'account.sso.signInRefused');
    assert.deepEqual(refusals.map((row) => [row.actor_id, (row.details as { method: string }).method]), [[member.id, 'password']]);
  });

  it('lets a person with another company in by password, but never switch into the SSO-only one', async () => {
    const sso = await configured({ ssoOnly: true });
    const plain = await newCompany();
    const email = `both@${sso.domain}`;
    await insertAccount(sso.companyId, email, 'recruiter');
    await insertAccount(plain.companyId, email, 'recruiter');
    const signedIn = await call('POST', '/auth/password/sign-in', undefined, { email, password: PASSWORD });
    assert.equal(signedIn.statusCode, 200, signedIn.body);
    assert.equal((signedIn.json() as { user: { tenantId: string } }).user.tenantId, plain.companyId);
    const cookie = setCookieOf(signedIn)?.pair;
    const moved = await call('POST', `/auth/tenants/${sso.companyId}/authorize`, cookie);
    assert.equal(moved.statusCode, 403, moved.body);
    assert.equal((moved.json() as { error: string }).error, 'sso.errors.ssoRequired');
    const still = await call('GET', '/auth/session-v2', cookie);
    assert.equal((still.json() as { user: { tenantId: string } }).user.tenantId, plain.companyId, 'the session stays where it was');
  });

  it('keeps the settings to the company’s owner, never answers or audits the client secret', async () => {
    const company = await configured();
    const other = await newCompany();
    const viewer = await insertAccount(company.companyId, `viewer@${company.domain}`, 'viewer');
    const read = await call('GET', '/v2/companies/settings/sso', company.owner.cookie);
    assert.equal(read.statusCode, 200);
    const view = read.json() as Record<string, unknown>;
    assert.equal(view.clientSecretSet, true);
    assert.equal(view.callbackUrl, REDIRECT_URI);
    assert.deepEqual(view.domains, [company.domain]);
    assert.equal(await call('GET', '/v2/companies/settings/sso', viewer.cookie).then((r) => r.statusCode), 403);
    // Another company's owner reads and writes their own company's setting, never this one.
    const foreign = await call('GET', '/v2/companies/settings/sso', other.owner.cookie);
    assert.equal((foreign.json() as { configured: boolean }).configured, false);
    const grab = await call('PUT', '/v2/companies/settings/sso', other.owner.cookie, settingsBody(company.domain));
    assert.equal(grab.statusCode, 409);
    assert.equal((grab.json() as { error: string }).error, 'sso.errors.domainTaken');
    assert.equal((await call('GET', '/v2/companies/settings/sso', company.owner.cookie).then((r) => r.json() as { domains: string[] })).domains[0], company.domain);
    // Saved without a secret: the stored one stays.
    const kept = await call('PUT', '/v2/companies/settings/sso', company.owner.cookie, { ...settingsBody(company.domain, { ssoOnly: true }), clientSecret: undefined });
    assert.equal(kept.statusCode, 200, kept.body);
    const stored = await context.db.selectFrom('company_sso').select('client_secret').where('company_id', '=', company.companyId).executeTakeFirstOrThrow();
    assert.ok(stored.client_secret.startsWith('v1.'), 'sealed at rest');
    const everything = [read.body, kept.body, foreign.body, JSON.stringify(await auditOf(company.companyId)), stored.client_secret].join('\n');
    assert.ok(!everything.includes(idp.clientSecret), 'the secret is in no answer, no audit row, and not in clear at rest');
    // A public mail domain, an insecure issuer, a first setting without a secret: refused with keys.
    const publicDomain = await call('PUT', '/v2/companies/settings/sso', other.owner.cookie, settingsBody('gmail.com'));
    assert.equal((publicDomain.json() as { error: string }).error, 'sso.errors.domainPublic');
    const insecure = await call('PUT', '/v2/companies/settings/sso', other.owner.cookie, settingsBody(other.domain, { issuer: 'http://idp.example' }));
    assert.equal((insecure.json() as { error: string }).error, 'sso.errors.issuerInsecure');
    const noSecret = await call('PUT', '/v2/companies/settings/sso', other.owner.cookie, { ...settingsBody(other.domain), clientSecret: undefined });
    assert.equal((noSecret.json() as { error: string }).error, 'sso.errors.secretRequired');
  });

  it('tests the connection by fetching the discovery document', async () => {
    const company = await newCompany();
    const ok = await call('POST', '/v2/companies/settings/sso/test', company.owner.cookie, { issuer: idp.issuer });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal((ok.json() as { issuer: string }).issuer, idp.issuer);
    const down = await call('POST', '/v2/companies/settings/sso/test', company.owner.cookie, { issuer: 'http://127.0.0.1:9/nothing' });
    assert.equal(down.statusCode, 422);
    assert.equal((down.json() as { error: string }).error, 'sso.errors.discoveryFailed');
  });
  // --- proof of domain ownership ----------------------------------------------------------------

  const domainAudit = async (companyId: string, action: string) =>
    (await auditOf(companyId)).filter((row) => row.action === action).map((row) => row.details as Record<string, unknown>);

  it('proves a domain by its TXT record: none, another token, a failed lookup, then the right one (audited)', async () => {
    const company = await newCompany();
    const saved = await call('PUT', '/v2/companies/settings/sso', company.owner.cookie, settingsBody(company.domain));
    assert.equal(saved.statusCode, 200, saved.body);
    const claim = claimOf(saved, company.domain);
    assert.ok(claim);
    assert.equal(claim.state, 'pending');
    assert.equal(claim.verifiedAt, null);
    assert.equal(claim.recordName, `_rec-verification.${company.domain}`);
    assert.match(claim.recordValue, /^rec-domain-verification=[0-9a-f]{32}$/);
    const key = (response: LightMyRequestResponse) => [response.statusCode, (response.json() as { error?: string }).error];

    assert.deepEqual(key(await verify(company.owner.cookie, company.domain)), [422, 'sso.errors.domainRecordMissing']);
    dns.set(claim.recordName, [['v=spf1 -all'], [`rec-domain-verification=${'f'.repeat(32)}`]]);
    assert.deepEqual(key(await verify(company.owner.cookie, company.domain)), [422, 'sso.errors.domainRecordMismatch']);
    failing.add(claim.recordName);
    assert.deepEqual(key(await verify(company.owner.cookie, company.domain)), [422, 'sso.errors.domainLookupFailed']);
    failing.delete(claim.recordName);
    assert.equal(claimOf(await call('GET', '/v2/companies/settings/sso', company.owner.cookie), company.domain)?.state, 'pending');
    // The right value, split in two character strings as DNS may carry a long TXT record.
    dns.set(claim.recordName, [['v=spf1 -all'], [claim.recordValue.slice(0, 20), claim.recordValue.slice(20)]]);
    const verified = await verify(company.owner.cookie, company.domain);
    assert.equal(verified.statusCode, 200, verified.body);
    const proved = claimOf(verified, company.domain);
    assert.equal(proved?.state, 'verified');
    assert.ok(proved?.verifiedAt && !Number.isNaN(Date.parse(proved.verifiedAt)));
    // Again: nothing to do, nothing audited twice.
    assert.equal((await verify(company.owner.cookie, company.domain)).statusCode, 200);
    assert.deepEqual(await domainAudit(company.companyId, 'company.sso.domainVerify'), [{ domain: company.domain }]);
    // A domain the company never claimed, or no domain at all.
    assert.deepEqual(key(await verify(company.owner.cookie, `unclaimed-${company.companyId}.example`)), [404, 'sso.errors.domainNotClaimed']);
    assert.deepEqual(key(await verify(company.owner.cookie, 'not_a_domain')), [404, 'sso.errors.domainNotClaimed']);
  });

  it('lets pending claims block nobody: the first company to prove a domain holds it, the others stay refused with 409', async () => {
    const first = await newCompany();
    const second = await newCompany();
    const shared = `shared-${first.companyId}.example`;
    assert.equal((await call('PUT', '/v2/companies/settings/sso', first.owner.cookie, settingsBody(first.domain, { domains: [first.domain, shared] }))).statusCode, 200);
    const claimed = await call('PUT', '/v2/companies/settings/sso', second.owner.cookie, settingsBody(shared));
    assert.equal(claimed.statusCode, 200, `a pending claim elsewhere blocks nobody: ${claimed.body}`);
    const firstClaim = claimOf(await call('GET', '/v2/companies/settings/sso', first.owner.cookie), shared);
    const secondClaim = claimOf(claimed, shared);
    assert.ok(firstClaim && secondClaim);
    assert.notEqual(firstClaim.recordValue, secondClaim.recordValue, 'a token per company');
    // Only the second company's record is published: the first cannot pass with it.
    dns.set(secondClaim.recordName, [[secondClaim.recordValue]]);
    assert.equal((await verify(first.owner.cookie, shared)).statusCode, 422);
    assert.equal((await verify(second.owner.cookie, shared)).statusCode, 200);
    // Now the first company's claim is refused for good, even with its own record published.
    dns.set(firstClaim.recordName, [[secondClaim.recordValue], [firstClaim.recordValue]]);
    const late = await verify(first.owner.cookie, shared);
    assert.equal(late.statusCode, 409, late.body);
    assert.equal((late.json() as { error: string }).error, 'sso.errors.domainTaken');
    assert.equal(claimOf(await call('GET', '/v2/companies/settings/sso', first.owner.cookie), shared)?.state, 'taken');
    const again = await call('PUT', '/v2/companies/settings/sso', first.owner.cookie, settingsBody(first.domain, { domains: [first.domain, shared] }));
    assert.equal(again.statusCode, 409);
    assert.equal((again.json() as { error: string }).error, 'sso.errors.domainTaken');
    // Discovery sends the domain's people to the company that proved it.
    const found = await call('POST', '/auth/sso/discover', undefined, { email: `someone@${shared}` });
    assert.deepEqual(found.json(), { company: { name: `Single Sign ${second.companyId.slice(-6)}` } });
    // Dropping the domain is the way out; the removal is audited.
    assert.equal((await call('PUT', '/v2/companies/settings/sso', first.owner.cookie, settingsBody(first.domain))).statusCode, 200);
    assert.deepEqual(await domainAudit(first.companyId, 'company.sso.domainRemove'), [{ domain: shared, wasVerified: false }]);
  });

  it('routes discovery, sign-ins and just-in-time members through verified domains only', async () => {
    const company = await configured();
    const pending = `pending-${company.companyId}.example`;
    const saved = await call('PUT', '/v2/companies/settings/sso', company.owner.cookie, settingsBody(company.domain, { domains: [company.domain, pending] }));
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(claimOf(saved, company.domain)?.state, 'verified', 'a kept claim keeps its proof');
    assert.equal(claimOf(saved, pending)?.state, 'pending');
    assert.deepEqual((await call('POST', '/auth/sso/discover', undefined, { email: `a@${pending}` })).json(), { company: null });
    const started = await call('POST', '/auth/sso/start', undefined, { email: `a@${pending}` });
    assert.equal(started.statusCode, 404);
    assert.equal((started.json() as { error: string }).error, 'sso.errors.notConfigured');
    // The IdP answers with an address of the pending domain: no sign-in, no member.
    const attempt = await start(`someone@${company.domain}`);
    refusedWith(await callback(await driveLogin(attempt.authorizationUrl, `jit@${pending}`, REDIRECT_URI), attempt.binding), 'sso.errors.domainNotAllowed');
    assert.equal(await context.db.selectFrom('accounts').select('id').where('email', '=', `jit@${pending}`).executeTakeFirst(), undefined);
    // A company without an IdP routes nobody, even with a verified domain.
    const bare = await newCompany();
    await context.db.insertInto('company_domains').values({ company_id: bare.companyId, domain: bare.domain, token: 'a'.repeat(32), verified_at: new Date() }).execute();
    assert.deepEqual((await call('POST', '/auth/sso/discover', undefined, { email: `a@${bare.domain}` })).json(), { company: null });
  });

  it('audits a removed claim and the removed setting; a claim made again starts over with a new token', async () => {
    const company = await configured();
    const firstValue = claimOf(await call('GET', '/v2/companies/settings/sso', company.owner.cookie), company.domain)?.recordValue;
    const other = `second-${company.companyId}.example`;
    assert.equal((await call('PUT', '/v2/companies/settings/sso', company.owner.cookie, settingsBody(other))).statusCode, 200);
    assert.deepEqual((await call('POST', '/auth/sso/discover', undefined, { email: `a@${company.domain}` })).json(), { company: null });
    const back = await call('PUT', '/v2/companies/settings/sso', company.owner.cookie, settingsBody(company.domain));
    const claim = claimOf(back, company.domain);
    assert.equal(claim?.state, 'pending');
    assert.notEqual(claim?.recordValue, firstValue);
    assert.equal((await call('DELETE', '/v2/companies/settings/sso', company.owner.cookie)).statusCode, 204);
    assert.deepEqual((await call('GET', '/v2/companies/settings/sso', company.owner.cookie).then((r) => r.json() as View)).domainClaims, []);
    // (The test clock stands still: rows of one instant have no order, so compared sorted.)
    const sorted = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort();
    assert.deepEqual(
      sorted(await domainAudit(company.companyId, 'company.sso.domainRemove')),
      sorted([
        { domain: company.domain, wasVerified: true },
        { domain: other, wasVerified: false },
        { domain: company.domain, wasVerified: false },
      ]),
    );
  });

  // --- the outbound guard, override off ---------------------------------------------------------

  it('with private addresses not allowed, refuses issuers at loopback, private and metadata addresses with a key', async () => {
    const strict = await buildAuthTestApp(context.db, {
      config: { outboundAllowPrivate: [] },
      auth: { resolveTxt, outboundResolve: async (hostname) => (hostname === 'idp.rebind.example' ? [{ address: '127.0.0.1', family: 4 }] : []) },
    });
    try {
      const company = await newCompany();
      const strictCall = (method: 'PUT' | 'POST', url: string, body: unknown) =>
        strict.app.inject({ method, url, remoteAddress: nextIp(), headers: { origin: OWN_ORIGIN, cookie: company.owner.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      const errorOf = (response: LightMyRequestResponse) => [response.statusCode, (response.json() as { error?: string }).error];
      for (const issuer of [
        idp.issuer,
        'https://127.0.0.1/realms/x',
        'https://[::1]/',
        'https://[::ffff:127.0.0.1]/',
        'https://169.254.169.254/latest/meta-data',
        'https://10.0.0.8/',
        'https://100.64.0.1/',
        'https://localhost/',
      ]) {
        assert.deepEqual(errorOf(await strictCall('PUT', '/v2/companies/settings/sso', settingsBody(company.domain, { issuer }))), [422, 'sso.errors.issuerNotAllowed'], issuer);
        assert.deepEqual(errorOf(await strictCall('POST', '/v2/companies/settings/sso/test', { issuer })), [422, 'sso.errors.issuerNotAllowed'], issuer);
      }
      assert.deepEqual(errorOf(await strictCall('PUT', '/v2/companies/settings/sso', settingsBody(company.domain, { issuer: 'http://idp.example' }))), [422, 'sso.errors.issuerInsecure']);
      // A name is saved (DNS may change), but the test of the connection resolves it: 127.0.0.1 is refused.
      assert.deepEqual(errorOf(await strictCall('POST', '/v2/companies/settings/sso/test', { issuer: 'https://idp.rebind.example/' })), [422, 'sso.errors.issuerNotAllowed']);
      assert.equal((await call('GET', '/v2/companies/settings/sso', company.owner.cookie).then((r) => r.json() as { configured: boolean })).configured, false);
      // A setting stored while allowed (the loopback IdP) starts no sign-in once the guard is strict.
      const allowed = await configured();
      const refused = await strict.app.inject({ method: 'POST', url: '/auth/sso/start', remoteAddress: nextIp(), headers: { origin: OWN_ORIGIN, 'content-type': 'application/json' }, payload: JSON.stringify({ email: `a@${allowed.domain}` }) });
      assert.equal(refused.statusCode, 422, refused.body);
      assert.equal((refused.json() as { error: string }).error, 'sso.errors.discoveryFailed');
    } finally {
      await strict.app.close();
    }
  });
});
