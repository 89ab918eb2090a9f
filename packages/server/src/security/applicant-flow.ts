import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Process } from '@rec/core/steps';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { DEMO } from '../seed/demo-ids';
import { OWN_ORIGIN } from '../testing/auth-helpers';
import { multipartFile, SMALL_PDF } from '../testing/multipart';

/**
 * Step-flow data for the matrix's applicant caller (Camille): she applies again to the sample
 * offer, whose opening follows the company's default process, and makes that application her
 * current one. Each step-flow entry so starts from a known state instead of depending on what
 * the routes tested before did to her demo application.
 */

/** A form with a required yes/no and an optional PDF question. */
export const FORM_PROCESS: Process = {
  steps: [
    {
      product: 'application-form',
      config: {
        questions: [
          { id: 'licence', type: 'yesNo', label: { en: 'Do you hold a driving licence?' }, required: true },
          { id: 'certificate', type: 'file', label: { en: 'A certificate (PDF)' }, required: false, extensions: 'PDF' },
        ],
      },
    },
  ],
};
/** A one-question video interview with one retake. */
export const INTERVIEW_PROCESS: Process = {
  steps: [{ product: 'interview', config: { questions: [{ id: 'intro', text: { en: 'Introduce yourself.' } }], thinkSeconds: 20, answerSeconds: 60, retakes: 1 } }],
};
/** The built-in personality questionnaire alone. */
export const SHAPE_PROCESS: Process = { steps: [{ product: 'shape', config: { provider: 'builtin' } }] };
/** Answers to every question of the built-in questionnaire. */
export const SHAPE_ANSWERS = Object.fromEntries(['e', 'a', 'c', 'n', 'o'].flatMap((trait) => [`shape-${trait}1`, `shape-${trait}2`]).map((id) => [id, 3]));
/** The first bytes of a WebM file (EBML header): what an interview answer must start with. */
export const WEBM_HEAD = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81]);

let flows = 0;

/** A request as `accountId`, from its own address (the public routes are limited per IP). */
export async function injectAs(app: FastifyInstance, accountId: string | undefined, options: InjectOptions) {
  flows += 1;
  const headers: Record<string, string> = { origin: OWN_ORIGIN, ...(options.headers as Record<string, string> | undefined) };
  if (accountId) headers.cookie = `rec_session=${(await app.accounts.sessions.create(accountId)).token}`;
  const response = await app.inject({ ...options, headers, remoteAddress: `10.88.${(flows >> 8) & 255}.${flows & 255}` });
  if (response.statusCode >= 300) throw new Error(`step-flow preparation ${options.method} ${options.url} failed: ${response.statusCode} ${response.body}`);
  return response;
}

/** Camille's new current application following `process`; returns its step ids. */
export async function camilleApplies(app: FastifyInstance, process: Process): Promise<string[]> {
  await injectAs(app, DEMO_ACCOUNTS.owner.id, { method: 'PUT', url: '/v2/companies/settings/process', payload: process });
  const upload = `scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`;
  const cv = (await injectAs(app, undefined, { method: 'POST', url: `/v2/storage?${upload}`, ...multipartFile('file', 'cv.pdf', SMALL_PDF) })).json();
  const camille = DEMO_ACCOUNTS.applicant;
  const applied = await injectAs(app, undefined, {
    method: 'POST',
    url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
    payload: { submissionId: `matrix-steps-${Date.now()}-${flows}`, firstName: camille.firstName, lastName: camille.lastName, email: camille.email, cv, gdprConsent: true },
  });
  const bearer = { authorization: `Bearer ${applied.json().stepsToken}` };
  const application = (await injectAs(app, undefined, { method: 'GET', url: '/v2/applicants/application', headers: bearer })).json();
  await injectAs(app, camille.id, { method: 'POST', url: '/v2/applicants/login', payload: { _applicantId: application._id } });
  const next = (await injectAs(app, undefined, { method: 'GET', url: '/v2/application-steps/next', headers: bearer })).json();
  return next.steps.map((step: { _id: string }) => step._id);
}

/** Camille's steps advanced by `calls` (as her, with `:id` the first step). */
export async function camilleAt(app: FastifyInstance, process: Process, calls: readonly InjectOptions[] = []): Promise<string> {
  const [stepId = ''] = await camilleApplies(app, process);
  for (const call of calls) await injectAs(app, DEMO_ACCOUNTS.applicant.id, { ...call, url: (call.url as string).replace(':id', stepId) });
  return stepId;
}
