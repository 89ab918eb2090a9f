import * as v from 'valibot';
import type { PipelineStage, StageKind } from './company-settings';
import { StageIdSchema } from './company-settings';

export type { PipelineStage, StageKind } from './company-settings';
import { DATA_TABLE, type Locale } from './constants';
import { ObjectIdSchema } from './ids';
import { plainText } from './text-checks';
import { STEP_STATUSES } from './steps';
import { SOURCE_TEXT_MAX } from './application-source';

/**
 * The recruiter's pipeline of an opening (issue 11): where each application stands, decisions
 * (move, reject with a reason and an optional mail) and bulk actions. Shared by the host pages
 * and the server routes, so both validate the same way.
 */

/** Where an application came from: its channel's kind, REFERRAL with a referral code, INDEED when applied through Indeed. */
export const PIPELINE_SOURCES = ['BOARD', 'REFERRAL', 'SHARE', 'SPONTANEOUS', 'INDEED'] as const;
export type PipelineSource = (typeof PIPELINE_SOURCES)[number];

/** Why a candidate was rejected: codes, translated under `decisions.reasons.<code>`; audited without personal data. */
export const REJECTION_REASONS = ['NOT_QUALIFIED', 'EXPERIENCE', 'LANGUAGE', 'SALARY', 'LOCATION', 'POSITION_FILLED', 'WITHDREW', 'NO_SHOW', 'OTHER'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const PIPELINE_SORTS = ['-appliedAt', 'appliedAt', 'name', '-name', 'stage', '-stageSince', 'stageSince'] as const;
export type PipelineSort = (typeof PIPELINE_SORTS)[number];

/** At most this many applications in one bulk action (one request, one transaction). */
export const BULK_MAX = 200;

export const PipelineParamsSchema = v.object({ openingId: ObjectIdSchema });
export type PipelineParams = v.InferOutput<typeof PipelineParamsSchema>;
export const ApplicationParamsSchema = v.object({ openingId: ObjectIdSchema, applicationId: ObjectIdSchema });
export type ApplicationParams = v.InferOutput<typeof ApplicationParamsSchema>;

const single = (query: Record<string, string | string[]>, name: string): string | undefined => {
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
};

/** `GET .../pipeline` query: a page of one view (table or one board column) and the counts of the whole opening. */
export const PipelineQuerySchema = v.pipe(
  v.record(v.string(), v.union([v.string(), v.array(v.string())])),
  v.transform((query): { stage?: string; stepStatus?: string; source?: string; campaign?: string; q?: string; sort?: string; page?: string; rowsPerPage?: string; view?: string } => ({
    stage: single(query, 'stage') || undefined,
    stepStatus: single(query, 'stepStatus') || undefined,
    source: single(query, 'source') || undefined,
    campaign: single(query, 'campaign') || undefined,
    q: single(query, 'q') || undefined,
    sort: single(query, 'sort') || undefined,
    page: single(query, 'page'),
    rowsPerPage: single(query, 'rowsPerPage'),
    view: single(query, 'view') || undefined,
  })),
  v.object({
    stage: v.optional(StageIdSchema),
    stepStatus: v.optional(v.picklist(STEP_STATUSES)),
    source: v.optional(v.picklist(PIPELINE_SOURCES)),
    /** Part of the link's utm_source, utm_medium or utm_campaign the candidate came by (issue 30). */
    campaign: v.optional(v.pipe(v.string(), plainText(), v.trim(), v.maxLength(SOURCE_TEXT_MAX))),
    q: v.optional(v.pipe(v.string(), plainText(), v.trim(), v.maxLength(200))),
    sort: v.optional(v.picklist(PIPELINE_SORTS), '-appliedAt'),
    page: v.pipe(v.optional(v.string(), '1'), v.regex(/^[1-9]\d{0,5}$/), v.transform(Number)),
    rowsPerPage: v.pipe(v.optional(v.string(), String(DATA_TABLE.rowsPerPage)), v.transform(Number), v.picklist(DATA_TABLE.rowsPerPageOptions)),
    /** `board`: the first rowsPerPage applications of every stage (one call fills every column); `table`: one page. */
    view: v.optional(v.picklist(['table', 'board']), 'table'),
  }),
);
export type PipelineQuery = v.InferOutput<typeof PipelineQuerySchema>;

export const MoveStageBodySchema = v.strictObject({ stage: StageIdSchema });
export type MoveStageBody = v.InferOutput<typeof MoveStageBodySchema>;

/** Placeholders a rejection mail's subject and body may carry, filled per candidate. */
export const REJECTION_MAIL_PLACEHOLDERS = ['candidateName', 'openingTitle', 'companyName'] as const;

/** The mail to the rejected candidate, as the recruiter edited it (plain text). */
export const RejectionMailSchema = v.strictObject({
  // One line: a subject is a mail header.
  subject: v.pipe(v.string(), plainText(), v.regex(/^[^\r\n]*$/), v.trim(), v.minLength(1), v.maxLength(200)),
  body: v.pipe(v.string(), plainText(), v.trim(), v.minLength(1), v.maxLength(10_000)),
});
export type RejectionMail = v.InferOutput<typeof RejectionMailSchema>;

/**
 * `mail`: the text the recruiter edited (placeholders {{candidateName}} {{openingTitle}}
 * {{companyName}} are filled per candidate); `defaultMail`: the default text in each candidate's
 * own language (what a bulk rejection of candidates in several languages needs). Not both.
 */
export const RejectBodySchema = v.pipe(
  v.strictObject({ reason: v.picklist(REJECTION_REASONS), mail: v.optional(RejectionMailSchema), defaultMail: v.optional(v.boolean()) }),
  v.check((body) => !(body.mail && body.defaultMail), 'errors.badRequest'),
);
export type RejectBody = v.InferOutput<typeof RejectBodySchema>;

export const BulkBodySchema = v.pipe(
  v.strictObject({
    action: v.picklist(['move', 'reject']),
    applicationIds: v.pipe(v.array(ObjectIdSchema), v.minLength(1), v.maxLength(BULK_MAX)),
    stage: v.optional(StageIdSchema),
    reason: v.optional(v.picklist(REJECTION_REASONS)),
    mail: v.optional(RejectionMailSchema),
    defaultMail: v.optional(v.boolean()),
  }),
  v.check(
    (body) =>
      body.action === 'move'
        ? body.stage !== undefined && !body.reason && !body.mail && !body.defaultMail
        : body.reason !== undefined && !body.stage && !(body.mail && body.defaultMail),
    'errors.badRequest',
  ),
);
export type BulkBody = v.InferOutput<typeof BulkBodySchema>;

export interface PipelineStep {
  product: string;
  status: string;
}

export interface PipelineItem {
  applicationId: string;
  candidateId: string;
  name: string;
  email: string;
  stage: string;
  stageSince: string;
  appliedAt: string;
  source: PipelineSource;
  language: string;
  steps: PipelineStep[];
  /** The candidate withdrew the application (it stands in the rejected stage, reason WITHDREW). */
  withdrawn?: boolean;
  /** The candidate's data was removed (retention or their request): no name and no e-mail (shown as "Removed candidate"). */
  removed?: boolean;
}

/** What a list shows for a candidate: the name, else the e-mail; a removed candidate's translated label (issue 26). */
export function candidateLabel(item: { name: string; email: string; removed?: boolean }, translate: (key: string) => string): string {
  return item.removed ? translate('pipeline.removedCandidate') : item.name || item.email;
}

export interface PipelineStageCount {
  id: string;
  kind: StageKind;
  names?: Partial<Record<Locale, string>>;
  count: number;
}

export interface PipelineResponse {
  stages: PipelineStageCount[];
  items: PipelineItem[];
  total: number;
  page: number;
  rowsPerPage: number;
}

export interface BulkResponse {
  /** Applications changed; those already in the target stage (or already rejected) are skipped, not errors. */
  changed: number;
  skipped: number;
  /** With a mail: how many went out. */
  mailsSent?: number;
}

export interface RejectionMailDraft {
  language: Locale;
  subject: string;
  body: string;
}

/** The rejected stage of a stage list (exactly one: PipelineStagesSchema checks it). */
export function rejectedStageOf(stages: readonly PipelineStage[]): PipelineStage | undefined {
  return stages.find((stage) => stage.kind === 'rejected');
}

/**
 * A stage's name for `language`: the company's own name from its settings first, then the
 * translated default (`translate('pipelineStages.<id>')`), then the id itself for a custom stage
 * without a name in this language.
 */
export function stageLabel(stage: Pick<PipelineStage, 'id' | 'names'>, language: string, translate: (key: string) => string | undefined): string {
  const own = stage.names?.[language as Locale];
  if (own) return own;
  const translated = translate(`pipelineStages.${stage.id}`);
  if (translated && translated !== `pipelineStages.${stage.id}`) return translated;
  const english = stage.names?.en ?? Object.values(stage.names ?? {})[0];
  return english ?? stage.id;
}
