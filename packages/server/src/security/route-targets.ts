import type { Process } from '@rec/core/steps';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { DEMO, DEMO_PREFIX, demoId } from '../seed/demo-ids';
import { DEMO_OPENING_IDS } from '../seed/demo-openings';
import { DEMO_STEPS } from '../seed/demo-steps';
import { pngBytes } from '../testing/png';
import { multipartFile, SMALL_PDF } from '../testing/multipart';
import { camilleAt, injectAs, WEBM_HEAD } from './applicant-flow';
import type { Caller } from './access-classes';

// What the route matrix's requests aim at (route-access.ts): the demo data's Lumen rows, and
// fresh rows made per caller so an allowed write never changes the demo accounts.

/** A fresh logo of Lumen's, made by its owner (the logo routes' target). */
export async function lumenLogo(app: FastifyInstance): Promise<string> {
  const payload = { name: `Target ${Date.now()} ${Math.random()}`.slice(0, 40), file: { base64: pngBytes(40, 20).toString('base64'), type: 'image/png' } };
  return (await injectAs(app, DEMO_ACCOUNTS.owner.id, { method: 'POST', url: '/v2/companies/settings/logos', payload })).json()._id;
}

/** A receiver nobody listens on (connection refused at once): a delivery the matrix queues fails fast. */
export const MATRIX_WEBHOOK_URL = 'https://127.0.0.1:9/matrix-hook';

/** A webhook endpoint of Lumen's (the first one, or a new one): endpoints are capped per company, so they are reused. */
export async function lumenWebhook(app: FastifyInstance): Promise<string> {
  const listed = (await injectAs(app, DEMO_ACCOUNTS.owner.id, { method: 'GET', url: '/v2/companies/settings/webhooks' })).json() as Array<{ id: string }>;
  if (listed[0]) return listed[0].id;
  const payload = { url: MATRIX_WEBHOOK_URL, events: ['posting.closed'], active: false };
  return (await injectAs(app, DEMO_ACCOUNTS.owner.id, { method: 'POST', url: '/v2/companies/settings/webhooks', payload })).json().endpoint.id;
}

/** A delivery of Lumen's endpoint (a test event queued for it). */
export async function lumenWebhookDelivery(app: FastifyInstance): Promise<{ id: string; deliveryId: string }> {
  const id = await lumenWebhook(app);
  const delivery = (await injectAs(app, DEMO_ACCOUNTS.owner.id, { method: 'POST', url: `/v2/companies/settings/webhooks/${id}/test` })).json() as { id: string };
  return { id, deliveryId: delivery.id };
}

export const PUBLISHED = DEMO_OPENING_IDS.published;
export const PUBLISHED_POSTING = demoId(DEMO_PREFIX.posting, 0x62);
export const ARCHIVED_RETAINED_POSTING = demoId(DEMO_PREFIX.posting, 0x65);
export const SAMPLE_POSTING = demoId(DEMO_PREFIX.posting, 0x01);
export const json = (payload: object) => ({ payload });
/** A browser asking for a page. */
export const page = (url: string) => ({ url, headers: { accept: 'text/html' } });
/** Sign-in and link requests are limited per email: each caller asks for its own (unknown) address. */
export const unknownEmail = (caller: Caller) => `nobody.${caller}.${Date.now()}@example.com`;
export const uploadQuery = `scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`;
export const NEW_DASHBOARD = { name: 'Matrix dashboard', color: '#1E6FD9FF', panels: [] };
export const START = { method: 'POST', url: '/v2/application-steps/:id/start' } as const;
export const CONSENT = { method: 'POST', url: '/v2/application-steps/:id/relay-consent', payload: { consent: true } } as const;
export const OPEN_ASSESSMENT = { method: 'POST', url: '/v2/application-steps/:id/assessment' } as const;
export const ATTEMPT = { method: 'POST', url: '/v2/application-steps/:id/interview/intro/attempts' } as const;
export const CHUNK = { method: 'PUT', url: '/v2/application-steps/:id/interview/intro/attempts/1?offset=0', payload: WEBM_HEAD, headers: { 'content-type': 'application/octet-stream' } } as const;


// --- team, account and admin fixtures (issue 13): fresh rows, so an allowed write never changes the demo accounts ---

let fixtureCount = 0;
export const fixtureEmail = (what: string) => {
  fixtureCount += 1;
  return `matrix.${what}.${Date.now()}.${fixtureCount}@lumen.example`;
};
/** 24 hex digits, unique per call (an invitation's id). */
const fixtureId = () => {
  fixtureCount += 1;
  return `${Date.now().toString(16).padStart(12, '0')}${fixtureCount.toString(16).padStart(12, '0')}`.slice(-24);
};

/** A Lumen talent pool, fresh for each caller (issue 13); `withCamille` puts the demo candidate in it. */
export async function lumenPool(app: FastifyInstance, withCamille = false): Promise<string> {
  const id = (await injectAs(app, DEMO_ACCOUNTS.owner.id, { method: 'POST', url: '/v2/talent-pools', payload: { name: poolName() } })).json()._id as string;
  if (withCamille) await injectAs(app, DEMO_ACCOUNTS.owner.id, { method: 'PUT', url: `/v2/talent-pools/${id}/candidates/${DEMO_STEPS.candidateId}` });
  return id;
}
export const poolName = () => `Matrix pool ${fixtureId()}`;

