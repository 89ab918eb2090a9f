import * as v from 'valibot';
import { LocalizedTextSchema, type LocalizedText } from './localized-text';
import { FILE_EXTENSIONS, type FileExtensionSet, fileExtension } from './files';
import { type FieldValue, parseFormDate, type Rule, firstFailingRule } from './form-rules';
import type { Theme } from './theme';

/**
 * The applicant's step flow (spec §2 "Applicant area", §3 application step, §4): the products a
 * process is made of, the statuses a step goes through, the transitions each product allows and
 * the valibot schemas of a process, used by the recruiter's wizard and by the server alike.
 */

export const STEP_PRODUCTS = ['application-form', 'interview', 'shape', 'drive', 'brain'] as const;
export type StepProduct = (typeof STEP_PRODUCTS)[number];

/** The assessments behind the provider interface (spec §2: the only valid {afstep} values). */
export const ASSESSMENT_PRODUCTS = ['shape', 'drive', 'brain'] as const;
export type AssessmentProduct = (typeof ASSESSMENT_PRODUCTS)[number];

export const STEP_STATUSES = ['PENDING', 'STARTED', 'DONE', 'LINKED', 'PERMISSION_REQUIRED', 'CONSENT_RELAY', 'LOGIN_REQUIRED'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export function isStepProduct(value: unknown): value is StepProduct {
  return typeof value === 'string' && (STEP_PRODUCTS as readonly string[]).includes(value);
}

export function isAssessmentProduct(value: unknown): value is AssessmentProduct {
  return typeof value === 'string' && (ASSESSMENT_PRODUCTS as readonly string[]).includes(value);
}

export function isStepStatus(value: unknown): value is StepStatus {
  return typeof value === 'string' && (STEP_STATUSES as readonly string[]).includes(value);
}

/**
 * Allowed moves per product. The forms and the interview only start and finish. An assessment
 * of the built-in provider first asks consent to pass data to the provider (CONSENT_RELAY), is
 * then linked to the candidate's provider account (LINKED), started, answered, and waits for the
 * candidate's permission to share the result with the company (PERMISSION_REQUIRED) before DONE.
 * LOGIN_REQUIRED is for external providers whose session ran out: logging in links again.
 */
const SIMPLE: Readonly<Partial<Record<StepStatus, readonly StepStatus[]>>> = {
  PENDING: ['STARTED', 'DONE'],
  STARTED: ['DONE'],
};
const ASSESSMENT: Readonly<Partial<Record<StepStatus, readonly StepStatus[]>>> = {
  PENDING: ['CONSENT_RELAY', 'LOGIN_REQUIRED'],
  CONSENT_RELAY: ['LINKED'],
  LOGIN_REQUIRED: ['LINKED'],
  LINKED: ['STARTED'],
  STARTED: ['PERMISSION_REQUIRED', 'LOGIN_REQUIRED'],
  PERMISSION_REQUIRED: ['DONE'],
};

export const STEP_TRANSITIONS: Readonly<Record<StepProduct, Readonly<Partial<Record<StepStatus, readonly StepStatus[]>>>>> = {
  'application-form': SIMPLE,
  interview: SIMPLE,
  shape: ASSESSMENT,
  drive: ASSESSMENT,
  brain: ASSESSMENT,
};

/** Whether `product` may go from `from` to `to` (DONE is final for every product). */
export function canTransition(product: StepProduct, from: StepStatus, to: StepStatus): boolean {
  return STEP_TRANSITIONS[product][from]?.includes(to) ?? false;
}

// ---------- the application-form product ----------

export const QUESTION_TYPES = ['shortText', 'longText', 'singleChoice', 'multipleChoice', 'yesNo', 'number', 'date', 'file'] as const;

/**
 * The extension sets (spec §5) a file question may ask for: those whose content the server can
 * recognise by its bytes (documents, images, PDF). Video, presentation and web-page sets wait
 * for their own content checks.
 */
export const FILE_QUESTION_SETS = ['CV', 'TEXT', 'IMAGE', 'PDF'] as const satisfies readonly FileExtensionSet[];
export type FileQuestionSet = (typeof FILE_QUESTION_SETS)[number];
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_ID = /^[a-z0-9-]{1,40}$/;
const QuestionIdSchema = v.pipe(v.string(), v.regex(QUESTION_ID));

/** A text in at least one language (the first present one is the fallback). */
const RequiredTextSchema = v.pipe(
  LocalizedTextSchema,
  v.check((text) => Object.values(text).some((value) => typeof value === 'string' && value.trim() !== '' && value.length <= 500), 'steps.errors.textRequired'),
);

const ChoiceSchema = v.object({ id: QuestionIdSchema, label: RequiredTextSchema });

export const FormQuestionSchema = v.pipe(
  v.object({
    id: QuestionIdSchema,
    type: v.picklist(QUESTION_TYPES),
    label: RequiredTextSchema,
    required: v.boolean(),
    /** For singleChoice and multipleChoice. */
    choices: v.optional(v.pipe(v.array(ChoiceSchema), v.maxLength(20))),
    /** For file questions: the accepted extension set (default CV). */
    extensions: v.optional(v.picklist(FILE_QUESTION_SETS)),
  }),
  v.check((question) => !question.type.endsWith('Choice') || (question.choices?.length ?? 0) >= 2, 'steps.errors.choicesRequired'),
);
export type FormQuestion = v.InferOutput<typeof FormQuestionSchema>;

const uniqueIds = <T extends { id: string }>(items: T[]) => new Set(items.map((item) => item.id)).size === items.length;

export const ApplicationFormConfigSchema = v.object({
  questions: v.pipe(v.array(FormQuestionSchema), v.maxLength(30), v.check(uniqueIds<FormQuestion>, 'steps.errors.duplicateQuestion')),
});

// ---------- the interview product ----------

export const INTERVIEW_LIMITS = { maxQuestions: 10, thinkSeconds: [0, 600], answerSeconds: [10, 600], retakes: [0, 5] } as const;

export const InterviewQuestionSchema = v.object({ id: QuestionIdSchema, text: RequiredTextSchema });

export const InterviewConfigSchema = v.object({
  questions: v.pipe(v.array(InterviewQuestionSchema), v.minLength(1), v.maxLength(INTERVIEW_LIMITS.maxQuestions), v.check(uniqueIds, 'steps.errors.duplicateQuestion')),
  thinkSeconds: v.pipe(v.number(), v.integer(), v.minValue(INTERVIEW_LIMITS.thinkSeconds[0]), v.maxValue(INTERVIEW_LIMITS.thinkSeconds[1])),
  answerSeconds: v.pipe(v.number(), v.integer(), v.minValue(INTERVIEW_LIMITS.answerSeconds[0]), v.maxValue(INTERVIEW_LIMITS.answerSeconds[1])),
  retakes: v.pipe(v.number(), v.integer(), v.minValue(INTERVIEW_LIMITS.retakes[0]), v.maxValue(INTERVIEW_LIMITS.retakes[1])),
});
export type InterviewConfig = v.InferOutput<typeof InterviewConfigSchema>;

// ---------- the assessments ----------

export const AssessmentConfigSchema = v.object({
  /** The provider behind the assessment; only the built-in one ships. */
  provider: v.literal('builtin'),
});

export const ProcessStepSchema = v.variant('product', [
  v.object({ product: v.literal('application-form'), config: ApplicationFormConfigSchema }),
  v.object({ product: v.literal('interview'), config: InterviewConfigSchema }),
  v.object({ product: v.literal('shape'), config: AssessmentConfigSchema }),
  v.object({ product: v.literal('drive'), config: AssessmentConfigSchema }),
  v.object({ product: v.literal('brain'), config: AssessmentConfigSchema }),
]);
export type ProcessStep = v.InferOutput<typeof ProcessStepSchema>;

export const MAX_PROCESS_STEPS = 8;

/** An opening's process: 1 to 8 steps; each product at most once (one status route per product). */
export const ProcessSchema = v.object({
  steps: v.pipe(
    v.array(ProcessStepSchema),
    v.minLength(1, 'steps.errors.processEmpty'),
    v.maxLength(MAX_PROCESS_STEPS, 'steps.errors.processTooLong'),
    v.check((steps) => new Set(steps.map((step) => step.product)).size === steps.length, 'steps.errors.productTwice'),
  ),
});
export type Process = v.InferOutput<typeof ProcessSchema>;

/** The process of a company that has not chosen another: the application form alone, no questions. */
export const DEFAULT_PROCESS: Process = { steps: [{ product: 'application-form', config: { questions: [] } }] };

// ---------- answers ----------

/** A file question's answer: the file the step stored for it (POST /v2/application-steps/{id}/files). */
export interface FileAnswer {
  fileId: string;
  name: string;
}
export type FormAnswer = string | readonly string[] | FileAnswer | null;
export type FormAnswers = Readonly<Record<string, FormAnswer>>;

const NUMBER = /^-?\d{1,12}(?:[.,]\d{1,6})?$/;

/**
 * The translation key of what is wrong with the answer to `question`, or null. The spec §5 rule
 * engine decides required-ness; the type decides the shape. Used by the form and the server.
 */
export function questionProblem(question: FormQuestion, answer: FormAnswer | undefined): string | null {
  const empty = answer === undefined || answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0);
  const asField: FieldValue = empty ? null : typeof answer === 'object' && !Array.isArray(answer) ? 'file' : (answer as FieldValue);
  const rules: Rule[] = question.required ? [{ name: 'required' }] : [];
  if (question.type === 'shortText') rules.push({ name: 'max', length: 200 });
  if (question.type === 'longText') rules.push({ name: 'max', length: 5000 });
  const failed = firstFailingRule(rules, asField);
  if (failed) return `errors.${failed.name}`;
  if (empty) return null;
  const choiceIds = new Set((question.choices ?? []).map((choice) => choice.id));
  switch (question.type) {
    case 'shortText':
    case 'longText':
      return typeof answer === 'string' ? null : 'errors.badRequest';
    case 'singleChoice':
      return typeof answer === 'string' && choiceIds.has(answer) ? null : 'steps.errors.choice';
    case 'multipleChoice':
      return Array.isArray(answer) && answer.every((id) => choiceIds.has(id)) && new Set(answer).size === answer.length ? null : 'steps.errors.choice';
    case 'yesNo':
      return answer === 'yes' || answer === 'no' ? null : 'steps.errors.choice';
    case 'number':
      return typeof answer === 'string' && NUMBER.test(answer.trim()) ? null : 'steps.errors.number';
    case 'date':
      return typeof answer === 'string' && parseFormDate(answer) ? null : 'errors.date';
    case 'file': {
      if (typeof answer !== 'object' || Array.isArray(answer) || !answer) return 'errors.badRequest';
      const file = answer as FileAnswer;
      const accepted: readonly string[] = FILE_EXTENSIONS[question.extensions ?? 'CV'];
      return /^[0-9a-f]{24}$/.test(file.fileId) && accepted.includes(fileExtension(file.name)) ? null : 'offerPage.invalidFileExtension';
    }
  }
}

