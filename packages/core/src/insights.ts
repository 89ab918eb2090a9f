import * as v from 'valibot';
import { LOCALES } from './constants';
import { ERROR_KEYS } from './errors';
import { daySchema } from './dates';
import { ObjectIdSchema } from './ids';
import { queryList } from './openings';

/**
 * The analytics dashboards contract of issue 14 (`/v2/insights/...`, spec §3, §4, §7): a dashboard
 * is data (name, colour, panels, global query, allowed recruiters); each panel says what to count
 * and how to show it, and the server answers it with one SQL aggregate over the real tables.
 * Imported as '@rec/core/insights' so the public widgets never carry it.
 */

/** Pipeline stages, in order; REJECTED is an exit, not a step of the funnel. Stored as data (text). */
export const PIPELINE_STAGES = ['NEW', 'IN_REVIEW', 'INTERVIEW', 'OFFER', 'HIRED'] as const;
export const STAGES = [...PIPELINE_STAGES, 'REJECTED'] as const;
export type Stage = (typeof STAGES)[number];

/** Where an application came from: its channel's kind, or REFERRAL when it carries a referral code. */
export const SOURCES = ['BOARD', 'SHARE', 'REFERRAL', 'SPONTANEOUS'] as const;
export type Source = (typeof SOURCES)[number];

export const PANEL_TYPES = ['KPI', 'TIME_SERIES', 'FUNNEL', 'BREAKDOWN', 'TABLE'] as const;
export type PanelType = (typeof PANEL_TYPES)[number];

/**
 * APPLICATIONS: applications received; CANDIDATES: distinct people; REACHED_STAGE: applications that
 * got at least as far as `stage`; HIRES: applications hired; TIME_TO_HIRE: days from applying to
 * hired; TIME_IN_STAGE: days spent in `stage` before the next move; SOURCE_MIX: applications per source.
 */
export const METRICS = ['APPLICATIONS', 'CANDIDATES', 'REACHED_STAGE', 'HIRES', 'TIME_TO_HIRE', 'TIME_IN_STAGE', 'SOURCE_MIX'] as const;
export type Metric = (typeof METRICS)[number];

/** CAMPAIGN: the link's `utm_source / utm_campaign` the candidate arrived by (issue 30); '' for none. */
export const DIMENSIONS = ['OPENING', 'SOURCE', 'LANGUAGE', 'STAGE', 'WEEK', 'CAMPAIGN'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Metrics measured in days (averages) rather than counted. */
export const DURATION_METRICS: readonly Metric[] = ['TIME_TO_HIRE', 'TIME_IN_STAGE'];
/** Metrics that need a stage. */
export const STAGE_METRICS: readonly Metric[] = ['REACHED_STAGE', 'TIME_IN_STAGE'];

/** Which metrics and dimensions each panel type takes (the editor offers only these; the server refuses the rest). */
export const PANEL_SHAPES: Record<PanelType, { metrics: readonly Metric[]; dimensions: readonly Dimension[] }> = {
  KPI: { metrics: ['APPLICATIONS', 'CANDIDATES', 'REACHED_STAGE', 'HIRES', 'TIME_TO_HIRE', 'TIME_IN_STAGE'], dimensions: [] },
  TIME_SERIES: { metrics: ['APPLICATIONS', 'CANDIDATES', 'REACHED_STAGE', 'HIRES', 'TIME_TO_HIRE'], dimensions: ['WEEK'] },
  FUNNEL: { metrics: ['REACHED_STAGE'], dimensions: ['STAGE'] },
  BREAKDOWN: { metrics: ['APPLICATIONS', 'CANDIDATES', 'REACHED_STAGE', 'HIRES', 'TIME_TO_HIRE', 'SOURCE_MIX'], dimensions: ['OPENING', 'SOURCE', 'LANGUAGE', 'STAGE', 'WEEK', 'CAMPAIGN'] },
  TABLE: { metrics: ['APPLICATIONS', 'CANDIDATES', 'REACHED_STAGE', 'HIRES', 'TIME_TO_HIRE', 'SOURCE_MIX'], dimensions: ['OPENING', 'SOURCE', 'LANGUAGE', 'STAGE', 'WEEK', 'CAMPAIGN'] },
};

export const MAX_PANELS = 12;
export const DATE_PRESETS = ['LAST_7_DAYS', 'LAST_30_DAYS', 'LAST_90_DAYS', 'LAST_365_DAYS', 'CUSTOM'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const PRESET_DAYS: Record<Exclude<DatePreset, 'CUSTOM'>, number> = { LAST_7_DAYS: 7, LAST_30_DAYS: 30, LAST_90_DAYS: 90, LAST_365_DAYS: 365 };

/** Permission of every dashboard change (spec §6). */
export const DASHBOARD_MANAGE = 'ANALYTICS:DASHBOARD:MANAGE';

/** Error keys of the insights module (translated in locales/app under `analytics.errors`). */
export const INSIGHTS_ERRORS = {
  notFound: ERROR_KEYS.dashboardNotFound,
  invalidDashboard: ERROR_KEYS.dashboardInvalid,
  invalidQuery: ERROR_KEYS.dashboardInvalidQuery,
  recruiterNotFound: ERROR_KEYS.dashboardRecruiterNotFound,
} as const;

const IsoDateSchema = daySchema('errors.date');

/** Spec §2 colour picker in hexa mode: `#RRGGBBAA` (a six-digit colour is accepted and kept as is). */
export const DashboardColorSchema = v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/, 'errors.color'));
export const DashboardNameSchema = v.pipe(v.string(), v.trim(), v.minLength(1, 'errors.required'), v.maxLength(80, 'errors.max'));