/** A pending invitation to Lumen, fresh for each caller. */
export async function freshInvitation(app: FastifyInstance): Promise<string> {
  const id = fixtureId();
  await app.accounts.auth.createInvitation({ companyId: DEMO.companyId, email: fixtureEmail('invitee'), role: 'recruiter', id });
  return id;
}

/** A Lumen recruiter account, fresh for each caller (to re-role or remove). */
export async function freshRecruiter(app: FastifyInstance): Promise<string> {
  const { invitationLink } = await app.accounts.auth.createInvitation({ companyId: DEMO.companyId, email: fixtureEmail('member'), role: 'recruiter' });
  const { account } = await app.accounts.auth.acceptInvitation({ invitationLink, firstName: 'Matrix', lastName: 'Member', password: 'matrix-password-2026' });
  return account.id;
}

/** A company created by the demo admin, fresh for each caller (to suspend or reactivate). */
export async function freshCompany(app: FastifyInstance): Promise<string> {
  // A complete session: the demo admin of the test databases has its second factor (testing/test-seed.ts).
  const { token } = await app.accounts.sessions.create(DEMO_ACCOUNTS.admin.id, null, { factorProven: true });
  const response = await app.inject({
    method: 'POST',
    url: '/v2/admin/companies',
    // Same host and origin: the same-origin check of cookie writes passes whatever PUBLIC_URL is.
    headers: { cookie: `rec_session=${token}`, host: 'matrix.test', origin: 'http://matrix.test' },
    payload: { name: 'Matrix company', language: 'en', ownerEmail: fixtureEmail('owner') },
  });
  return (response.json() as { _id: string })._id;
}
/** A tiny real PNG (1x1), base64. */
export const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** Each caller keeps their own demo name. */
export const NAME_OF: Record<Caller, { firstName: string; lastName: string }> = {
  anonymous: { firstName: 'Any', lastName: 'One' },
  applicant: { firstName: DEMO_ACCOUNTS.applicant.firstName, lastName: DEMO_ACCOUNTS.applicant.lastName },
  admin: { firstName: DEMO_ACCOUNTS.admin.firstName, lastName: DEMO_ACCOUNTS.admin.lastName },
  viewer: { firstName: DEMO_ACCOUNTS.viewer.firstName, lastName: DEMO_ACCOUNTS.viewer.lastName },
  otherOwner: { firstName: DEMO_ACCOUNTS.otherOwner.firstName, lastName: DEMO_ACCOUNTS.otherOwner.lastName },
  owner: { firstName: DEMO_ACCOUNTS.owner.firstName, lastName: DEMO_ACCOUNTS.owner.lastName },
};

/**
 * `/v2/application-steps/<id>/<path>`: for the applicant, on a fresh application of hers advanced
 * by `calls`; the others are refused before any step is looked at (Camille's demo step stands in).
 */
export async function stepRequest(app: FastifyInstance, caller: Caller, process: Process, calls: readonly InjectOptions[], path: string): Promise<{ url: string }> {
  const stepId = caller === 'applicant' ? await camilleAt(app, process, calls) : (DEMO_STEPS.stepIds[1] ?? '');
  return { url: `/v2/application-steps/${stepId}/${path}` };
}
/** Path params of the step routes, for the fuzz test's spoiled params: Camille's demo interview. */
export const STEP_PARAMS = { id: DEMO_STEPS.stepIds[1] ?? '', questionId: 'intro', attempt: '1' };
let uploads = 0;
/** Camille's candidate record at Lumen: the matrix's applicant reads her own. */
export const CAMILLE = { id: DEMO_STEPS.candidateId };
/** Two slots a week ahead of whenever the matrix runs. */
export const matrixAppointment = () => ({
  applicationId: DEMO_STEPS.applicationId,
  durationMinutes: 30,
  videoUrl: 'https://meet.example/lumen',
  slots: [new Date(Date.now() + 7 * 86_400_000).toISOString(), new Date(Date.now() + 8 * 86_400_000).toISOString()],
});

/** A CV uploaded to the sample offer, each from its own address (the upload route is limited per IP). */
export async function uploadCv(app: FastifyInstance): Promise<{ url: string; name: string }> {
  uploads += 1;
  const response = await app.inject({
    method: 'POST',
    url: `/v2/storage?${uploadQuery}`,
    remoteAddress: `10.77.${(uploads >> 8) & 255}.${uploads & 255}`,
    ...multipartFile('file', 'cv.pdf', SMALL_PDF),
  });
  if (response.statusCode !== 201) throw new Error(`CV upload for the matrix failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The candidate page of Camille's newest application to the sample offer (made by camilleApplies/camilleAt). */
const SAMPLE_OPENING = demoId(DEMO_PREFIX.opening, 0x01);
export const CANDIDATE_PAGE = { openingId: DEMO_STEPS.openingId, candidateId: DEMO_STEPS.candidateId };
export const camillePage = `/v2/recruiter/openings/${SAMPLE_OPENING}/candidates/${DEMO_STEPS.candidateId}`;
export const FINISH = { method: 'POST', url: '/v2/application-steps/:id/interview/intro/attempts/1/finish' } as const;
