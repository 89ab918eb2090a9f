import { ERROR_KEYS, type ErrorKey, type LocalizedText, toLocale } from '@rec/core';
import {
  answerFromApplication,
  type ApplicantApplication,
  type ApplicationStep,
  type FormAnswer,
  type FormQuestion,
  openQuestions,
  type FileAnswer,
  ApplicationFormConfigSchema,
  canTransition,
  DEFAULT_PROCESS,
  FormAnswersSchema,
  formAnswerProblems,
  InterviewConfigSchema,
  isAssessmentProduct,
  isStepProduct,
  isStepStatus,
  type NextStepAnswer,
  type Process,
  ProcessSchema,
  STEP_ERROR_KEYS,
  type StepErrorKey,
  type StepStatus,
} from '@rec/core/steps';
import * as v from 'valibot';
import { newId } from '../../db/ids';
import type { EventBus } from '../../events/event-bus';
import { FieldsError, HttpError } from '../../http/errors';
import { addMs, type Clock, MINUTE, newToken, tokenHash } from '../auth/tokens';
import { companyTheme } from '../branding/service';
import { recogniseContent } from '../storage/file-content';
import type { FileStorage } from '../storage/file-storage';
import { checkUploadFile, FILE_EXTENSIONS, fileExtension } from '@rec/core/files';
import type { AssessmentContent, AssessmentProvider } from './assessment-provider';
import type { CandidateApplicationRow, StepRepository, StepRow } from './repository';
import type { UploadLimits } from '../../config';
import { type Holding, requireRoom } from '../../http/upload-guard';
import type { StepUploadRepository } from './upload-holdings';

/** The step flow's upload bounds and what an application holds (the shared upload guard's numbers). */
export interface StepUploadBounds {
  limits: UploadLimits;
  holdings: StepUploadRepository['holdings'];
}

/** Who asks: a signed-in applicant (any of their applications), or an embedded page's bearer token (one application). */
export type StepAccess = { kind: 'applicant'; accountId: string; email: string } | { kind: 'token'; companyId: string; applicationId: string };

/** How long the embedded flow's bearer token lives: a sitting, not a day (the magic link is the way back later). */
export const STEP_TOKEN_MINUTES = 120;

export type ApplicationRef = { companyId: string; applicationId: string };

export type StepService = ReturnType<typeof createStepService>;

