import { OBJECT_ID_PATTERN } from '@rec/core';
import type { PageName, RouteDefinition } from './types';

/**
 * Every route of spec §2 as data (path, layout, middleware, page), most specific first:
 * the first route whose pattern matches decides (a failing `params` rule is a fatal 404,
 * a failing `match` rule lets later routes try). `*rest` takes the rest of the path.
 */

const RECRUITER = ['auth', 'auth-recruiter', 'recruiter-entry'];
const EMBEDDED = [...RECRUITER, 'iframe-page'];
const NATIVE = [...RECRUITER, 'native-page'];
const APPLICATION = ['auth', 'auth-applicant'];
/** The candidate portal's pages: an applicant's session (the record itself is checked by the server). */
const PORTAL = ['auth', 'auth-applicant'];
const OPENING = { opening_id: OBJECT_ID_PATTERN };
/** The openings pages are rendered by the host; an opening route also loads the opening first (spec §2). */
const OPENING_ROUTE = [...NATIVE, 'opening-entry'];

const recruiter = (path: string, middleware: string[], section: RouteDefinition['section'], extra: Partial<RouteDefinition> & Pick<RouteDefinition, 'page'>): RouteDefinition => ({
  path,
  layout: 'recruiter',
  middleware,
  section,
  ...extra,
});

/** A step page of the applicant area: the applicant's session, then the rule that loads the steps and checks the page fits. */
const steps = (path: string, page: PageName, rule = 'step-page'): RouteDefinition => ({
  path,
  layout: 'application',
  middleware: [...APPLICATION, rule],
  page,
});

/** Sub-pages of /recruiter/settings_new (spec §2). */
export const SETTINGS_NEW_PAGES = ['test', 'lists', 'myteam', 'mycompany', 'templates', 'workflows', 'integrations', 'notifications'] as const;

/** Branding previews and their titles (spec §2). */
export const BRANDING_PREVIEWS = {
  inputs: 'INPUTS',
  buttons: 'BUTTONS',
  'basic-text': 'BASIC_TEXT',
  'slim-header': 'SLIM_HEADER',
  'card-choices': 'APPLICATION_CARDS',
  'offer-header': 'OFFER_HEADER',
  'misc-components': 'MISC',
  'icons-and-background': 'ICONS_AND_BACKGROUNDS',
} as const;