export const GlobalQuerySchema = v.pipe(
  v.strictObject({
    period: v.picklist(DATE_PRESETS),
    /** CUSTOM only: first and last day (UTC), both included. */
    from: v.optional(IsoDateSchema),
    to: v.optional(IsoDateSchema),
    /** Empty: every opening. */
    openingIds: v.pipe(v.array(ObjectIdSchema), v.maxLength(50)),
  }),
  v.check((query) => query.period !== 'CUSTOM' || (!!query.from && !!query.to && query.from <= query.to), 'errors.dateRange'),
);
export type GlobalQuery = v.InferOutput<typeof GlobalQuerySchema>;

export const DEFAULT_GLOBAL_QUERY: GlobalQuery = { period: 'LAST_90_DAYS', openingIds: [] };

export const PanelFiltersSchema = v.strictObject({
  sources: v.optional(v.pipe(v.array(v.picklist(SOURCES)), v.maxLength(SOURCES.length))),
  languages: v.optional(v.pipe(v.array(v.picklist(LOCALES)), v.maxLength(LOCALES.length))),
});
export type PanelFilters = v.InferOutput<typeof PanelFiltersSchema>;

export const PanelSchema = v.pipe(
  v.strictObject({
    /** Chosen by the client, unique within the dashboard (keeps a panel's identity across reorders). */
    id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/)),
    title: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'errors.max'))),
    type: v.picklist(PANEL_TYPES),
    metric: v.picklist(METRICS),
    dimension: v.optional(v.picklist(DIMENSIONS)),
    stage: v.optional(v.picklist(STAGES)),
    filters: v.optional(PanelFiltersSchema),
  }),
  v.check((panel) => isPanelShapeValid(panel), INSIGHTS_ERRORS.invalidDashboard),
);
export type Panel = v.InferOutput<typeof PanelSchema>;

/** The parts of a panel that must go together. */
export interface PanelShape {
  type: PanelType;
  metric: Metric;
  dimension?: Dimension | undefined;
  stage?: Stage | undefined;
}

/** Whether a panel's type, metric, dimension and stage go together (see PANEL_SHAPES). */
export function isPanelShapeValid(panel: PanelShape): boolean {
  const shape = PANEL_SHAPES[panel.type];
  if (!shape.metrics.includes(panel.metric)) return false;
  if (shape.dimensions.length === 0 ? panel.dimension !== undefined : !panel.dimension || !shape.dimensions.includes(panel.dimension)) return false;
  if (panel.metric === 'SOURCE_MIX' && panel.dimension !== 'SOURCE') return false;
  if (panel.type !== 'FUNNEL' && STAGE_METRICS.includes(panel.metric) && !panel.stage) return false;
  return true;
}

/** Makes a panel valid after its type or metric changed: the first allowed metric, dimension and a stage when needed. */
export function normalizePanel<T extends PanelShape>(panel: T): T {
  const shape = PANEL_SHAPES[panel.type];
  const metric = shape.metrics.includes(panel.metric) ? panel.metric : (shape.metrics[0] as Metric);
  let dimension: Dimension | undefined = shape.dimensions.length === 0 ? undefined : panel.dimension && shape.dimensions.includes(panel.dimension) ? panel.dimension : shape.dimensions[0];
  if (metric === 'SOURCE_MIX') dimension = 'SOURCE';
  const stage = panel.type !== 'FUNNEL' && STAGE_METRICS.includes(metric) ? (panel.stage ?? 'INTERVIEW') : undefined;
  const next = { ...panel, metric, dimension, stage };
  if (dimension === undefined) delete next.dimension;
  if (stage === undefined) delete next.stage;
  return next;
}

const PanelsSchema = v.pipe(
  v.array(PanelSchema),
  v.maxLength(MAX_PANELS, INSIGHTS_ERRORS.invalidDashboard),
  v.check((panels) => new Set(panels.map((panel) => panel.id)).size === panels.length, INSIGHTS_ERRORS.invalidDashboard),
);

/** `POST /v2/insights/dashboards` (create, or duplicate with a copy's body). */
export const DashboardBodySchema = v.strictObject({
  name: DashboardNameSchema,
  color: DashboardColorSchema,
  panels: PanelsSchema,
  globalQuery: v.optional(GlobalQuerySchema),
});
export type DashboardBody = v.InferOutput<typeof DashboardBodySchema>;