export function createStepService(deps: { repository: StepRepository; events: EventBus; provider: AssessmentProvider; now: Clock; files: FileStorage; uploads: StepUploadBounds }) {
  const { repository, events, provider, now, files, uploads } = deps;
  const { limits } = uploads;

  const notFound = () => new HttpError(404, STEP_ERROR_KEYS.notFound);
  const conflict = () => new HttpError(409, STEP_ERROR_KEYS.invalidTransition);

  /** The process of the opening, else the company's default, else the application form alone. */
  async function processFor(companyId: string, openingId: string | undefined): Promise<Process> {
    const stored = (openingId && (await repository.openingProcess(companyId, openingId))) || (await repository.companyProcess(companyId));
    const parsed = v.safeParse(ProcessSchema, stored);
    return parsed.success ? parsed.output : DEFAULT_PROCESS;
  }

  async function createSteps(companyId: string, applicationId: string): Promise<void> {
    const origin = await repository.applicationOrigin(companyId, applicationId);
    const process = await processFor(companyId, origin?.openingId);
    await repository.insertSteps(
      companyId,
      applicationId,
      process.steps.map((step) => ({
        id: newId(now()),
        product: step.product,
        config: step.config as Record<string, unknown>,
        ...(step.product === 'application-form' ? { progress: prefilledProgress(step.config.questions, origin?.form ?? {}) } : {}),
      })),
    );
  }

  /**
   * A step with nothing left to ask (no questions, or all answered by the apply form) is not a
   * page: it is completed here, as DONE with the answers it has, and the flow moves on (issue 25).
   */
  async function skipEmptySteps(ref: ApplicationRef, rows: StepRow[]): Promise<void> {
    for (const step of rows) {
      if (step.status === 'DONE') continue;
      if (step.product !== 'application-form') return;
      const config = v.safeParse(ApplicationFormConfigSchema, step.config);
      if (!config.success || openQuestions(config.output.questions, prefilledOf(step)).length) return;
      try {
        await finish(ref, step, rows, { progress: { ...step.progress, skipped: true } });
      } catch (error) {
        // Another request skipped it first: read again rather than fail the candidate's page.
        if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
        step.status = 'DONE';
      }
    }
  }

  /** The application the request works on. An applicant's is the one chosen with login, else their newest. */
  async function applicationOf(access: StepAccess): Promise<ApplicationRef> {
    if (access.kind === 'token') return { companyId: access.companyId, applicationId: access.applicationId };
    const current = await repository.currentApplication(access.accountId);
    // The choice is re-checked against the e-mail: the candidate record may have changed hands since.
    if (current && (await repository.applicationOfEmail(access.email, current.application_id))) {
      return { companyId: current.company_id, applicationId: current.application_id };
    }
    const [newest] = await repository.applicationsOfEmail(access.email);
    if (!newest) throw new HttpError(404, STEP_ERROR_KEYS.applicationNotFound);
    return { companyId: newest.company_id, applicationId: newest.id };
  }

  async function stepsOf(ref: ApplicationRef): Promise<StepRow[]> {
    let rows = await repository.listSteps(ref.companyId, ref.applicationId);
    // Applications older than the step flow (or whose creation hook failed) get their steps now.
    if (rows.length === 0) {
      await createSteps(ref.companyId, ref.applicationId);
      rows = await repository.listSteps(ref.companyId, ref.applicationId);
    }
    await skipEmptySteps(ref, rows);
    return rows;
  }

  /** The candidate's own step; another candidate's (or another application's) is 404. */
  async function ownStep(access: StepAccess, stepId: string): Promise<{ ref: ApplicationRef; step: StepRow; rows: StepRow[] }> {
    const ref = await applicationOf(access);
    // A withdrawn application's steps stopped: nothing moves any more.
    if (await repository.isWithdrawn(ref.companyId, ref.applicationId)) throw new HttpError(409, STEP_ERROR_KEYS.withdrawn);
    const rows = await stepsOf(ref);
    const step = rows.find((row) => row.id === stepId);
    if (!step) throw notFound();
    return { ref, step, rows };
  }

  /** A step of the flow is worked on in order: only the first one not DONE accepts changes. */
  function requireCurrent(step: StepRow, rows: StepRow[]): void {
    const current = rows.find((row) => row.status !== 'DONE');
    if (!current || current.id !== step.id) throw conflict();
  }

  async function move(step: StepRow, to: StepStatus, patch: Parameters<StepRepository['moveStep']>[4] = {}): Promise<void> {
    if (!isStepProduct(step.product) || !isStepStatus(step.status) || !canTransition(step.product, step.status, to)) throw conflict();
    if (!(await repository.moveStep(step.company_id, step.id, step.status, to, patch))) throw conflict();
    step.status = to;
  }

  async function finish(ref: ApplicationRef, step: StepRow, rows: StepRow[], patch: Parameters<StepRepository['moveStep']>[4] = {}): Promise<{ finished: boolean }> {
    await move(step, 'DONE', { ...patch, finished: true });
    const finished = rows.every((row) => row.id === step.id || row.status === 'DONE');
    await events.emit({ type: 'APPLICATION_STEP_FINISHED', companyId: ref.companyId, applicationId: ref.applicationId, stepId: step.id, product: step.product, finished });
    return { finished };
  }

  /** The form step and file question a file is for: the candidate's own current form step (404, 409 otherwise). */
  async function formFileTarget(access: StepAccess, stepId: string, questionId: string) {
    const { ref, step, rows } = await ownStep(access, stepId);
    requireCurrent(step, rows);
    if (step.product !== 'application-form') throw conflict();
    const question = v.parse(ApplicationFormConfigSchema, step.config).questions.find((item) => item.id === questionId && item.type === 'file');
    if (!question) throw notFound();
    return { ref, step, question };
  }

  /** 413 `upload.limitReached` when one more file of `bytes` would pass the step's or the application's bounds. */
  async function requireFileRoom(ref: ApplicationRef, stepId: string, bytes: number): Promise<void> {
    const held = await uploads.holdings(ref.companyId, ref.applicationId);
    const none: Holding = { count: 0, bytes: 0 };
    requireRoom(held.steps.get(stepId) ?? none, { count: limits.perStepCount, bytes: limits.perStepBytes }, bytes);
    requireRoom(held.application, { count: limits.perApplicationCount, bytes: limits.perApplicationBytes }, bytes);
  }

  function assessmentStep(step: StepRow) {
    if (!isAssessmentProduct(step.product)) throw conflict();
    return { id: step.id, product: step.product, progress: step.progress };
  }

  return {
    createSteps,

    /** GET /v2/application-steps/next: every step, and the current one (null when all are DONE, or withdrawn). */
    async next(access: StepAccess): Promise<NextStepAnswer> {
      const ref = await applicationOf(access);
      if (await repository.isWithdrawn(ref.companyId, ref.applicationId)) {
        return { steps: (await repository.listSteps(ref.companyId, ref.applicationId)).map(toApplicationStep), step: null, withdrawn: true };
      }
      const steps = (await stepsOf(ref)).map(toApplicationStep);
      return { steps, step: steps.find((step) => step.stepConfig.status !== 'DONE') ?? null };
    },

    /** The application `applicationId` when the caller may act on it: the token's own, or one of the signed-in candidate's (else 404). */
    async ownApplication(access: StepAccess, applicationId: string): Promise<ApplicationRef> {
      if (access.kind === 'token') {
        if (access.applicationId !== applicationId) throw new HttpError(404, STEP_ERROR_KEYS.applicationNotFound);
        return { companyId: access.companyId, applicationId };
      }
      const row = await repository.applicationOfEmail(access.email, applicationId);
      if (!row) throw new HttpError(404, STEP_ERROR_KEYS.applicationNotFound);
      return { companyId: row.company_id, applicationId: row.id };
    },

    /**
     * POST /v2/application-steps/{id}/complete. The form checks its answers (spec §5 rules);
     * the interview needs every answer uploaded; an assessment needs the candidate's permission
     * to share the result (`shareResult: true`) while it waits for it.
     */
    async complete(access: StepAccess, stepId: string, body: unknown): Promise<{ finished: boolean }> {
      const { ref, step, rows } = await ownStep(access, stepId);
      requireCurrent(step, rows);
      const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      if (step.product === 'application-form') {
        const config = v.parse(ApplicationFormConfigSchema, step.config);
        const parsed = v.safeParse(FormAnswersSchema, input.answers ?? {});
        if (!parsed.success) throw new HttpError(400, STEP_ERROR_KEYS.answers);
        // The questions the apply form answered are not asked again: their answers stay as prefilled.
        const asked = openQuestions(config.questions, prefilledOf(step));
        const problems = formAnswerProblems(asked, parsed.output);
        // A file answer must name a file this step stored for that very question.
        const stored = (step.progress.files ?? {}) as Record<string, { questionId: string }>;
        for (const question of asked) {
          const answer = parsed.output[question.id];
          if (question.type === 'file' && answer && typeof answer === 'object' && !Array.isArray(answer) && stored[(answer as FileAnswer).fileId]?.questionId !== question.id) {
            problems[question.id] ??= STEP_ERROR_KEYS.answers;
          }
        }
        if (Object.keys(problems).length) throw new FieldsError(problems);
        const known = new Set(asked.map((question) => question.id));
        const answers = { ...((step.progress.answers ?? {}) as Record<string, unknown>), ...Object.fromEntries(Object.entries(parsed.output).filter(([id]) => known.has(id))) };
        return finish(ref, step, rows, { progress: { ...step.progress, answers } });
      }
      if (step.product === 'interview') {
        const config = v.parse(InterviewConfigSchema, step.config);
        const answered = (step.progress.answered ?? {}) as Record<string, unknown>;
        if (!config.questions.every((question) => answered[question.id])) throw new HttpError(409, STEP_ERROR_KEYS.notFinished);
        return finish(ref, step, rows);
      }
      if (step.status !== 'PERMISSION_REQUIRED') throw conflict();
      if (input.shareResult !== true) throw new HttpError(400, STEP_ERROR_KEYS.permissionRequired);
      return finish(ref, step, rows, { progress: { ...step.progress, sharedAt: now().toISOString() } });
    },

    /**
     * A file for a file question of the current form step: the extension must be in the
     * question's set and the bytes must be what the extension says (magic numbers). Kept on the
     * step (not among the apply form's uploads, which are swept when no application takes them).
     */
    async uploadFormFile(access: StepAccess, stepId: string, questionId: string, name: string, bytes: Buffer): Promise<FileAnswer> {
      const { ref, step, question } = await formFileTarget(access, stepId, questionId);
      await requireFileRoom(ref, step.id, bytes.length);
      const problem = checkUploadFile({ name, size: bytes.length }, FILE_EXTENSIONS[question.extensions ?? 'CV']);
      if (problem?.key === 'offerPage.maxFileSize') throw new HttpError(bytes.length ? 413 : 400, bytes.length ? ERROR_KEYS.payloadTooLarge : ERROR_KEYS.badRequest);
      const extension = fileExtension(name);
      const content = recogniseContent(bytes);
      if (problem || !content?.extensions.includes(extension)) throw new HttpError(415, ERROR_KEYS.unsupportedMediaType);
      // Written under a temporary name, readable only once the progress naming it is saved.
      const staged = await files.stage(step.company_id, bytes, extension);
      const fileId = newId(now());
      const stored = { ...((step.progress.files ?? {}) as Record<string, unknown>), [fileId]: { key: staged.key, name, contentType: content.type, size: bytes.length, questionId } };
      try {
        await repository.saveProgress(step.company_id, step.id, { ...step.progress, files: stored });
      } catch (error) {
        await staged.discard();
        throw error;
      }
      await staged.commit();
      if (step.status === 'PENDING') await move(step, 'STARTED', { started: true });
      return { fileId, name };
    },

    /** Before a file's body is read (the upload guard): the target exists and there is room for one more file. */
    async admitFormFile(access: StepAccess, stepId: string, questionId: string): Promise<void> {
      const { ref, step } = await formFileTarget(access, stepId, questionId);
      await requireFileRoom(ref, step.id, 1);
    },

    /** 413 when the application's steps already hold their bound of files and bytes (an interview answer counts as a file). */
    async requireApplicationRoom(ref: ApplicationRef, bytes: number, newFile: boolean): Promise<void> {
      const held = await uploads.holdings(ref.companyId, ref.applicationId);
      requireRoom(held.application, { count: limits.perApplicationCount, bytes: limits.perApplicationBytes }, bytes, newFile);
    },

    /** The form and the interview: PENDING -> STARTED when the candidate begins (idempotent). */
    async start(access: StepAccess, stepId: string): Promise<{ status: StepStatus }> {
      const { step, rows } = await ownStep(access, stepId);
      requireCurrent(step, rows);
      if (isAssessmentProduct(step.product)) {
        if (step.status === 'PENDING') await move(step, provider.start(assessmentStep(step)).status);
      } else if (step.status === 'PENDING') {
        await move(step, 'STARTED', { started: true });
      }
      return { status: step.status as StepStatus };
    },

    /** CONSENT_RELAY (or LOGIN_REQUIRED) -> LINKED: the candidate agreed to pass data to the provider. */
    async relayConsent(access: StepAccess, stepId: string, body: unknown): Promise<{ status: StepStatus }> {
      const { ref, step, rows } = await ownStep(access, stepId);
      requireCurrent(step, rows);
      if ((body as { consent?: unknown } | null)?.consent !== true) throw new HttpError(400, STEP_ERROR_KEYS.permissionRequired);
      const { accountRef } = provider.link(assessmentStep(step));
      await move(step, 'LINKED', { progress: { ...step.progress, accountRef, provider: provider.name, consentAt: now().toISOString() } });
      await events.emit({
        type: 'CANDIDATE_EXTERNAL_SERVICE_LINKED',
        companyId: ref.companyId,
        applicationId: ref.applicationId,
        stepId: step.id,
        product: step.product,
        provider: provider.name,
      });
      return { status: 'LINKED' };
    },

    /** The questionnaire; opening it on a LINKED step starts it (and a timed test's clock). */
    async assessment(access: StepAccess, stepId: string): Promise<AssessmentContent & { status: StepStatus }> {
      const { step, rows } = await ownStep(access, stepId);
      requireCurrent(step, rows);
      if (step.status === 'LINKED') {
        const progress = { ...step.progress, startedAt: now().toISOString() };
        await move(step, 'STARTED', { progress, started: true });
        step.progress = progress;
      }
      if (step.status !== 'STARTED') throw conflict();
      return { ...provider.content(assessmentStep(step)), status: 'STARTED' };
    },

    /** Answers of the questionnaire: scored and stored; the step then waits for the permission to share. */
    async answerAssessment(access: StepAccess, stepId: string, body: unknown): Promise<{ status: StepStatus }> {
      const { step, rows } = await ownStep(access, stepId);
      requireCurrent(step, rows);
      if (step.status !== 'STARTED') throw conflict();
      const parsed = v.safeParse(v.object({ answers: v.record(v.pipe(v.string(), v.maxLength(40)), v.pipe(v.number(), v.integer(), v.minValue(-1_000_000), v.maxValue(1_000_000))) }), body);
      if (!parsed.success) throw new HttpError(400, STEP_ERROR_KEYS.answers);
      const scored = provider.score(assessmentStep(step), parsed.output.answers, now());
      if (scored.problem || !scored.result) throw new HttpError(400, STEP_ERROR_KEYS.answers);
      await move(step, 'PERMISSION_REQUIRED', { result: scored.result, progress: { ...step.progress, answeredAt: now().toISOString() } });
      return { status: 'PERMISSION_REQUIRED' };
    },

    /** GET /v2/applicants/application: the current application with its locale and the candidate's others. */
    async application(access: StepAccess): Promise<ApplicantApplication> {
      const ref = await applicationOf(access);
      const row = await repository.applicationById(ref.companyId, ref.applicationId);
      if (!row) throw new HttpError(404, STEP_ERROR_KEYS.applicationNotFound);
      const others = access.kind === 'applicant' ? await repository.applicationsOfEmail(access.email) : [row];
      return {
        _id: row.id,
        locale: toLocale(row.language) ?? 'en',
        offerTitle: titlesOf(row),
        companyName: row.company_name,
        theme: companyTheme(row.company_settings),
        candidateId: row.candidate_id,
        careerSiteUrl: row.board_id ? `/board/${row.board_id}?${new URLSearchParams({ language: toLocale(row.language) ?? 'en' })}` : null,
        applications: others.map((other) => ({ _id: other.id, offerTitle: titlesOf(other), companyName: other.company_name, createdAt: other.created_at })),
      };
    },

    /** POST /v2/applicants/login: switch to another of the candidate's own applications (404 for anyone else's). */
    async login(access: StepAccess, applicationId: string): Promise<{ _applicantId: string }> {
      if (access.kind !== 'applicant') throw new HttpError(403, ERROR_KEYS.forbidden);
      const row = await repository.applicationOfEmail(access.email, applicationId);
      if (!row) throw new HttpError(404, STEP_ERROR_KEYS.applicationNotFound);
      await repository.setCurrentApplication(access.accountId, row.company_id, row.id);
      return { _applicantId: row.id };
    },

    /** A bearer token for the embedded flow of one new application. */
    async issueToken(companyId: string, applicationId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = newToken();
      const expiresAt = addMs(now(), STEP_TOKEN_MINUTES * MINUTE);
      await repository.deleteExpiredTokens(now());
      await repository.insertAccessToken({ token_hash: tokenHash(token), company_id: companyId, application_id: applicationId, expires_at: expiresAt });
      return { token, expiresAt };
    },

    async accessOfToken(token: string): Promise<StepAccess | undefined> {
      if (!/^[A-Za-z0-9_-]{40,100}$/.test(token)) return undefined;
      const row = await repository.findAccessToken(tokenHash(token), now());
      return row ? { kind: 'token', companyId: row.company_id, applicationId: row.application_id } : undefined;
    },

    /** The recruiter's view of an opening's process (the company default until one is saved). */
    async openingProcess(companyId: string, openingId: string): Promise<Process> {
      if (!(await repository.openingExists(companyId, openingId))) throw new HttpError(404, ERROR_KEYS.openingNotFound);
      return processFor(companyId, openingId);
    },

    async saveOpeningProcess(companyId: string, openingId: string, body: unknown): Promise<Process> {
      if (!(await repository.openingExists(companyId, openingId))) throw new HttpError(404, ERROR_KEYS.openingNotFound);
      const parsed = v.safeParse(ProcessSchema, body);
      if (!parsed.success) throw new HttpError(400, processProblem(parsed.issues));
      await repository.saveOpeningProcess(companyId, openingId, parsed.output as unknown as Record<string, unknown>);
      return parsed.output;
    },

    async companyProcess(companyId: string): Promise<Process> {
      return processFor(companyId, undefined);
    },

    async saveCompanyProcess(companyId: string, body: unknown): Promise<Process> {
      const parsed = v.safeParse(ProcessSchema, body);
      if (!parsed.success) throw new HttpError(400, processProblem(parsed.issues));
      await repository.saveCompanyProcess(companyId, parsed.output as unknown as Record<string, unknown>);
      return parsed.output;
    },

    /** For the interview module: the step when it is the candidate's current interview. */
    async currentInterview(access: StepAccess, stepId: string) {
      const { ref, step, rows } = await ownStep(access, stepId);
      requireCurrent(step, rows);
      if (step.product !== 'interview') throw conflict();
      // Two first calls at once (two tabs) both find PENDING: the one that loses the race just goes on.
      if (step.status === 'PENDING' && !(await repository.moveStep(step.company_id, step.id, 'PENDING', 'STARTED', { started: true })) && (await repository.findStep(ref.companyId, ref.applicationId, step.id))?.status !== 'STARTED') throw conflict();
      return { ref, step, config: v.parse(InterviewConfigSchema, step.config) };
    },

    saveProgress: repository.saveProgress,
  };
}

