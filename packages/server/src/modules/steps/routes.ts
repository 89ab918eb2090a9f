import { ERROR_KEYS, ObjectIdSchema, PERMISSIONS } from '@rec/core';
import { QUESTION_ID, STEP_ERROR_KEYS } from '@rec/core/steps';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@rec/core/files';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { authOrThrow, requirePermission, requireRole, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { declaredBytes, requireContentType, requireDeclaredSize, type UploadGuard } from '../../http/upload-guard';
import { validateRequest } from '../../http/validation';
import { type InterviewService, MAX_CHUNK_BYTES } from './interview';
import type { WithdrawalService } from '../withdrawal/service';
import type { StepAccess, StepService } from './service';

const StepParamsSchema = v.object({ id: ObjectIdSchema });
const stepParams = { schema: StepParamsSchema, errorKey: STEP_ERROR_KEYS.notFound, statusCode: 404 };
const OpeningParamsSchema = v.object({ opening_id: ObjectIdSchema });
type StepParams = v.InferOutput<typeof StepParamsSchema>;
const QuestionParamsSchema = v.object({ id: ObjectIdSchema, questionId: v.pipe(v.string(), v.regex(QUESTION_ID)) });
const AnswerParamsSchema = v.object({
  id: ObjectIdSchema,
  questionId: v.pipe(v.string(), v.regex(QUESTION_ID)),
  attempt: v.pipe(v.string(), v.regex(/^[1-9]$/), v.transform(Number)),
});
type AnswerParams = v.InferOutput<typeof AnswerParamsSchema>;
const FileQuerySchema = v.object({ questionId: v.pipe(v.string(), v.regex(QUESTION_ID)) });
const OffsetQuerySchema = v.object({ offset: v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number)) });

/** Paths an embedded `<rec-applicant-steps>` calls from a career site with its bearer token. */
const EMBEDDABLE = ['/v2/application-steps', '/v2/applicants/application'];

/**
 * The step flow's HTTP side. Candidates reach it with their applicant session (the host's
 * /applicant/steps pages) or with the bearer token the apply answer carried (the embedded
 * flow on a career site: `*` CORS without credentials, so no cookie ever rides along).
 */
export interface StepRoutesOptions {
  steps: StepService;
  interview: InterviewService;
  /** The shared upload guard (rates, free space) and the stores the step files and the answers go to. */
  guard: UploadGuard;
  stepFiles: { freeBytes(): Promise<number | undefined> };
  interviews: { freeBytes(): Promise<number | undefined> };
  withdrawal: WithdrawalService;
}

const MULTIPART = /^multipart\/form-data\b/i;
const OCTET_STREAM = /^application\/octet-stream\b/i;

/** The rate-limit key of a caller: one application's token, or one applicant's session. */
const credentialOf = (access: StepAccess) => (access.kind === 'token' ? `application:${access.companyId}:${access.applicationId}` : `applicant:${access.accountId}`);