/**
 * `PUT /v2/insights/dashboards/{id}`: the edited dashboard. `_id` and `allowedRecruiters` may come
 * back as read (the client sends what it holds) but are ignored: sharing has its own calls.
 */
export const DashboardPutBodySchema = v.object({
  _id: v.optional(v.string()),
  name: DashboardNameSchema,
  color: DashboardColorSchema,
  panels: PanelsSchema,
  globalQuery: GlobalQuerySchema,
  allowedRecruiters: v.optional(v.array(v.string())),
});
export type DashboardPutBody = v.InferOutput<typeof DashboardPutBodySchema>;

export const DashboardParamsSchema = v.object({ id: ObjectIdSchema });
export const DashboardRecruiterParamsSchema = v.object({ id: ObjectIdSchema, recruiterId: ObjectIdSchema });
export const RemoveRecruitersBodySchema = v.strictObject({ recruiterIds: v.pipe(v.array(ObjectIdSchema), v.maxLength(500)) });
export type RemoveRecruitersBody = v.InferOutput<typeof RemoveRecruitersBodySchema>;

/**
 * Query of the results call: overrides of the saved global query (a read-only viewer may look at
 * another period). `openingIds[]=…` in any list form; `openingIds=` (empty) means every opening.
 */
export const DashboardResultsQuerySchema = v.pipe(
  v.record(v.string(), v.union([v.string(), v.array(v.string())])),
  v.transform((query): { period?: string; from?: string; to?: string; openingIds?: string[] } => {
    const one = (name: string) => (Array.isArray(query[name]) ? query[name][0] : query[name]) as string | undefined;
    const hasOpenings = Object.keys(query).some((key) => /^openingIds(\[\d{0,3}\])?$/.test(key));
    return { period: one('period'), from: one('from'), to: one('to'), openingIds: hasOpenings ? queryList(query, 'openingIds') : undefined };
  }),
  v.object({
    period: v.optional(v.picklist(DATE_PRESETS)),
    from: v.optional(IsoDateSchema),
    to: v.optional(IsoDateSchema),
    openingIds: v.optional(v.pipe(v.array(ObjectIdSchema), v.maxLength(50))),
  }),
);
export type DashboardResultsQuery = v.InferOutput<typeof DashboardResultsQuerySchema>;

export interface DashboardResource {
  _id: string;
  name: string;
  color: string;
  panels: Panel[];
  globalQuery: GlobalQuery;
  /** Recruiter ids who see the dashboard, its owner included. */
  allowedRecruiters: string[];
  ownerId: string;
  createdAt: string;
  updatedAt: string;
}

/** One row of a panel's answer: a stage, a week (`YYYY-MM-DD`, its Monday), an opening id, a source or a language. */
export interface PanelResultRow {
  key: string;
  /** A human label when the key is an id (the opening's title). */
  label?: string;
  /** A count, or days (one decimal) for duration metrics; null when nothing to average. */
  value: number | null;
}

export interface PanelResult {
  panelId: string;
  unit: 'count' | 'days';
  /** KPI panels: the number; other panels: the sum (counts) or the overall average (days). */
  total: number | null;
  rows: PanelResultRow[];
}

export interface DashboardResults {
  dashboardId: string;
  /** The range actually used (UTC days, both included). */
  from: string;
  to: string;
  openingIds: string[];
  panels: PanelResult[];
}

/** A recruiter the share dialog offers (`GET /v2/insights/recruiters`). */
export interface ShareableRecruiter {
  _id: string;
  fullName: string;
  email: string;
  profilePictureUrl: string | null;
}

/** The UTC day range a global query stands for, relative to `today` for presets (both days included). */
export function dateRangeOf(query: Pick<GlobalQuery, 'period' | 'from' | 'to'>, today: Date): { from: string; to: string } {
  if (query.period === 'CUSTOM' && query.from && query.to) return { from: query.from, to: query.to };
  const days = PRESET_DAYS[query.period === 'CUSTOM' ? 'LAST_90_DAYS' : query.period];
  const to = today.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** The dashboard a company starts with (seed and empty-state creation). */
export function defaultPanels(): Panel[] {
  return [
    { id: 'applications', type: 'KPI', metric: 'APPLICATIONS' },
    { id: 'hires', type: 'KPI', metric: 'HIRES' },
    { id: 'time-to-hire', type: 'KPI', metric: 'TIME_TO_HIRE' },
    { id: 'per-week', type: 'TIME_SERIES', metric: 'APPLICATIONS', dimension: 'WEEK' },
    { id: 'funnel', type: 'FUNNEL', metric: 'REACHED_STAGE', dimension: 'STAGE' },
    { id: 'sources', type: 'BREAKDOWN', metric: 'SOURCE_MIX', dimension: 'SOURCE' },
    { id: 'campaigns', type: 'TABLE', metric: 'APPLICATIONS', dimension: 'CAMPAIGN' },
  ];
}
