import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '@rec/api-client';
import { memoryStorage } from '@rec/stores';
import { createRouter } from './resolve';
import { BRANDING_PREVIEWS, ROUTES, SETTINGS_NEW_PAGES } from './route-table';
import { createMiddleware, RULES } from './rules';
import type { RouteServices } from './services';
import { LAYOUT_NAMES, type Middleware } from './types';

const OPENING = '64b0b0a4d0000000000000a1';
const CANDIDATE = '64b0b0a4d0000000000000c7';

/** Every middleware continues: the table alone decides page, layout and middleware list. */
const passing = Object.fromEntries(Object.keys(RULES).map((name) => [name, (() => ({ kind: 'continue' })) as Middleware]));
const router = createRouter(ROUTES, passing);

async function page(url: string) {
  const result = await router.resolve(url);
  assert.equal(result.kind, 'page', `${url} should be a page, got ${JSON.stringify(result)}`);
  if (result.kind !== 'page') throw new Error('unreachable');
  return { page: result.route.page, layout: result.route.layout, middleware: result.route.middleware, section: result.route.section, params: result.context.params };
}

const RECRUITER = ['auth', 'auth-recruiter', 'recruiter-entry'];

describe('route table (spec §2)', () => {
  it('shows the "coming" placeholder nowhere: the branding previews were the last (issue 16)', () => {
    // The page name is gone from the types too; this guards the data against a cast bringing it back.
    const coming = ROUTES.filter((route) => String(route.page) === 'coming').map((route) => route.path);
    assert.deepEqual(coming, []);
  });

  it('registers every middleware it names, and uses the 13 layouts', () => {
    for (const route of ROUTES) for (const name of route.middleware) assert.ok(RULES[name], `${route.path}: ${name}`);
    assert.deepEqual([...new Set(ROUTES.flatMap((route) => [route.layout, ...(route.embeddedLayout ? [route.embeddedLayout] : [])]))].sort(), [...LAYOUT_NAMES].sort());
    for (const name of ['auth', 'auth-recruiter', 'auth-applicant', 'iframe-page', 'native-page']) assert.ok(RULES[name], name);
  });

  it('authentication routes', async () => {
    assert.deepEqual(await page('/login'), { page: 'login', layout: 'authentication', middleware: ['login-lookup'], section: undefined, params: {} });
    assert.equal((await page('/login/recruiter')).middleware[0], 'recruiter-login');
    assert.equal((await page('/login/recover')).page, 'login-recover');
    assert.deepEqual((await page('/login/password?email=a%40b.example')).middleware, ['require-email']);
    assert.deepEqual((await page('/login/magic-link?email=a%40b.example')).middleware, ['magic-link-entry']);
    assert.deepEqual((await page('/account-select')).middleware, ['auth', 'tenant-chooser']);
    assert.deepEqual(await page('/reset/tok123'), { page: 'reset-password', layout: 'authentication', middleware: ['reset-session'], section: undefined, params: { resetPasswordToken: 'tok123' } });
    assert.deepEqual((await page('/invite/link1')).params, { invitationLink: 'link1' });
    assert.equal((await page('/message?messageKey=closedJob')).layout, 'message');
  });

  it('redirect-rule routes run their rule', async () => {
    for (const [url, rule] of [
      ['/login/token/abc', 'token-login'],
      ['/login/token', 'token-login'],
      ['/logout', 'logout'],
      ['/oauth/cronofy?state=%2Fx', 'oauth-callback'],
      ['/offer/apply/oauth/indeed', 'oauth-callback'],
      ['/applicant/removeData/tok/slug', 'remove-data'],
    ] as const) {
      const calls: string[] = [];
      const spy = Object.fromEntries(Object.keys(RULES).map((name) => [name, (() => {
          calls.push(name);
          return { kind: 'redirect', to: `/${name}` };
        }) as Middleware]));
      assert.deepEqual(await createRouter(ROUTES, spy).resolve(url), { kind: 'redirect', to: `/${rule}` }, url);
    }
  });

  it('recruiter area: settings, settings_new, analytics, dashboards', async () => {
    assert.deepEqual(await page('/recruiter'), { page: 'recruiter-home', layout: 'recruiter', middleware: RECRUITER, section: undefined, params: {} });
    for (const url of ['/recruiter/settings', '/recruiter/settings/myaccount', '/recruiter/settings/myaccount/password-rotate', '/recruiter/settings/anything/deep']) {
      const found = await page(url);
      assert.equal(found.section, 'settings');
      assert.deepEqual(found.middleware, [...RECRUITER, 'iframe-page'], url);
    }
    assert.deepEqual((await page('/recruiter/settings/security')).middleware, [...RECRUITER, 'native-page']);
    for (const name of [...SETTINGS_NEW_PAGES, 'other']) assert.deepEqual((await page(`/recruiter/settings_new/${name}`)).middleware, [...RECRUITER, 'native-page']);
    assert.equal((await page('/recruiter/settings_new')).section, 'settings');
    assert.equal((await page('/recruiter/analytics_new')).section, 'analytics');
    assert.deepEqual((await page('/recruiter/analytics_new/dashboards')).middleware, [...RECRUITER, 'native-page']);
    assert.deepEqual((await page('/recruiter/analytics_new/dashboards/d1')).params, { dashboard_id: 'd1' });
    // Issue 14: host pages, no longer "coming": the entry and the list redirect, the id shows one dashboard.
    for (const url of ['/recruiter/analytics_new', '/recruiter/analytics_new/dashboards']) assert.equal((await page(url)).page, 'dashboards', url);
    assert.equal((await page('/recruiter/analytics_new/dashboards/d1')).page, 'dashboard');
    assert.deepEqual((await page('/recruiter/analytics_new')).middleware, [...RECRUITER, 'native-page']);
  });

  it('recruiter area: openings and postings', async () => {
    assert.equal((await page('/recruiter/openings')).section, 'openings');
    assert.equal((await page(`/recruiter/openings/create?baseOpening=${OPENING}`)).section, 'openings');
    assert.deepEqual((await page('/recruiter/openings/create/step-2')).params, { slug: 'step-2' });
    assert.deepEqual((await page(`/recruiter/openings/${OPENING}`)).params, { opening_id: OPENING });
    assert.deepEqual((await page(`/recruiter/openings/${OPENING}/edit`)).params, { opening_id: OPENING });
    assert.equal((await page(`/recruiter/openings/${OPENING}/postings/create`)).section, 'postings');
    assert.deepEqual((await page(`/recruiter/openings/${OPENING}/postings/create/s1`)).params, { opening_id: OPENING, slug: 's1' });
    assert.deepEqual((await page(`/recruiter/openings/${OPENING}/postings/p9/edit/s2`)).params, { opening_id: OPENING, posting_id: 'p9', slug: 's2' });
    assert.deepEqual((await page(`/recruiter/openings/${OPENING}/postings/s3`)).params, { opening_id: OPENING, slug: 's3' });
    assert.deepEqual((await page(`/recruiter/openings/${OPENING}/applicants/list`)).params, { opening_id: OPENING, slug: 'applicants/list' });
    assert.equal((await page('/recruiter/whatever/else')).layout, 'recruiter');
    // Issue 11: the candidate page, before the opening's catch-all.
    const candidate = await page(`/recruiter/openings/${OPENING}/candidates/${OPENING.replace(/.$/, 'f')}`);
    assert.equal(candidate.page, 'candidate');
    assert.deepEqual(candidate.params, { opening_id: OPENING, candidate_id: OPENING.replace(/.$/, 'f') });
  });

  it('answers a fatal 404 for a malformed opening id, on every opening route', async () => {
    for (const url of ['/recruiter/openings/xyz', '/recruiter/openings/xyz/edit', '/recruiter/openings/XYZ/postings/create', `/recruiter/openings/${OPENING.toUpperCase()}/x`, `/recruiter/openings/${OPENING}/candidates/nothex`]) {
      const path = new URL(url, 'http://x').pathname;
      assert.deepEqual(await router.resolve(url), { kind: 'error', status: 404, message: `Page Not Found: ${path}`, fatal: true });
    }
  });

  it('applicant area and candidate portal', async () => {
    assert.deepEqual(await router.resolve('/applicant'), { kind: 'redirect', to: '/applicant/steps/next' });
    assert.deepEqual(await router.resolve('/applicant/steps'), { kind: 'redirect', to: '/applicant/steps/next' });
    assert.deepEqual(await page('/applicant/steps/next'), {
      page: 'applicant-steps-next',
      layout: 'application',
      middleware: ['auth', 'auth-applicant', 'steps-entry'],
      section: undefined,
      params: {},
    });
    assert.deepEqual((await page('/applicant/steps/next/pw1')).middleware, ['auth', 'auth-applicant', 'steps-entry']);
    for (const child of ['constants', 'interview', 'interview/intro', 'application-form', 'interview/recording']) {
      const found = await page(`/applicant/steps/${child}`);
      assert.deepEqual([found.layout, found.middleware], ['application', ['auth', 'auth-applicant', 'step-page']], child);
      assert.notEqual(found.page, 'coming', child);
    }
    for (const child of ['', '/constants', '/login', '/consent', '/relayConsent', '/grantPermission']) {
      const found = await page(`/applicant/steps/shape${child}`);
      assert.deepEqual(found.middleware, ['auth', 'auth-applicant', 'af-step'], child);
      assert.equal(found.params.afstep, 'shape');
    }
    assert.equal((await page('/applicant/message?messageKey=testCompleted')).layout, 'message');
    assert.deepEqual((await page('/applicant/ongoing')).middleware, ['auth', 'ongoing']);
    assert.equal((await page('/applicant/ongoing/pw')).layout, 'ongoing');
    assert.deepEqual(await page('/applicant/candidatures'), { page: 'portal-candidatures', layout: 'ongoing', middleware: ['auth', 'auth-applicant'], section: undefined, params: {} });
    assert.equal((await page('/applicant/appointments/tok')).page, 'portal-appointment');
    for (const [child, name] of [['', 'portal-home'], ['/default', 'portal-home'], ['/manage-data', 'portal-manage-data']] as const) {
      const found = await page(`/applicant/${CANDIDATE}${child}`);
      assert.deepEqual([found.layout, found.middleware, found.page], ['candidate-portal', ['auth', 'auth-applicant'], name], child);
    }
    // The request link's rule decides where to go; when every rule continues the route falls back to /applicant.
    assert.deepEqual(await router.resolve(`/applicant/${CANDIDATE}/request/r1`), { kind: 'redirect', to: '/applicant' });
    const request = ROUTES.find((route) => route.path === '/applicant/:candidateId/request/:requestId');
    assert.deepEqual(request?.middleware, ['portal-request']);
    assert.deepEqual(await router.resolve('/applicant/some-slug'), { kind: 'redirect', to: '/applicant' });
  });

  it('offers, boards, public pages', async () => {
    assert.equal((await page('/offer/message?messageKey=closedJob')).layout, 'message');
    assert.equal((await page(`/offer/${OPENING}`)).layout, 'offer');
    assert.deepEqual((await page(`/offer/c/${OPENING}?language=fr`)).params, { channel_id: OPENING });
    for (const [slug, title] of Object.entries(BRANDING_PREVIEWS)) {
      const result = await router.resolve(`/offer/branding/preview/${slug}`);
      assert.equal(result.kind === 'page' && result.route.title, title);
      assert.equal(result.kind === 'page' && result.route.layout, 'branding');
      assert.equal(result.kind === 'page' && result.route.page, 'branding-preview');
    }
    assert.equal((await page('/share/abc')).page, 'share');
    assert.equal((await page(`/referral/${OPENING}/generate`)).layout, 'referral');
    assert.equal((await page('/admin')).page, 'admin-home');
  });
});