export const ROUTES: readonly RouteDefinition[] = [
  { path: '/', layout: 'default', middleware: [], page: 'redirect', redirectTo: '/login' },

  // ---- Authentication ----
  { path: '/login', layout: 'authentication', middleware: ['login-lookup'], page: 'login' },
  // The second login page: the recruiter's bookmark; a signed-in recruiter goes straight in.
  { path: '/login/recruiter', layout: 'authentication', middleware: ['recruiter-login'], page: 'login' },
  { path: '/login/recover', layout: 'authentication', middleware: [], page: 'login-recover' },
  { path: '/login/password', layout: 'authentication', middleware: ['require-email'], page: 'login-password' },
  // The second step of a sign-in (issue 32): the code, or the enrolment the company requires.
  { path: '/login/two-factor', layout: 'authentication', middleware: [], page: 'login-two-factor' },
  { path: '/login/magic-link', layout: 'authentication', middleware: ['magic-link-entry'], page: 'login-magic-link' },
  // /login/token/{token} and /login/token/{password} share one path shape: one rule serves both.
  { path: '/login/token', layout: 'authentication', middleware: ['token-login'], page: 'redirect' },
  { path: '/login/token/:token', layout: 'authentication', middleware: ['token-login'], page: 'redirect' },
  { path: '/logout', layout: 'authentication', middleware: ['logout'], page: 'redirect' },
  { path: '/account-select', layout: 'authentication', middleware: ['auth', 'tenant-chooser'], page: 'account-select' },
  { path: '/reset/:resetPasswordToken', layout: 'authentication', middleware: ['reset-session'], page: 'reset-password' },
  { path: '/invite/:invitationLink', layout: 'authentication', middleware: ['invitation'], page: 'invitation' },
  { path: '/oauth/cronofy', layout: 'message', middleware: ['oauth-callback'], page: 'redirect' },
  { path: '/message', layout: 'message', middleware: [], page: 'message' },

  // ---- Admin ----
  { path: '/admin', layout: 'default', middleware: ['auth', 'auth-admin'], page: 'admin-home' },

  // ---- Recruiter area ----
  { path: '/recruiter', layout: 'recruiter', middleware: RECRUITER, page: 'recruiter-home' },
  // Settings (issue 13): one host page renders every settings route from its registry
  // (host/src/pages/settings/pages.ts); an unknown slug is a "not found in settings" page.
  recruiter('/recruiter/settings', EMBEDDED, 'settings', { page: 'settings' }),
  recruiter('/recruiter/settings/myaccount', EMBEDDED, 'settings', { page: 'settings' }),
  recruiter('/recruiter/settings/myaccount/password-rotate', EMBEDDED, 'settings', { page: 'settings' }),
  recruiter('/recruiter/settings/security', NATIVE, 'settings', { page: 'settings' }),
  recruiter('/recruiter/settings/*slug', EMBEDDED, 'settings', { page: 'settings' }),
  recruiter('/recruiter/settings_new', NATIVE, 'settings', { page: 'settings' }),
  ...SETTINGS_NEW_PAGES.map((name) => recruiter(`/recruiter/settings_new/${name}`, NATIVE, 'settings', { page: 'settings' })),
  recruiter('/recruiter/settings_new/*slug', NATIVE, 'settings', { page: 'settings' }),
  // Analytics (issue 14): host pages. The entry and the list go to the first dashboard (or create the first one).
  recruiter('/recruiter/analytics_new', NATIVE, 'analytics', { page: 'dashboards' }),
  recruiter('/recruiter/analytics_new/dashboards', NATIVE, 'dashboards', { page: 'dashboards' }),
  recruiter('/recruiter/analytics_new/dashboards/:dashboard_id', NATIVE, 'dashboards', { page: 'dashboard' }),
  // Openings (issue 5): native pages of the host. Wizard steps (the {slug} segments):
  //   opening create:  /recruiter/openings/create            -> /create/details (query baseOpening kept: duplicate)
  //                    /create/details -> /create/review      (review posts it; the copy starts DRAFT)
  //   opening edit:    /recruiter/openings/{id}/edit          (one step: the details form, saved with PATCH)
  //   posting create:  /{id}/postings/create                  -> /postings/create/content
  //                    /postings/create/content -> /postings/create/channels -> /postings/create/review
  //   posting edit:    /{id}/postings/{posting_id}/edit/{content|channels|review}
  //   posting view:    /{id}/postings/{slug}                  slug = a posting id (that posting), else the postings list
  //   catch-all:       /{id}/{anything else}                  a plain "not part of the back-office" page with a way back
  // An unknown step slug goes to the wizard's first step.
  recruiter('/recruiter/openings', NATIVE, 'openings', { page: 'openings' }),
  recruiter('/recruiter/openings/create', NATIVE, 'openings', { page: 'opening-wizard' }),
  recruiter('/recruiter/openings/create/:slug', NATIVE, 'openings', { page: 'opening-wizard' }),
  recruiter('/recruiter/openings/:opening_id', OPENING_ROUTE, 'openings', { params: OPENING, page: 'opening' }),
  recruiter('/recruiter/openings/:opening_id/edit', OPENING_ROUTE, 'openings', { params: OPENING, page: 'opening-wizard' }),
  recruiter('/recruiter/openings/:opening_id/postings/create', OPENING_ROUTE, 'postings', { params: OPENING, page: 'posting-wizard' }),
  recruiter('/recruiter/openings/:opening_id/postings/create/:slug', OPENING_ROUTE, 'postings', { params: OPENING, page: 'posting-wizard' }),
  recruiter('/recruiter/openings/:opening_id/postings/:posting_id/edit/:slug', OPENING_ROUTE, 'postings', { params: OPENING, page: 'posting-wizard' }),
  recruiter('/recruiter/openings/:opening_id/postings/:slug', OPENING_ROUTE, 'postings', { params: OPENING, page: 'postings' }),
  // The opening's pipeline (issue 11); the candidate page adds /candidates/:candidate_id beside it.
  recruiter('/recruiter/openings/:opening_id/candidates', OPENING_ROUTE, 'openings', { params: OPENING, page: 'pipeline' }),
  // The candidate page (issue 11): both ids 24-hex, before the opening's catch-all.
  recruiter('/recruiter/openings/:opening_id/candidates/:candidate_id', OPENING_ROUTE, 'openings', {
    params: { ...OPENING, candidate_id: OBJECT_ID_PATTERN },
    page: 'candidate',
  }),
  recruiter('/recruiter/openings/:opening_id/*slug', [...EMBEDDED, 'opening-entry'], 'openings', { params: OPENING, page: 'opening-other' }),
  // Any other back-office address: a real "page not found" with a way back, never a placeholder.
  recruiter('/recruiter/*slug', EMBEDDED, 'openings', { page: 'not-found' }),

  // ---- Applicant area ----
  { path: '/applicant', layout: 'application', middleware: APPLICATION, page: 'redirect', redirectTo: '/applicant/steps/next' },
  { path: '/applicant/message', layout: 'message', middleware: [], page: 'message' },
  { path: '/applicant/steps', layout: 'application', middleware: APPLICATION, page: 'redirect', redirectTo: '/applicant/steps/next' },
  { path: '/applicant/steps/next', layout: 'application', middleware: [...APPLICATION, 'steps-entry'], page: 'applicant-steps-next' },
  steps('/applicant/steps/next/:password', 'applicant-steps-next', 'steps-entry'),
  steps('/applicant/steps/constants', 'steps-constants'),
  steps('/applicant/steps/interview', 'steps-interview'),
  steps('/applicant/steps/interview/intro', 'steps-interview-intro'),
  steps('/applicant/steps/interview/recording', 'steps-interview-recording'),
  steps('/applicant/steps/application-form', 'steps-application-form'),
  steps('/applicant/steps/:afstep', 'steps-assessment', 'af-step'),
  steps('/applicant/steps/:afstep/constants', 'steps-assessment-constants', 'af-step'),
  steps('/applicant/steps/:afstep/login', 'steps-assessment-login', 'af-step'),
  steps('/applicant/steps/:afstep/consent', 'steps-assessment-consent', 'af-step'),
  steps('/applicant/steps/:afstep/relayConsent', 'steps-relay-consent', 'af-step'),
  steps('/applicant/steps/:afstep/grantPermission', 'steps-grant-permission', 'af-step'),
  // Candidate portal (issue 12): /ongoing sends to the one portal or the candidatures list; the request link signs in itself.
  { path: '/applicant/ongoing', layout: 'ongoing', middleware: ['auth', 'ongoing'], page: 'portal-candidatures' },
  { path: '/applicant/ongoing/:password', layout: 'ongoing', middleware: ['auth', 'ongoing'], page: 'portal-candidatures' },
  { path: '/applicant/candidatures', layout: 'ongoing', middleware: ['auth', 'auth-applicant'], page: 'portal-candidatures' },
  { path: '/applicant/appointments/:token', layout: 'application', middleware: [], page: 'portal-appointment' },
  { path: '/applicant/removeData/:token/:slug', layout: 'message', middleware: ['remove-data'], page: 'redirect' },
  {
    path: '/applicant/:candidateId/request/:requestId',
    layout: 'candidate-portal',
    middleware: ['portal-request'],
    page: 'redirect',
    redirectTo: '/applicant',
    match: { candidateId: OBJECT_ID_PATTERN },
  },
  { path: '/applicant/:candidateId/manage-data', layout: 'candidate-portal', middleware: PORTAL, page: 'portal-manage-data', match: { candidateId: OBJECT_ID_PATTERN } },
  { path: '/applicant/:candidateId/default', layout: 'candidate-portal', middleware: PORTAL, page: 'portal-home', match: { candidateId: OBJECT_ID_PATTERN } },
  { path: '/applicant/:candidateId', layout: 'candidate-portal', middleware: PORTAL, page: 'portal-home', match: { candidateId: OBJECT_ID_PATTERN } },
  { path: '/applicant/*slug', layout: 'application', middleware: [], page: 'redirect', redirectTo: '/applicant' },

  // ---- Offers, boards, public pages ----
  { path: '/offer/message', layout: 'message', middleware: [], page: 'message' },
  { path: '/offer/apply/oauth/indeed', layout: 'message', middleware: ['oauth-callback'], page: 'redirect' },
  ...Object.entries(BRANDING_PREVIEWS).map(
    ([slug, title]): RouteDefinition => ({ path: `/offer/branding/preview/${slug}`, layout: 'branding', middleware: [], page: 'branding-preview', title }),
  ),
  { path: '/offer/c/:channel_id', layout: 'offer', embeddedLayout: 'embedded-offer', middleware: [], page: 'offer', params: { channel_id: OBJECT_ID_PATTERN } },
  { path: '/offer/:_id', layout: 'offer', middleware: [], page: 'offer', params: { _id: OBJECT_ID_PATTERN } },
  { path: '/board/:board_id', layout: 'full-page-board', embeddedLayout: 'embedded-board', middleware: [], page: 'board', params: { board_id: OBJECT_ID_PATTERN } },
  { path: '/share/:slug', layout: 'offer', middleware: [], page: 'share', params: { slug: /^[a-z0-9-]{3,64}$/ } },
  { path: '/referral/:company_id/generate', layout: 'referral', middleware: [], page: 'referral', params: { company_id: OBJECT_ID_PATTERN } },

  // Catch-all of one segment (spec §2: /{slug} redirects to /login).
  { path: '/:slug', layout: 'default', middleware: [], page: 'redirect', redirectTo: '/login' },
];

/** Values of the `embedded` query that select an embedded layout (spec §2 offer by channel). */
export const EMBED_VALUES: readonly string[] = ['applyManualOnly', 'applyWithOptions'];