const PROCESS_KEYS: ReadonlySet<string> = new Set<StepErrorKey>([
  STEP_ERROR_KEYS.processEmpty,
  STEP_ERROR_KEYS.processTooLong,
  STEP_ERROR_KEYS.productTwice,
  STEP_ERROR_KEYS.duplicateQuestion,
  STEP_ERROR_KEYS.choicesRequired,
  STEP_ERROR_KEYS.textRequired,
]);

/** The most telling key of a refused process (the schema names its own), else a plain bad request. */
function processProblem(issues: readonly { message: string }[]): ErrorKey {
  const own = issues.map((issue) => issue.message).find((message): message is StepErrorKey => PROCESS_KEYS.has(message));
  return own ?? ERROR_KEYS.badRequest;
}

/** The answers the application form already gave to a form step's questions, and which ones those are. */
function prefilledProgress(questions: readonly FormQuestion[], form: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const answers: Record<string, FormAnswer> = {};
  for (const question of questions) {
    const answer = answerFromApplication(question, form);
    if (answer !== undefined) answers[question.id] = answer;
  }
  const prefilled = Object.keys(answers);
  return prefilled.length ? { answers, prefilled } : {};
}

function prefilledOf(step: StepRow): string[] {
  return Array.isArray(step.progress.prefilled) ? (step.progress.prefilled as unknown[]).filter((id): id is string => typeof id === 'string') : [];
}

function titlesOf(row: CandidateApplicationRow): LocalizedText {
  const text: LocalizedText = {};
  for (const { language, title } of row.titles ?? []) {
    const locale = toLocale(language);
    if (locale) text[locale] = title;
  }
  return text;
}

/** A step as the candidate's pages see it: never the assessment's result, never another step's data. */
function toApplicationStep(row: StepRow): ApplicationStep {
  const progress: Record<string, unknown> = {};
  if (row.product === 'interview') progress.answered = row.progress.answered ?? {};
  if (row.product === 'application-form' && row.progress.answers) progress.answers = row.progress.answers;
  // The candidate's page shows only what is still asked; the recruiter's view keeps every question.
  const config = row.product === 'application-form' ? { ...(row.config as Record<string, unknown>), questions: openQuestions((row.config.questions ?? []) as FormQuestion[], prefilledOf(row)) } : row.config;
  if (typeof row.progress.startedAt === 'string') progress.startedAt = row.progress.startedAt;
  return {
    _id: row.id,
    product: row.product as ApplicationStep['product'],
    position: row.position,
    stepConfig: { status: row.status as StepStatus },
    config: config as ApplicationStep['config'],
    progress,
  };
}