describe('route table with the real rules', () => {
  const services = (type: 'recruiter' | 'applicant' | null): RouteServices => ({
    getSession: async () => (type ? { baseIdentity: { localUserId: 'u' }, user: { type, tenantId: null } } : null),
    clearSession: async () => undefined,
    authorizeToken: async () => ({ email: 'a@b.example' }),
    removeApplicantData: async () => ({}),
    fetchInvitation: async () => ({ redirectTo: '/x' }),
    fetchTenants: async () => [],
    switchTenant: async () => ({ redirectTo: '/recruiter' }),
    loadRecruiterArea: async () => ({ language: 'fr' }),
    storage: memoryStorage(),
    cookiesEnabled: () => true,
    origin: 'http://app.test',
  });

  it('keeps visitors out of the recruiter area and speaks the recruiter language inside', async () => {
    assert.deepEqual(await createRouter(ROUTES, createMiddleware(services(null))).resolve('/recruiter/openings'), { kind: 'redirect', to: '/login?redirect=%2Frecruiter%2Fopenings' });
    const inside = await createRouter(ROUTES, createMiddleware(services('recruiter'))).resolve('/recruiter');
    assert.equal(inside.kind === 'page' && inside.context.locale, 'fr');
    const embedded = await createRouter(ROUTES, createMiddleware(services('recruiter'))).resolve('/recruiter/settings');
    assert.equal(embedded.kind === 'page' && embedded.context.embedded, true);
    // The openings pages are the host's own (issue 5).
    const native = await createRouter(ROUTES, createMiddleware(services('recruiter'))).resolve('/recruiter/openings');
    assert.equal(native.kind === 'page' && native.context.embedded, false);
  });

  it('loads the opening on entering an opening route; an unknown one is a 404 page', async () => {
    const loaded: string[] = [];
    const withOpening = (known: boolean): RouteServices => ({
      ...services('recruiter'),
      async loadOpening(id) {
        loaded.push(id);
        if (!known) throw new ApiError(404, 'opening.notFound');
        return { _id: id };
      },
    });
    const id = 'abcdefabcdefabcdefabcdef';
    const found = await createRouter(ROUTES, createMiddleware(withOpening(true))).resolve(`/recruiter/openings/${id}/postings/create/content`);
    assert.equal(found.kind === 'page' && found.route.page, 'posting-wizard');
    assert.deepEqual(loaded, [id]);
    const missing = await createRouter(ROUTES, createMiddleware(withOpening(false))).resolve(`/recruiter/openings/${id}`);
    assert.deepEqual(missing, { kind: 'error', status: 404, message: `Opening not found: ${id}`, fatal: false });
    // The list and the create wizard hold no opening id: nothing is loaded for them.
    await createRouter(ROUTES, createMiddleware(withOpening(true))).resolve('/recruiter/openings/create/details');
    assert.equal(loaded.length, 2);
  });

  it('sends an applicant at an invalid afstep to the next step', async () => {
    assert.deepEqual(await createRouter(ROUTES, createMiddleware(services('applicant'))).resolve('/applicant/steps/nope/consent'), { kind: 'redirect', to: '/applicant/steps/next' });
  });
});