/** question id -> translation key of each wrong answer (empty when all are fine). */
export function formAnswerProblems(questions: readonly FormQuestion[], answers: FormAnswers): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const question of questions) {
    const problem = questionProblem(question, answers[question.id]);
    if (problem) problems[question.id] = problem;
  }
  return problems;
}

export const FormAnswersSchema = v.record(
  QuestionIdSchema,
  v.union([v.pipe(v.string(), v.maxLength(5000)), v.pipe(v.array(v.pipe(v.string(), v.maxLength(40))), v.maxLength(20)), v.object({ fileId: v.pipe(v.string(), v.maxLength(24)), name: v.pipe(v.string(), v.maxLength(255)) }), v.null()]),
);

// ---------- what the API answers ----------

/** One step of the candidate's application, as GET /v2/application-steps/next answers it (spec §3). */
export interface ApplicationStep {
  _id: string;
  product: StepProduct;
  position: number;
  stepConfig: { status: StepStatus };
  /** The product's configuration as the candidate needs it (questions, timings). */
  config: ProcessStep['config'];
  /** What the candidate already did (answers uploaded, scores are never sent back). */
  progress?: Record<string, unknown>;
}

export interface NextStepAnswer {
  steps: ApplicationStep[];
  step: ApplicationStep | null;
}

export interface CompleteStepAnswer {
  finished: boolean;
}

/** The current application (GET /v2/applicants/application). */
export interface ApplicantApplication {
  _id: string;
  locale: string;
  offerTitle: LocalizedText;
  companyName: string;
  /** The company's theme (issue 16): the steps show its brand, under the page's own --rec-* values. */
  theme?: Theme;
  /** The candidate's other applications, to switch with POST /v2/applicants/login. */
  applications: Array<{ _id: string; offerTitle: LocalizedText; companyName: string; createdAt: string }>;
}

/** Events of the in-process bus that concern the step flow (spec §4 socket events). */
export const STEP_EVENTS = { stepFinished: 'APPLICATION_STEP_FINISHED', serviceLinked: 'CANDIDATE_EXTERNAL_SERVICE_LINKED' } as const;

/** Error keys of the step flow: they live with the other error keys (errors.ts, a leaf). */
export { STEP_ERROR_KEYS, type StepErrorKey } from './errors';
