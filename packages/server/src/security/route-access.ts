import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { DEMO_APPLY } from '../seed/demo-applications';
import { DEMO } from '../seed/demo-ids';
import { DEMO_OPENING_IDS } from '../seed/demo-openings';
import { DEMO_PIPELINE } from '../seed/demo-pipeline';
import { DEMO_INSIGHTS } from '../seed/demo-insights';
import { DEMO_STEPS, DEMO_PROCESS } from '../seed/demo-steps';
import { pngBytes } from '../testing/png';
import { multipartFile, SMALL_PDF } from '../testing/multipart';
import { camilleApplies, camilleAt, FORM_PROCESS, injectAs, INTERVIEW_PROCESS, SHAPE_ANSWERS, SHAPE_PROCESS, WEBM_HEAD } from './applicant-flow';
import { adminOnly, anySession, applicantOnly, permission, publicRoute, recruiter, type RouteCase } from './access-classes';
import {
  ARCHIVED_RETAINED_POSTING,
  ATTEMPT,
  CAMILLE,
  camillePage,
  CANDIDATE_PAGE,
  CHUNK,
  CONSENT,
  FINISH,
  fixtureEmail,
  freshCompany,
  freshInvitation,
  freshRecruiter,
  json,
  lumenLogo,
  lumenPool,
  lumenWebhook,
  lumenWebhookDelivery,
  MATRIX_WEBHOOK_URL,
  matrixAppointment,
  NAME_OF,
  NEW_DASHBOARD,
  OPEN_ASSESSMENT,
  page,
  poolName,
  PUBLISHED,
  PUBLISHED_POSTING,
  SAMPLE_POSTING,
  START,
  STEP_PARAMS,
  stepRequest,
  TINY_PNG,
  unknownEmail,
  uploadCv,
  uploadQuery,
} from './route-targets';

/**
 * Who may call what: the expectation table of the standing route matrix (route-matrix.test.ts).
 * One entry per registered route (`METHOD /url` exactly as Fastify registered it); a route the
 * server registers without an entry here fails the matrix, so a new route is covered the day it
 * lands. HEAD routes (Fastify adds one per GET) are expected to answer as their GET.
 *
 * Each entry names its access class (access-classes.ts: it fixes the status of every caller) and a
 * request that would succeed for an allowed caller. Targets (route-targets.ts) are the demo data's
 * Lumen Robotics rows: the owner of the other company (Nordwind) must not see them (404: another
 * company's data does not exist).
 */

/** A well-formed passkey answer no authenticator signed (its challenge was never handed out). */
const PASSKEY_CLIENT_DATA = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: 'A'.repeat(43), origin: 'http://rec.test' })).toString('base64url');
const PASSKEY_ASSERTION = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  rawId: 'AAAAAAAAAAAAAAAAAAAAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: PASSKEY_CLIENT_DATA, authenticatorData: 'AAAA', signature: 'AAAA' },
};
const PASSKEY_ATTESTATION = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  rawId: 'AAAAAAAAAAAAAAAAAAAAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: PASSKEY_CLIENT_DATA, attestationObject: 'AAAA' },
};

/** Applications the matrix has sent: each gets its own submission id and email. */
let applications = 0;