export const stepRoutes: FastifyPluginAsync<StepRoutesOptions> = async (app, { steps, interview, guard, stepFiles, interviews, withdrawal }) => {
  /** Who the upload guard admitted, so the handler does not look the token up again. */
  const admitted = new WeakMap<FastifyRequest, StepAccess>();

  async function accessOf(request: FastifyRequest): Promise<StepAccess> {
    const known = admitted.get(request);
    if (known) return known;
    const header = request.headers.authorization;
    if (header !== undefined) {
      const match = /^Bearer ([A-Za-z0-9_-]{40,100})$/.exec(header.trim());
      const access = match ? await steps.accessOfToken(match[1]!) : undefined;
      if (!access) throw new HttpError(401, ERROR_KEYS.invalidToken);
      return access;
    }
    const auth = authOrThrow(request);
    if (auth.role !== 'applicant') throw new HttpError(403, ERROR_KEYS.forbidden);
    return { kind: 'applicant', accountId: auth.account.id, email: auth.account.email };
  }

  const embeddable = (request: FastifyRequest) => EMBEDDABLE.some((prefix) => request.url.startsWith(prefix));
  app.addHook('onRequest', async (request, reply) => {
    if (embeddable(request)) reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store');
  });
  const preflight = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, PUT, OPTIONS')
      .header('access-control-allow-headers', 'authorization, content-type, accept-language, x-upload-offset')
      .header('access-control-max-age', '600')
      .send();
  app.options('/v2/application-steps/*', preflight);
  app.options('/v2/applicants/application', preflight);
  app.options('/v2/applicants/applications/:id/withdraw', preflight);

  app.get('/v2/application-steps/next', { config: { apiDoc: { summary: "The application's next step", access: 'stepsToken' } } }, async (request) => steps.next(await accessOf(request)));

  const stepAction = (path: string, summary: string, run: (access: StepAccess, id: string, body: unknown) => Promise<unknown>) =>
    app.post<{ Params: StepParams }>(`/v2/application-steps/:id/${path}`, { config: { apiDoc: { summary, access: 'stepsToken' } }, preHandler: validateRequest({ params: stepParams }), bodyLimit: 256 * 1024 }, async (request) =>
      run(await accessOf(request), request.params.id, request.body),
    );
  stepAction('complete', 'Complete a step with its answers', (access, id, body) => steps.complete(access, id, body));
  stepAction('start', 'Start a step', (access, id) => steps.start(access, id));
  stepAction('relay-consent', 'Give or refuse consent to relay the application', (access, id, body) => steps.relayConsent(access, id, body));
  stepAction('assessment/answers', 'Answer the questions of an assessment', (access, id, body) => steps.answerAssessment(access, id, body));
  // Opening the questionnaire starts it (and a timed test's clock): a POST, never a cacheable GET.
  stepAction('assessment', 'Open an assessment (starts its clock)', (access, id) => steps.assessment(access, id));

  // The interview's answers, uploaded while recording (raw chunks at an offset, resumable).
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_CHUNK_BYTES }, (_request, body, done) => done(null, body));
  const answerParams = { schema: AnswerParamsSchema, errorKey: STEP_ERROR_KEYS.notFound, statusCode: 404 };
  const answerPath = '/v2/application-steps/:id/interview/:questionId/attempts';
  app.post<{ Params: { id: string; questionId: string } }>(answerPath, { config: { apiDoc: { summary: 'Start recording an answer to an interview question', access: 'stepsToken' } }, preHandler: validateRequest({ params: { ...answerParams, schema: QuestionParamsSchema } }) }, async (request) =>
    interview.startAttempt(await accessOf(request), request.params.id, request.params.questionId),
  );
  app.get<{ Params: AnswerParams }>(`${answerPath}/:attempt`, { config: { apiDoc: { summary: 'How much of a recorded answer was received', access: 'stepsToken' } }, preHandler: validateRequest({ params: answerParams }) }, async (request) =>
    interview.status(await accessOf(request), request.params.id, request.params.questionId, request.params.attempt),
  );
  /** Everything that can refuse a chunk, before its body is read (issue 24, H1 and H2). */
  async function admitChunk(request: FastifyRequest): Promise<void> {
    const params = v.safeParse(AnswerParamsSchema, request.params);
    if (!params.success) throw new HttpError(404, STEP_ERROR_KEYS.notFound);
    const access = await accessOf(request);
    if (!v.is(OffsetQuerySchema, request.query)) throw new HttpError(400, ERROR_KEYS.invalidQuery);
    requireContentType(request, OCTET_STREAM);
    requireDeclaredSize(request, MAX_CHUNK_BYTES, 0);
    await guard.requireRate(request, credentialOf(access));
    await guard.requireFreeSpace(request, interviews);
    const { id, questionId, attempt } = params.output;
    await interview.admitChunk(access, id, questionId, attempt, declaredBytes(request) ?? 1);
    admitted.set(request, access);
  }
  app.put<{ Params: AnswerParams; Querystring: { offset: number } }>(
    `${answerPath}/:attempt`,
    {
      config: { apiDoc: { summary: 'Upload a chunk of a recorded answer at an offset', access: 'stepsToken' }, upload: { kind: 'interview-chunk', admit: admitChunk } },
      preHandler: validateRequest({ params: answerParams, query: { schema: OffsetQuerySchema, errorKey: ERROR_KEYS.invalidQuery } }),
      bodyLimit: MAX_CHUNK_BYTES,
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new HttpError(415, ERROR_KEYS.unsupportedMediaType);
      return interview.appendChunk(await accessOf(request), request.params.id, request.params.questionId, request.params.attempt, request.query.offset, request.body);
    },
  );
  app.post<{ Params: AnswerParams }>(`${answerPath}/:attempt/finish`, { config: { apiDoc: { summary: 'Finish a recorded answer', access: 'stepsToken' } }, preHandler: validateRequest({ params: answerParams }) }, async (request) =>
    interview.finish(await accessOf(request), request.params.id, request.params.questionId, request.params.attempt),
  );

  // Files of the form's file questions (multipart `file`, at most 10 MB like every upload).
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3, headerPairs: 50 } });
  /** Everything that can refuse a step's file, before its body is read (issue 24, H1 and H2). */
  async function admitStepFile(request: FastifyRequest): Promise<void> {
    const params = v.safeParse(StepParamsSchema, request.params);
    if (!params.success) throw new HttpError(404, STEP_ERROR_KEYS.notFound);
    const access = await accessOf(request);
    const query = v.safeParse(FileQuerySchema, request.query);
    if (!query.success) throw new HttpError(400, ERROR_KEYS.invalidQuery);
    requireContentType(request, MULTIPART);
    requireDeclaredSize(request, MAX_UPLOAD_BYTES);
    await guard.requireRate(request, credentialOf(access));
    await guard.requireFreeSpace(request, stepFiles);
    await steps.admitFormFile(access, params.output.id, query.output.questionId);
    admitted.set(request, access);
  }
  app.post<{ Params: StepParams; Querystring: { questionId: string } }>(
    '/v2/application-steps/:id/files',
    {
      config: { apiDoc: { summary: 'Upload a file a step asks for', access: 'stepsToken' }, upload: { kind: 'step-file', admit: admitStepFile } },
      preHandler: validateRequest({ params: stepParams, query: { schema: FileQuerySchema, errorKey: ERROR_KEYS.invalidQuery } }),
    },
    async (request, reply) => {
      const access = await accessOf(request);
      const part = await request.file();
      if (part?.fieldname !== 'file') throw new HttpError(400, ERROR_KEYS.badRequest);
      const bytes = await part.toBuffer();
      const answer = await steps.uploadFormFile(access, request.params.id, request.query.questionId, part.filename.slice(-255), bytes);
      return reply.code(201).send(answer);
    },
  );

  app.get('/v2/applicants/application', { config: { apiDoc: { summary: 'The application the steps are for', access: 'stepsToken' } } }, async (request) => steps.application(await accessOf(request)));
  // "Withdraw this application": the signed-in candidate (any of theirs) or the steps token (its own).
  app.post<{ Params: StepParams }>('/v2/applicants/applications/:id/withdraw', { config: { apiDoc: { summary: 'Withdraw an application', access: 'stepsToken' } }, preHandler: validateRequest({ params: { ...stepParams, errorKey: STEP_ERROR_KEYS.applicationNotFound } }) }, async (request) =>
    withdrawal.withdraw(await accessOf(request), request.params.id),
  );
  app.post(
    '/v2/applicants/login',
    { config: { apiDoc: { summary: 'Continue the steps of an application as the signed-in applicant' } }, preHandler: [requireRole('applicant'), validateRequest({ body: { schema: v.object({ _applicantId: ObjectIdSchema }), errorKey: ERROR_KEYS.badRequest } })] },
    async (request) => steps.login(await accessOf(request), (request.body as { _applicantId: string })._applicantId),
  );

  // Recruiters: the process of an opening (the wizard's "Steps" section) and the company default.
  const openingParams = { schema: OpeningParamsSchema, errorKey: ERROR_KEYS.openingNotFound, statusCode: 404 };
  app.get<{ Params: { opening_id: string } }>('/v2/jobs/:opening_id/process', { config: { apiDoc: { summary: "An opening's hiring process" } }, preHandler: [requireRole('recruiter'), validateRequest({ params: openingParams })] }, async (request) =>
    steps.openingProcess(tenantOf(authOrThrow(request)), request.params.opening_id),
  );
  app.put<{ Params: { opening_id: string } }>(
    '/v2/jobs/:opening_id/process',
    { config: { apiDoc: { summary: "Change an opening's hiring process" } }, preHandler: [requireRole('recruiter'), requirePermission(PERMISSIONS.openingsManage), validateRequest({ params: openingParams })], bodyLimit: 256 * 1024 },
    async (request) => steps.saveOpeningProcess(tenantOf(authOrThrow(request)), request.params.opening_id, request.body),
  );
  app.get('/v2/companies/settings/process', { config: { apiDoc: { summary: "The company's default hiring process" } }, preHandler: requireRole('recruiter') }, async (request) => steps.companyProcess(tenantOf(authOrThrow(request))));
  app.put(
    '/v2/companies/settings/process',
    { config: { apiDoc: { summary: "Change the company's default hiring process" } }, preHandler: [requireRole('recruiter'), requirePermission(PERMISSIONS.openingsManage)], bodyLimit: 256 * 1024 },
    async (request) => steps.saveCompanyProcess(tenantOf(authOrThrow(request)), request.body),
  );
};