export const ROUTE_ACCESS: Readonly<Record<string, RouteCase>> = {
  // Public widget API (CORS *, no cookie read).
  'GET /v2/boards/:id': { expected: publicRoute(200), params: { id: DEMO.boardId } },
  'GET /v2/boards/:id/offers': { expected: publicRoute(200), params: { id: DEMO.boardId } },
  'GET /v2/boards/:id/feed.xml': { expected: publicRoute(200), params: { id: DEMO.boardId } },
  'GET /v2/boards/:id/feed.json': { expected: publicRoute(200), params: { id: DEMO.boardId } },
  // The company's theme (issue 16): public like the board it brands; the branding previews read it.
  'GET /v2/companies/:companyId/theme': { expected: publicRoute(200), params: { companyId: DEMO.companyId } },
  'GET /v2/offers/channel/:channelId': { expected: publicRoute(200), params: { channelId: DEMO.sampleChannelId } },
  'GET /v2/offers/:id': { expected: publicRoute(200), params: { id: SAMPLE_POSTING } },
  'GET /v2/share/:slug': { expected: publicRoute(200), params: { slug: DEMO_APPLY.shareSlug } },
  'GET /builds/latest.json': { expected: publicRoute(200) },
  // The realtime websocket (issue 15): a plain GET is told to upgrade; the socket's own tests cover the rest.
  'GET /v2/realtime': { expected: publicRoute(426) },
  // API documentation and what crawlers read (issue 17): public, the same for everyone.
  'GET /openapi.json': { expected: publicRoute(200) },
  'GET /docs': { expected: publicRoute(200) },
  'GET /docs/docs.css': { expected: publicRoute(200) },
  'GET /robots.txt': { expected: publicRoute(200) },
  'GET /sitemap.xml': { expected: publicRoute(200) },
  'POST /v2/storage': {
    expected: publicRoute(201),
    request: () => ({ url: `/v2/storage?${uploadQuery}`, ...multipartFile('file', 'cv.pdf', SMALL_PDF) }),
  },
  'POST /v2/offers/channel/:channelId/applications': {
    expected: publicRoute(201),
    prepares: true,
    request: async (app, caller) => {
      const cv = await uploadCv(app);
      applications += 1;
      return json({
        submissionId: `matrix-${caller}-${Date.now()}-${applications}`,
        firstName: 'Matrix',
        lastName: caller,
        email: `matrix.${caller}.${applications}@example.org`,
        cv: { url: cv.url, name: cv.name },
        gdprConsent: true,
      });
    },
    params: { channelId: DEMO.sampleChannelId },
  },
  'POST /v2/referrals': { expected: publicRoute(201), request: (_app, caller) => json({ companyId: DEMO.companyId, name: `Referrer ${caller}`, email: `ref.${caller}@example.org` }) },

  // Server-rendered public pages and the built files (the matrix runs on a minimal dist/, see MATRIX_DIST).
  'GET /offer/c/:id': { expected: publicRoute(200), request: () => page(`/offer/c/${DEMO.sampleChannelId}`) },
  'GET /offer/:id': { expected: publicRoute(200), request: () => page(`/offer/${SAMPLE_POSTING}`) },
  'GET /board/:id': { expected: publicRoute(200), request: () => page(`/board/${DEMO.boardId}`) },
  'GET /widgets/*': { expected: publicRoute(200), request: () => ({ url: '/widgets/rec-widgets.js' }) },
  'GET /*': { expected: publicRoute(200), request: () => ({ url: '/host.css' }) },

  // Development mail outbox: registered outside production only (never in production; tested elsewhere).
  'GET /dev/outbox.json': { expected: publicRoute(200) },
  'GET /dev/outbox': { expected: publicRoute(200) },
  // End-to-end fixtures: registered under NODE_ENV=test only (test-fixtures.test.ts proves the 404 elsewhere).
  'POST /test/fixtures/companies': { expected: publicRoute(201), request: () => json({}) },
  'POST /test/fixtures/admins': { expected: publicRoute(201), request: () => json({}) },

  // Sign-in and account links: public, answers that never depend on who asks.
  'POST /auth/password/sign-in': { expected: publicRoute(401), request: (_app, caller) => json({ email: unknownEmail(caller), password: 'wrong-password' }) },
  'POST /auth/magic-link': { expected: publicRoute(202), request: (_app, caller) => json({ email: unknownEmail(caller) }) },
  'POST /auth/password/recover': { expected: publicRoute(202), request: (_app, caller) => json({ email: unknownEmail(caller) }) },
  'POST /v2/applicants-auth/authorize': { expected: publicRoute(401), request: () => json({ token: 'x'.repeat(43) }) },
  'POST /auth/password/reset': { expected: publicRoute(401), request: () => json({ token: 'x'.repeat(43), password: 'a-long-enough-password' }) },
  'GET /v2/recruiters/invite/:invitationLink': { expected: publicRoute(200), params: { invitationLink: DEMO_ACCOUNTS.invitation.invitationLink } },
  'POST /auth/invitations/accept': {
    expected: publicRoute(404),
    request: () => json({ invitationLink: 'y'.repeat(43), firstName: 'A', lastName: 'B', password: 'a-long-enough-password' }),
  },
  'POST /auth/invitations/link': { expected: publicRoute(404), request: () => json({ invitationLink: 'y'.repeat(43), password: 'a-long-enough-password' }) },
  // Finishing a half-signed-in sign-in (issue 32): no matrix caller holds such a session, so all get 401.
  'GET /auth/two-factor': { expected: publicRoute(401) },
  'POST /auth/two-factor/verify': { expected: publicRoute(401), request: () => json({ code: '000000' }) },
  'POST /auth/two-factor/enrol': { expected: publicRoute(401) },
  'POST /auth/two-factor/enrol/confirm': { expected: publicRoute(401), request: () => json({ code: '000000' }) },
  // Single sign-on (issue 32): discovery answers one shape for any address; an unknown domain has
  // nothing to start; the callback always redirects (to the login page with a key when refused).
  'POST /auth/sso/discover': { expected: publicRoute(200), request: (_app, caller) => json({ email: unknownEmail(caller) }) },
  'POST /auth/sso/start': { expected: publicRoute(404), request: (_app, caller) => json({ email: unknownEmail(caller) }) },
  'GET /auth/sso/callback': { expected: publicRoute(303), request: () => ({ url: `/auth/sso/callback?state=${'s'.repeat(43)}&code=c` }) },
  'POST /auth/two-factor/passkey/options': { expected: publicRoute(401) },
  'POST /auth/two-factor/passkey': { expected: publicRoute(401), request: () => json({ credential: PASSKEY_ASSERTION }) },
  'POST /auth/two-factor/enrol/passkey/options': { expected: publicRoute(401) },
  'POST /auth/two-factor/enrol/passkey': { expected: publicRoute(401), request: () => json({ name: 'Laptop', credential: PASSKEY_ATTESTATION }) },
  // Password-less sign-in with a passkey (issue 32): options for anyone; an assertion nobody signed is refused for all.
  'POST /auth/passkey/options': { expected: publicRoute(200) },
  'POST /auth/passkey/sign-in': { expected: publicRoute(401), request: () => json({ credential: PASSKEY_ASSERTION }) },
  // Signing out is harmless for anyone (and ends only the caller's own session).
  'DELETE /auth/session-v2': { expected: publicRoute(204) },

  // The signed-in person's own second factor (issue 32): recruiters and admins, never applicants.
  'GET /v2/me/two-factor': { expected: { ...anySession(200), applicant: 403 } },
  'POST /v2/me/two-factor/totp': { expected: { ...anySession(200), applicant: 403 } },
  // No matrix caller has started an enrolment this code could confirm.
  'POST /v2/me/two-factor/totp/confirm': { expected: { ...anySession(422), applicant: 403 }, request: () => json({ code: '000000' }) },
  // Only the admin has a factor (a passkey: an admin must, testing/test-seed.ts): new codes need the
  // right password; nobody has an authenticator app to remove.
  'POST /v2/me/two-factor/recovery-codes': { expected: { ...anySession(409), admin: 422, applicant: 403 }, request: () => json({ password: 'not-the-password' }) },
  'POST /v2/me/two-factor/remove': { expected: { ...anySession(409), applicant: 403 }, request: () => json({ password: 'not-the-password' }) },
  // A passkey re-authentication's options: for whoever has a passkey (the admin).
  'POST /v2/me/two-factor/reauth/passkey/options': { expected: { ...anySession(409), admin: 200, applicant: 403 } },
  // Passkeys of the signed-in person (issue 32): options for anyone signed in; an attestation without its challenge is refused.
  'POST /v2/me/two-factor/passkeys/options': { expected: { ...anySession(200), applicant: 403 } },
  'POST /v2/me/two-factor/passkeys': { expected: { ...anySession(422), applicant: 403 }, request: () => json({ name: 'Laptop', credential: PASSKEY_ATTESTATION }) },
  // The id is nobody's passkey.
  'PATCH /v2/me/two-factor/passkeys/:passkeyId': { expected: { ...anySession(404), applicant: 403 }, params: { passkeyId: 'a'.repeat(24) }, request: () => json({ name: 'Laptop' }) },
  'POST /v2/me/two-factor/passkeys/:passkeyId/remove': {
    expected: { ...anySession(404), applicant: 403 },
    params: { passkeyId: 'a'.repeat(24) },
    request: () => json({ password: 'not-the-password' }),
  },

  // Any session.
  'GET /auth/session-v2': { expected: anySession(200) },
  'GET /auth/tenants': { expected: anySession(200) },
  // The switch targets Lumen: only identities with a Lumen recruiter account may move there.
  'POST /auth/tenants/:tenantId/authorize': {
    expected: { anonymous: 401, applicant: 404, admin: 404, viewer: 200, otherOwner: 404, owner: 200 },
    params: { tenantId: DEMO.companyId },
  },

  // Recruiters, about themselves and their own company.
  'GET /v2/recruiter/me': { expected: recruiter(200, 200) },
  'GET /v2/recruiter/me/permissions': { expected: recruiter(200, 200) },
  'PATCH /v2/recruiter/me/settings': { expected: recruiter(200, 200), request: () => json({ language: 'en' }) },
  'GET /v2/recruiters': { expected: recruiter(200, 200) },
  'GET /v2/recruiters/:id': { expected: recruiter(200), params: { id: DEMO_ACCOUNTS.owner.id } },
  // Admins read any company; recruiters only their own.
  'GET /v2/companies/:tenantId': { expected: { ...recruiter(200), admin: 200 }, params: { tenantId: DEMO.companyId } },

  // Openings: any recruiter reads; each change needs its permission.
  'GET /v2/jobs': { expected: recruiter(200, 200) },
  'GET /v2/jobs/:id': { expected: recruiter(200), params: { id: PUBLISHED } },
  'GET /v2/jobs/:id/applications': { expected: recruiter(200), params: { id: PUBLISHED } },
  'GET /v2/jobs/:id/postings': { expected: recruiter(200), params: { id: PUBLISHED } },
  // A CV is a sensitive file: downloading it needs CANDIDATES:SENSITIVE:READ, which viewers lack.
  'GET /v2/storage/:id': { expected: permission(200), prepares: true, request: async (app) => ({ url: (await uploadCv(app)).url }) },
  'POST /v2/jobs': { expected: permission(201, 201), request: () => json({ title: 'Matrix opening', language: 'en' }) },
  'PATCH /v2/jobs/:id': { expected: permission(200), params: { id: PUBLISHED }, request: () => json({ location: 'Esch-sur-Alzette' }) },
  'POST /v2/jobs/:id/publish': { expected: permission(200), params: { id: DEMO_OPENING_IDS.draft } },
  'POST /v2/jobs/:id/archive': { expected: permission(200), params: { id: DEMO_OPENING_IDS.publishedSmall } },
  'POST /v2/jobs/:id/unarchive': { expected: permission(200), params: { id: DEMO_OPENING_IDS.archivedEmpty } },
  'GET /v2/jobs/:id/can-delete': { expected: permission(200), params: { id: DEMO_OPENING_IDS.archivedDeletable } },
  'DELETE /v2/jobs/:id': { expected: permission(204), params: { id: DEMO_OPENING_IDS.archivedDeletable } },
  'GET /v2/jobs/:id/export/applications': { expected: permission(200), request: () => ({ url: `/v2/jobs/${PUBLISHED}/export/applications?categories[]=PERSONAL` }) },
  'POST /v2/jobs/:id/postings': {
    expected: permission(201),
    params: { id: PUBLISHED },
    request: () => json({ language: 'en', contents: { en: { title: 'Matrix posting' } }, channels: ['SHARE'] }),
  },
  'PATCH /v2/jobs/:id/postings/:postingId': { expected: permission(200), params: { id: PUBLISHED, postingId: PUBLISHED_POSTING }, request: () => json({ employmentType: 'PART_TIME' }) },
  'POST /v2/jobs/:id/postings/:postingId/close': { expected: permission(200), params: { id: DEMO_OPENING_IDS.archivedRetained, postingId: ARCHIVED_RETAINED_POSTING } },

  // The pipeline of an opening (issue 11): any recruiter reads; decisions need CANDIDATES:MANAGE.
  'GET /v2/recruiter/openings/:openingId/pipeline': { expected: recruiter(200), params: { openingId: PUBLISHED } },
  'POST /v2/recruiter/openings/:openingId/applications/:applicationId/stage': {
    expected: permission(200),
    params: { openingId: PUBLISHED, applicationId: DEMO_PIPELINE.applicationOf(0) },
    request: () => json({ stage: 'INTERVIEW' }),
  },
  'POST /v2/recruiter/openings/:openingId/applications/:applicationId/reject': {
    expected: permission(200),
    params: { openingId: PUBLISHED, applicationId: DEMO_PIPELINE.applicationOf(1) },
    request: () => json({ reason: 'EXPERIENCE' }),
  },
  'GET /v2/recruiter/openings/:openingId/applications/:applicationId/reject-mail': {
    expected: permission(200),
    params: { openingId: PUBLISHED, applicationId: DEMO_PIPELINE.applicationOf(2) },
  },
  'POST /v2/recruiter/openings/:openingId/applications/bulk': {
    expected: permission(200),
    params: { openingId: PUBLISHED },
    request: () => json({ action: 'move', applicationIds: [DEMO_PIPELINE.applicationOf(3), DEMO_PIPELINE.applicationOf(4)], stage: 'OFFER' }),
  },

  // Admin area.
  'GET /v2/admin/companies': { expected: adminOnly(200) },
  'POST /v2/admin/companies': { expected: adminOnly(201), request: () => json({ name: 'Matrix admin company', language: 'de', ownerEmail: fixtureEmail('first-owner') }) },
  'POST /v2/admin/companies/:companyId/suspend': { expected: adminOnly(204), prepares: true, request: async (app) => ({ url: `/v2/admin/companies/${await freshCompany(app)}/suspend` }) },
  'POST /v2/admin/companies/:companyId/reactivate': { expected: adminOnly(204), prepares: true, request: async (app) => ({ url: `/v2/admin/companies/${await freshCompany(app)}/reactivate` }) },
  'GET /v2/admin/audit-log': { expected: adminOnly(200), request: () => ({ url: `/v2/admin/audit-log?companyId=${DEMO.companyId}&from=2020-01-01` }) },
  'GET /v2/admin/audit-log/actions': { expected: adminOnly(200) },

  // Team (issue 13): TEAM:MANAGE (owners); the other company's owner manages only their own team.
  'GET /v2/team': { expected: permission(200, 200) },
  'POST /v2/team/invitations': { expected: permission(201, 201), request: () => json({ email: fixtureEmail('invite'), role: 'recruiter' }) },
  'POST /v2/team/invitations/:id/resend': { expected: permission(204), prepares: true, request: async (app) => ({ url: `/v2/team/invitations/${await freshInvitation(app)}/resend` }) },
  'DELETE /v2/team/invitations/:id': { expected: permission(204), prepares: true, request: async (app) => ({ url: `/v2/team/invitations/${await freshInvitation(app)}` }) },
  'PATCH /v2/team/members/:id': {
    expected: permission(204),
    prepares: true,
    request: async (app) => ({ url: `/v2/team/members/${await freshRecruiter(app)}`, payload: { role: 'viewer' } }),
  },
  'DELETE /v2/team/members/:id': { expected: permission(204), prepares: true, request: async (app) => ({ url: `/v2/team/members/${await freshRecruiter(app)}` }) },

  // The recruiter's own account (issue 13).
  'PATCH /v2/recruiter/me/name': { expected: recruiter(200, 200), request: (_app, caller) => json(NAME_OF[caller]) },
  'PUT /v2/recruiter/me/profile-picture': { expected: recruiter(200, 200), request: () => json({ type: 'image/png', base64: TINY_PNG }) },
  'DELETE /v2/recruiter/me/profile-picture': { expected: recruiter(204, 204) },
  // A wrong current password: the check runs, nothing changes.
  'POST /v2/recruiter/me/password': {
    expected: recruiter(422, 422),
    request: () => json({ currentPassword: 'not-the-password', password: 'matrix-new-password', passwordConfirmation: 'matrix-new-password' }),
  },
  'GET /v2/recruiter/me/sessions': { expected: recruiter(200, 200) },
  'GET /v2/recruiter/me/notifications': { expected: recruiter(200, 200) },
  'PUT /v2/recruiter/me/notifications': { expected: recruiter(200, 200), request: () => json({ newApplications: 'each', mentions: true }) },

  // Talent pools (issue 13): every recruiter reads, CANDIDATES:MANAGE changes; another company's pool does not exist.
  'GET /v2/talent-pools': { expected: recruiter(200, 200) },
  'POST /v2/talent-pools': { expected: permission(201, 201), request: () => json({ name: poolName() }) },
  'PATCH /v2/talent-pools/:id': { expected: permission(200), prepares: true, request: async (app) => ({ url: `/v2/talent-pools/${await lumenPool(app)}`, payload: { name: poolName() } }) },
  'DELETE /v2/talent-pools/:id': { expected: permission(204), prepares: true, request: async (app) => ({ url: `/v2/talent-pools/${await lumenPool(app)}` }) },
  'GET /v2/talent-pools/:id/candidates': { expected: recruiter(200), prepares: true, request: async (app) => ({ url: `/v2/talent-pools/${await lumenPool(app, true)}/candidates` }) },
  'PUT /v2/talent-pools/:id/candidates/:candidateId': {
    expected: permission(204),
    prepares: true,
    // For the fuzz test's spoiled params (the request builds the real URL).
    params: { id: 'f'.repeat(24), candidateId: DEMO_STEPS.candidateId },
    request: async (app) => ({ url: `/v2/talent-pools/${await lumenPool(app)}/candidates/${DEMO_STEPS.candidateId}` }),
  },
  'DELETE /v2/talent-pools/:id/candidates/:candidateId': {
    expected: permission(204),
    prepares: true,
    // For the fuzz test's spoiled params (the request builds the real URL).
    params: { id: 'f'.repeat(24), candidateId: DEMO_STEPS.candidateId },
    request: async (app) => ({ url: `/v2/talent-pools/${await lumenPool(app, true)}/candidates/${DEMO_STEPS.candidateId}` }),
  },
  'GET /v2/talent-pools/of-candidate/:id': { expected: recruiter(200), params: { id: DEMO_STEPS.candidateId } },
  // Nobody's session: each recruiter may only end their own.
  'DELETE /v2/recruiter/me/sessions/:id': { expected: recruiter(404, 404), params: { id: 'f'.repeat(24) } },
  'DELETE /v2/recruiter/me/sessions': { expected: recruiter(200, 200) },

  // The jobs-count badge of a career site: public like the board it counts.
  'GET /v2/boards/:id/offer-count': { expected: publicRoute(200), params: { id: DEMO.boardId } },

  // The candidate's step flow (cookie of an applicant session; the bearer flow has its own tests).
  'OPTIONS /v2/application-steps/*': { expected: publicRoute(204), request: () => ({ url: '/v2/application-steps/next' }) },
  'OPTIONS /v2/applicants/application': { expected: publicRoute(204) },
  'GET /v2/application-steps/next': { expected: applicantOnly(200) },
  'GET /v2/applicants/application': { expected: applicantOnly(200) },
  // Back to the demo application: her own, so allowed; another candidate's is 404 (steps.test.ts).
  'POST /v2/applicants/login': { expected: applicantOnly(200), request: () => json({ _applicantId: DEMO_STEPS.applicationId }) },
  // Withdrawing (issue 25): applicants only; an application that is not the caller's is 404 (withdrawal.test.ts withdraws for real).
  'OPTIONS /v2/applicants/applications/:id/withdraw': { expected: publicRoute(204), params: { id: 'f'.repeat(24) } },
  'POST /v2/applicants/applications/:id/withdraw': { expected: applicantOnly(404), params: { id: 'f'.repeat(24) } },
  'POST /v2/application-steps/:id/start': { expected: applicantOnly(200), prepares: 'applicant', params: STEP_PARAMS, request: (app, caller) => stepRequest(app, caller, FORM_PROCESS, [], 'start') },
  'POST /v2/application-steps/:id/complete': {
    expected: applicantOnly(200),
    prepares: 'applicant',
    params: STEP_PARAMS,
    request: async (app, caller) => ({ ...(await stepRequest(app, caller, FORM_PROCESS, [], 'complete')), payload: { answers: { licence: 'yes' } } }),
  },
  'POST /v2/application-steps/:id/files': {
    expected: applicantOnly(201),
    prepares: 'applicant',
    params: STEP_PARAMS,
    request: async (app, caller) => {
      const { url } = await stepRequest(app, caller, FORM_PROCESS, [], 'files');
      return { url: `${url}?questionId=certificate`, ...multipartFile('file', 'certificate.pdf', SMALL_PDF) };
    },
  },
  'POST /v2/application-steps/:id/relay-consent': {
    expected: applicantOnly(200),
    prepares: 'applicant',
    params: STEP_PARAMS,
    request: async (app, caller) => ({ ...(await stepRequest(app, caller, SHAPE_PROCESS, [START], 'relay-consent')), payload: { consent: true } }),
  },
  'POST /v2/application-steps/:id/assessment': {
    expected: applicantOnly(200),
    prepares: 'applicant',
    params: STEP_PARAMS,
    request: (app, caller) => stepRequest(app, caller, SHAPE_PROCESS, [START, CONSENT], 'assessment'),
  },
  'POST /v2/application-steps/:id/assessment/answers': {
    expected: applicantOnly(200),
    prepares: 'applicant',
    params: STEP_PARAMS,
    request: async (app, caller) => ({ ...(await stepRequest(app, caller, SHAPE_PROCESS, [START, CONSENT, OPEN_ASSESSMENT], 'assessment/answers')), payload: { answers: SHAPE_ANSWERS } }),
  },
  'POST /v2/application-steps/:id/interview/:questionId/attempts': {
    expected: applicantOnly(200),
    prepares: 'applicant',
    params: STEP_PARAMS,
    request: (app, caller) => stepRequest(app, caller, INTERVIEW_PROCESS, [], 'interview/intro/attempts'),
  },
  'GET /v2/application-steps/:id/interview/:questionId/attempts/:attempt': {
    expected: applicantOnly(200),
    prepares: 'applicant',
    params: STEP_PARAMS,
    request: (app, caller) => stepRequest(app, caller, INTERVIEW_PROCESS, [ATTEMPT], 'interview/intro/attempts/1'),
  },
  'PUT /v2/application-steps/:id/interview/:questionId/attempts/:attempt': {
    expected: applicantOnly(200),
    prepares: 'applicant',
    params: STEP_PARAMS,
    request: async (app, caller) => {
      const { url } = await stepRequest(app, caller, INTERVIEW_PROCESS, [ATTEMPT], 'interview/intro/attempts/1');
      return { url: `${url}?offset=0`, payload: WEBM_HEAD, headers: { 'content-type': 'application/octet-stream' } };
    },
  },
  'POST /v2/application-steps/:id/interview/:questionId/attempts/:attempt/finish': {
    expected: applicantOnly(200),
    prepares: 'applicant',
    params: STEP_PARAMS,
    request: (app, caller) => stepRequest(app, caller, INTERVIEW_PROCESS, [ATTEMPT, CHUNK], 'interview/intro/attempts/1/finish'),
  },

  // The process of an opening and the company's default: any recruiter reads, editing needs OPENINGS:MANAGE.
  'GET /v2/jobs/:opening_id/process': { expected: recruiter(200), params: { opening_id: DEMO_STEPS.openingId } },
  'PUT /v2/jobs/:opening_id/process': { expected: permission(200), params: { opening_id: DEMO_STEPS.openingId }, request: () => json(DEMO_PROCESS) },
  'GET /v2/companies/settings/process': { expected: recruiter(200, 200) },
  'PUT /v2/companies/settings/process': { expected: permission(200, 200), request: () => json(FORM_PROCESS) },

  // Company settings (issue 13): every recruiter reads them; COMPANIES:SETTINGS:MANAGE changes them.
  'GET /v2/companies/settings': { expected: recruiter(200, 200) },
  'PATCH /v2/companies/settings': { expected: permission(200, 200), request: () => json({ retentionDays: 365 }) },
  // The sign-in policy (issue 32): the default values, so the matrix changes nothing.
  'GET /v2/companies/settings/security': { expected: recruiter(200, 200) },
  'PATCH /v2/companies/settings/security': { expected: permission(200, 200), request: () => json({ requireTwoFactor: false, sessionDays: 30 }) },
  // The company's IdP (issue 32): owners only, each on their own company (the tenant is the session's).
  'GET /v2/companies/settings/sso': { expected: permission(200, 200) },
  'PUT /v2/companies/settings/sso': {
    expected: permission(200, 200),
    request: (_app, caller) => json({ issuer: 'https://idp.example', clientId: 'matrix', clientSecret: 'matrix-secret', domains: [`${caller}-matrix.example`], defaultRole: 'viewer', ssoOnly: false }),
  },
  'DELETE /v2/companies/settings/sso': { expected: permission(204, 204) },
  // A domain the caller's company never claimed: 404 before any DNS lookup (verification itself: sso.test.ts).
  'POST /v2/companies/settings/sso/domains/:domain/verify': { expected: permission(404, 404), params: { domain: 'matrix-unclaimed.example' } },
  // An http issuer off this machine is refused before any request leaves the server.
  'POST /v2/companies/settings/sso/test': { expected: permission(422, 422), request: () => json({ issuer: 'http://idp.example' }) },
  // Outgoing webhooks (issue 30): INTEGRATIONS:MANAGE (owners), each on their own company's endpoints.
  'GET /v2/companies/settings/webhooks': { expected: permission(200, 200) },
  // Inactive, to a port nobody listens on: the matrix queues nothing that could reach anyone.
  'POST /v2/companies/settings/webhooks': {
    expected: permission(201, 201),
    prepares: true,
    request: async (app, caller) => {
      // Endpoints are capped per company: the caller's own matrix endpoints go first.
      const account = caller === 'otherOwner' ? DEMO_ACCOUNTS.otherOwner.id : DEMO_ACCOUNTS.owner.id;
      const listed = (await injectAs(app, account, { method: 'GET', url: '/v2/companies/settings/webhooks' })).json();
      for (const endpoint of Array.isArray(listed) ? (listed as Array<{ id: string }>) : []) {
        await injectAs(app, account, { method: 'DELETE', url: `/v2/companies/settings/webhooks/${endpoint.id}` });
      }
      return json({ url: MATRIX_WEBHOOK_URL, events: ['application.created'], active: false });
    },
  },
  'PATCH /v2/companies/settings/webhooks/:id': {
    expected: permission(200),
    prepares: true,
    request: async (app) => ({ url: `/v2/companies/settings/webhooks/${await lumenWebhook(app)}`, payload: { events: ['posting.closed', 'posting.published'], active: false } }),
  },
  'DELETE /v2/companies/settings/webhooks/:id': {
    expected: permission(204),
    prepares: true,
    request: async (app) => ({ url: `/v2/companies/settings/webhooks/${await lumenWebhook(app)}` }),
  },
  'POST /v2/companies/settings/webhooks/:id/secret': {
    expected: permission(200),
    prepares: true,
    request: async (app) => ({ url: `/v2/companies/settings/webhooks/${await lumenWebhook(app)}/secret` }),
  },
  'GET /v2/companies/settings/webhooks/:id/deliveries': {
    expected: permission(200),
    prepares: true,
    request: async (app) => ({ url: `/v2/companies/settings/webhooks/${await lumenWebhook(app)}/deliveries` }),
  },
  'POST /v2/companies/settings/webhooks/:id/test': {
    expected: permission(202),
    prepares: true,
    request: async (app) => ({ url: `/v2/companies/settings/webhooks/${await lumenWebhook(app)}/test` }),
  },
  'POST /v2/companies/settings/webhooks/:id/deliveries/:deliveryId/resend': {
    expected: permission(202),
    prepares: true,
    // What the fuzz test puts beside the param it spoils: ids no endpoint or delivery has.
    params: { id: 'f'.repeat(24), deliveryId: 'f'.repeat(24) },
    request: async (app) => {
      const { id, deliveryId } = await lumenWebhookDelivery(app);
      return { url: `/v2/companies/settings/webhooks/${id}/deliveries/${deliveryId}/resend` };
    },
  },
  // Logos (spec §6: COMPANIES:LOGOS:MANAGE); the images themselves are public.
  'GET /v2/companies/settings/logos': { expected: recruiter(200, 200) },
  'POST /v2/companies/settings/logos': {
    expected: permission(201, 201),
    request: (_app, caller) => json({ name: `Matrix ${caller} ${Date.now()} ${Math.random()}`.slice(0, 40), file: { base64: pngBytes(40, 20).toString('base64'), type: 'image/png' } }),
  },
  'PUT /v2/companies/settings/logos/:id': {
    expected: permission(200),
    prepares: true,
    request: async (app, caller) => ({ url: `/v2/companies/settings/logos/${await lumenLogo(app)}`, payload: { name: `Renamed ${caller} ${Math.random()}`.slice(0, 40) } }),
  },
  'POST /v2/companies/settings/logos/:id/default': {
    expected: permission(200),
    prepares: true,
    request: async (app) => ({ url: `/v2/companies/settings/logos/${await lumenLogo(app)}/default` }),
  },
  'DELETE /v2/companies/settings/logos/:id': {
    expected: permission(204),
    prepares: true,
    request: async (app) => ({ url: `/v2/companies/settings/logos/${await lumenLogo(app)}` }),
  },
  'GET /v2/logos/:id': { expected: publicRoute(200), prepares: true, request: async (app) => ({ url: `/v2/logos/${await lumenLogo(app)}` }) },

  // Candidate mail templates (issue 13): readable by recruiters, changed with COMPANIES:SETTINGS:MANAGE.
  'GET /v2/companies/settings/mail-templates': { expected: recruiter(200, 200) },
  // The embed tester's targets: the company's own boards and open offers.
  'GET /v2/companies/settings/embed': { expected: recruiter(200, 200) },
  'GET /v2/companies/settings/integrations': { expected: recruiter(200, 200) },
  'PUT /v2/companies/settings/mail-templates/:kind/:language': {
    expected: permission(200, 200),
    params: { kind: 'rejection', language: 'en' },
    request: () => json({ subject: 'About {{jobTitle}}', body: 'Dear {{candidateName}}, thank you.' }),
  },
  'DELETE /v2/companies/settings/mail-templates/:kind/:language': { expected: permission(200, 200), params: { kind: 'rejection', language: 'en' } },
  // Company API keys (issue 30): owners only (INTEGRATIONS:MANAGE), with a session (a key is refused here).
  'GET /v2/companies/settings/api-keys': { expected: permission(200, 200) },
  'POST /v2/companies/settings/api-keys': { expected: permission(201, 201), request: (_app, caller) => json({ name: `Matrix key ${caller}`, scopes: { openings: 'read' } }) },
  'POST /v2/companies/settings/api-keys/:id/revoke': {
    expected: permission(204),
    prepares: true,
    request: async (app) => {
      const created = await injectAs(app, DEMO_ACCOUNTS.owner.id, { method: 'POST', url: '/v2/companies/settings/api-keys', payload: { name: 'Matrix revoked key', scopes: { openings: 'read' } } });
      return { url: `/v2/companies/settings/api-keys/${created.json().key._id}/revoke` };
    },
  },

  // Analytics dashboards: the owner's or shared ones are visible; every change needs ANALYTICS:DASHBOARD:MANAGE.
  'GET /v2/insights/dashboards': { expected: recruiter(200, 200) },
  'GET /v2/insights/recruiters': { expected: recruiter(200, 200) },
  // The demo dashboard is the owner's and not shared with the viewer: for him it does not exist.
  'GET /v2/insights/dashboards/:id': { expected: { ...recruiter(200), viewer: 404 }, params: { id: DEMO_INSIGHTS.lumenDashboardId } },
  'GET /v2/insights/dashboards/:id/results': { expected: { ...recruiter(200), viewer: 404 }, params: { id: DEMO_INSIGHTS.lumenDashboardId } },
  'POST /v2/insights/dashboards': { expected: permission(201, 201), request: () => json(NEW_DASHBOARD) },
  'PUT /v2/insights/dashboards/:id': {
    expected: permission(200),
    params: { id: DEMO_INSIGHTS.lumenDashboardId },
    request: async (app) => {
      const { name: _name, ...saved } = (await injectAs(app, DEMO_ACCOUNTS.owner.id, { method: 'GET', url: `/v2/insights/dashboards/${DEMO_INSIGHTS.lumenDashboardId}` })).json();
      return json({ ...saved, name: 'Matrix dashboard' });
    },
  },
  'POST /v2/insights/dashboards/:id/recruiters/:recruiterId/add': {
    expected: permission(200),
    params: { id: DEMO_INSIGHTS.lumenDashboardId, recruiterId: DEMO_ACCOUNTS.viewer.id },
  },
  'POST /v2/insights/dashboards/:id/recruiters/remove': {
    expected: permission(200),
    params: { id: DEMO_INSIGHTS.lumenDashboardId },
    request: () => json({ recruiterIds: [DEMO_ACCOUNTS.viewer.id] }),
  },
  // Each caller tries to delete a dashboard the owner just made.
  'DELETE /v2/insights/dashboards/:id': {
    expected: permission(204),
    prepares: true,
    params: { id: DEMO_INSIGHTS.lumenDashboardId },
    request: async (app) => ({ url: `/v2/insights/dashboards/${(await injectAs(app, DEMO_ACCOUNTS.owner.id, { method: 'POST', url: '/v2/insights/dashboards', payload: NEW_DASHBOARD })).json()._id}` }),
  },
  // The candidate page (issue 11): every recruiter of the company reads; notes need CANDIDATES:MANAGE,
  // the inline CV and interview videos CANDIDATES:SENSITIVE:READ (viewers have neither).
  'GET /v2/recruiter/openings/:openingId/candidates/:candidateId': { expected: recruiter(200), params: CANDIDATE_PAGE },
  'GET /v2/recruiter/openings/:openingId/candidates/:candidateId/notes': { expected: recruiter(200), params: CANDIDATE_PAGE },
  'POST /v2/recruiter/openings/:openingId/candidates/:candidateId/notes': { expected: permission(201), params: CANDIDATE_PAGE, request: () => json({ text: 'Matrix note' }) },
  'GET /v2/recruiter/openings/:openingId/candidates/:candidateId/files/:kind': {
    expected: permission(200),
    prepares: true,
    params: { ...CANDIDATE_PAGE, kind: 'cv' },
    request: async (app) => {
      await camilleApplies(app, FORM_PROCESS);
      return { url: `${camillePage}/files/cv` };
    },
  },
  'GET /v2/recruiter/openings/:openingId/candidates/:candidateId/interview-answers/:stepId/:questionId/video': {
    // A video is special-category content: CANDIDATES:SENSITIVE:READ, like the CV (viewers are refused).
    expected: permission(200),
    prepares: true,
    params: { ...CANDIDATE_PAGE, stepId: DEMO_STEPS.stepIds[1] ?? '', questionId: 'intro' },
    request: async (app) => ({ url: `${camillePage}/interview-answers/${await camilleAt(app, INTERVIEW_PROCESS, [ATTEMPT, CHUNK, FINISH])}/intro/video` }),
  },

  // The candidate portal (issue 12): the applicant's own record only (Camille's); recruiters and admins are refused.
  'GET /v2/applicants/candidatures': { expected: applicantOnly(200) },
  'GET /v2/candidates/:id': { expected: applicantOnly(200), params: CAMILLE },
  'PATCH /v2/candidates/:id': { expected: applicantOnly(200), params: CAMILLE, request: () => json({ phone: '+352 621 123 456' }) },
  'GET /v2/candidates/:id/pending-requests': { expected: applicantOnly(200), params: CAMILLE },
  'GET /v2/candidates/:id/consent': { expected: applicantOnly(200), params: CAMILLE },
  'POST /v2/candidates/:id/consent': { expected: applicantOnly(200), params: CAMILLE, request: () => json({ renew: true }) },
  'GET /v2/candidates/:id/data.zip': { expected: applicantOnly(200), params: CAMILLE },
  'POST /v2/candidates/:id/removal-request': { expected: applicantOnly(202), params: CAMILLE },
  // Links of the mails: public, the token is the proof (an unknown one is refused the same for everyone).
  'POST /v2/applicants/removedata/:token': { expected: publicRoute(404), params: { token: 'r'.repeat(43) } },
  'POST /v2/candidates/:id/pending-requests/:requestId/sign-in': {
    expected: publicRoute(401),
    params: { ...CAMILLE, requestId: DEMO_STEPS.applicationId },
    request: () => json({ token: 'q'.repeat(43) }),
  },
  'GET /v2/appointments/:token': { expected: publicRoute(404), params: { token: 'a'.repeat(43) } },
  'POST /v2/appointments/:token/book': { expected: publicRoute(404), params: { token: 'a'.repeat(43) }, request: () => json({ slot: '2030-01-01T09:00:00.000Z' }) },
  'POST /v2/appointments/:token/cancel': { expected: publicRoute(404), params: { token: 'a'.repeat(43) } },
  // The recruiter's side, from the candidate page: CANDIDATES:MANAGE; another company's candidate does not exist.
  'POST /v2/recruiter/candidates/:candidateId/requests': {
    expected: permission(201),
    params: { candidateId: DEMO_STEPS.candidateId },
    request: () => json({ applicationId: DEMO_STEPS.applicationId, kind: 'step', message: 'Matrix' }),
  },
  'GET /v2/recruiter/candidates/:candidateId/appointments': { expected: recruiter(200), params: { candidateId: DEMO_STEPS.candidateId } },
  'POST /v2/recruiter/candidates/:candidateId/appointments': {
    expected: permission(201),
    params: { candidateId: DEMO_STEPS.candidateId },
    request: () => json(matrixAppointment()),
  },
  // Each caller tries to cancel an appointment the owner just offered.
  'POST /v2/recruiter/appointments/:id/cancel': {
    expected: permission(200),
    prepares: true,
    params: { id: DEMO_STEPS.applicationId },
    request: async (app) => ({
      url: `/v2/recruiter/appointments/${(await injectAs(app, DEMO_ACCOUNTS.owner.id, { method: 'POST', url: `/v2/recruiter/candidates/${DEMO_STEPS.candidateId}/appointments`, payload: matrixAppointment() })).json()._id}/cancel`,
    }),
  },
};

/** The files of the minimal build the matrix and fuzz tests serve (path under dist/ -> content). */
export const MATRIX_DIST: Readonly<Record<string, string>> = {
  'host/index.html': '<!doctype html><html lang="en"><head><title>Recruitment</title></head><body><div id="root"></div></body></html>',
  'host/host.css': 'body{margin:0}',
  'widgets/rec-widgets.js': 'export {};',
};

/** `/v2/jobs/:id` with its params filled in. */
export function fillUrl(pattern: string, params: Readonly<Record<string, string>> = {}): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
    return encodeURIComponent(value);
  });
}
