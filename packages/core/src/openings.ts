import * as v from 'valibot';
import { APPLY_FIELD_LEVELS, APPLY_FORM_FIELDS, type ApplyFormConfig, type ApplyFormField, applyFormOf } from './apply-form';
import { DATA_TABLE, LOCALES } from './constants';
import { CONTRACT_TYPES } from './contract-types';
import { LocaleSchema } from './localized-text';
import { timestampSchema } from './dates';
import { ObjectIdSchema } from './ids';
import { SalaryFieldSchema, SalarySchema } from './salary';
import { plainText } from './text-checks';

/**
 * The openings contract of issue 5 (`/v2/jobs/...`): statuses, the state machine, request
 * schemas (used by the host's forms and by the server) and the resources answered.
 */

export const OPENING_STATUS_VALUES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export type OpeningStatusValue = (typeof OPENING_STATUS_VALUES)[number];

export const POSTING_STATUS_VALUES = ['OPEN', 'CLOSED'] as const;
export type PostingStatusValue = (typeof POSTING_STATUS_VALUES)[number];

/** Channels a recruiter may create for a posting (SPONTANEOUS belongs to boards). */
export const POSTING_CHANNEL_KINDS = ['BOARD', 'SHARE', 'REFERRAL'] as const;
export type PostingChannelKind = (typeof POSTING_CHANNEL_KINDS)[number];

export const EXPORT_CATEGORIES = ['PERSONAL', 'OPERATIONAL', 'PROFESSIONAL'] as const;
export type ExportCategory = (typeof EXPORT_CATEGORIES)[number];

export const OPENING_SORTS = ['title', '-title', 'updatedAt', '-updatedAt', 'createdAt', '-createdAt', 'status'] as const;
export type OpeningSort = (typeof OPENING_SORTS)[number];
export const DEFAULT_OPENING_SORT: OpeningSort = '-updatedAt';

/** Legal retention of applications (days) before an archived opening may be deleted; RETENTION_DAYS overrides it on the server. */
export const DEFAULT_RETENTION_DAYS = 730;

// --- State machine (spec §4) ---------------------------------------------------------------

export type OpeningAction = 'publish' | 'archive' | 'unarchive' | 'delete' | 'createPosting';

/** From which status each action is allowed, and the status it leads to (delete and createPosting keep it). */
export const OPENING_TRANSITIONS: Record<OpeningAction, { from: OpeningStatusValue; to: OpeningStatusValue }> = {
  publish: { from: 'DRAFT', to: 'PUBLISHED' },
  archive: { from: 'PUBLISHED', to: 'ARCHIVED' },
  unarchive: { from: 'ARCHIVED', to: 'PUBLISHED' },
  delete: { from: 'ARCHIVED', to: 'ARCHIVED' },
  createPosting: { from: 'PUBLISHED', to: 'PUBLISHED' },
};

/** Whether `action` is allowed on an opening in `status` (delete additionally needs the server's can-delete). */
export function canApplyOpeningAction(status: OpeningStatusValue, action: OpeningAction): boolean {
  return OPENING_TRANSITIONS[action].from === status;
}

/** The permission each opening action needs (spec §6), for the server's checks and the client's buttons. */
export const OPENING_ACTION_PERMISSIONS = {
  create: 'OPENINGS:CREATE',
  duplicate: 'OPENINGS:CREATE',
  edit: 'OPENINGS:MANAGE',
  publish: 'OPENINGS:MANAGE',
  archive: 'OPENINGS:ARCHIVE',
  unarchive: 'OPENINGS:ARCHIVE',
  delete: 'OPENINGS:DELETE',
  export: 'OPENINGS:APPLICANTS:DATA:EXPORT',
  createPosting: 'POSTINGS:CREATE',
} as const;

// --- Requests ------------------------------------------------------------------------------

const TitleSchema = v.pipe(v.string(), plainText(), v.trim(), v.minLength(1, 'errors.required'), v.maxLength(200, 'errors.max'));
const ReferenceCodeSchema = v.nullable(v.pipe(v.string(), plainText(), v.trim(), v.maxLength(50, 'errors.max')));
const DescriptionSchema = v.pipe(v.string(), plainText(), v.maxLength(20_000, 'errors.max'));
const ShortTextSchema = v.nullable(v.pipe(v.string(), plainText(), v.trim(), v.maxLength(200, 'errors.max')));
/** A contract code of CONTRACT_TYPES; empty or null clears it. Words ("CDI") are refused: they cannot be translated. */
const ContractFieldSchema = v.nullable(v.picklist([...CONTRACT_TYPES, '']));

/**
 * An opening's apply form (issue 9): each configurable field hidden, optional or required. A field
 * left out takes its default; an unknown field or level is a 400.
 */
// Spelled out field by field: a computed shape (Object.fromEntries) would keep rollup from
// dropping the schema, and valibot would land in the widgets' bundle.
const ApplyLevelSchema = v.optional(v.picklist(APPLY_FIELD_LEVELS, 'errors.not_one_of'));
export const ApplyFormConfigSchema = v.pipe(
  v.strictObject({
    phone: ApplyLevelSchema,
    nationality: ApplyLevelSchema,
    birthDate: ApplyLevelSchema,
    gender: ApplyLevelSchema,
    address: ApplyLevelSchema,
    salary: ApplyLevelSchema,
    drivingLicenses: ApplyLevelSchema,
    hasWorkPermit: ApplyLevelSchema,
    cv: ApplyLevelSchema,
    coverLetter: ApplyLevelSchema,
    profileUrl: ApplyLevelSchema,
  } satisfies Record<ApplyFormField, typeof ApplyLevelSchema>),
  v.transform((given): ApplyFormConfig => applyFormOf(given)),
);

export const OpeningParamsSchema = v.object({ id: ObjectIdSchema });
export type OpeningParams = v.InferOutput<typeof OpeningParamsSchema>;

export const PostingParamsSchema = v.object({ id: ObjectIdSchema, postingId: ObjectIdSchema });
export type PostingParams = v.InferOutput<typeof PostingParamsSchema>;

/** `POST /v2/jobs`: with `baseOpening`, missing fields are copied from that opening (duplicate). */
// Spelled out rather than spreading the patch schema's `.entries`: a top-level property read keeps
// rollup from dropping these schemas, and the widgets' bundle would grow by ~2 KB gzip.
export const OpeningCreateBodySchema = v.strictObject({
  title: v.optional(TitleSchema),
  referenceCode: v.optional(ReferenceCodeSchema),
  language: v.optional(LocaleSchema),
  description: v.optional(DescriptionSchema),
  location: v.optional(ShortTextSchema),
  contract: v.optional(ContractFieldSchema),
  applyForm: v.optional(ApplyFormConfigSchema),
  salary: v.optional(SalaryFieldSchema),
  baseOpening: v.optional(ObjectIdSchema),
});
export type OpeningCreateBody = v.InferOutput<typeof OpeningCreateBodySchema>;
export type OpeningCreateBodyInput = v.InferInput<typeof OpeningCreateBodySchema>;

/** `PATCH /v2/jobs/{id}`. */
export const OpeningPatchBodySchema = v.strictObject({
  title: v.optional(TitleSchema),
  referenceCode: v.optional(ReferenceCodeSchema),
  language: v.optional(LocaleSchema),
  description: v.optional(DescriptionSchema),
  location: v.optional(ShortTextSchema),
  contract: v.optional(ContractFieldSchema),
  applyForm: v.optional(ApplyFormConfigSchema),
  salary: v.optional(SalaryFieldSchema),
});
export type OpeningPatchBody = v.InferOutput<typeof OpeningPatchBodySchema>;

const PostingContentSchema = v.strictObject({
  title: TitleSchema,
  description: v.optional(DescriptionSchema, ''),
  location: v.optional(ShortTextSchema),
  contract: v.optional(ContractFieldSchema),
});
export type PostingContent = v.InferOutput<typeof PostingContentSchema>;

const PostingContentsSchema = v.pipe(
  v.record(LocaleSchema, PostingContentSchema),
  v.check((contents) => Object.keys(contents).length > 0, 'errors.required'),
);
const ChannelKindsSchema = v.pipe(v.array(v.picklist(POSTING_CHANNEL_KINDS)), v.maxLength(10));
const DateTimeSchema = v.nullable(timestampSchema());
const EmploymentTypeSchema = v.nullable(v.pipe(v.string(), v.regex(/^[A-Z_]{1,40}$/)));
/** ISO 3166-1 alpha-2 (JSON-LD addressCountry); null clears it. */
const CountrySchema = v.nullable(v.pipe(v.string(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'errors.country')));

/** `POST /v2/jobs/{id}/postings`: the main language must have content. */
export const PostingCreateBodySchema = v.pipe(
  v.strictObject({
    language: LocaleSchema,
    contents: PostingContentsSchema,
    channels: v.optional(ChannelKindsSchema, []),
    validThrough: v.optional(DateTimeSchema),
    employmentType: v.optional(EmploymentTypeSchema),
    /** Left out: the opening's salary is copied. */
    salary: v.optional(SalaryFieldSchema),
    addressCountry: v.optional(CountrySchema),
    remote: v.optional(v.boolean()),
    /** Publish although the company has no privacy notice in some of the posting's languages (else 409 `posting.privacyNoticeMissing`). */
    confirmMissingPrivacyNotice: v.optional(v.boolean()),
  }),
  v.check((body) => body.contents[body.language] !== undefined, 'errors.required'),
);
export type PostingCreateBody = v.InferOutput<typeof PostingCreateBodySchema>;
export type PostingCreateBodyInput = v.InferInput<typeof PostingCreateBodySchema>;

/** `PATCH /v2/jobs/{id}/postings/{postingId}`: given contents replace the languages they name; given channels are added when missing. */
export const PostingPatchBodySchema = v.strictObject({
  language: v.optional(LocaleSchema),
  contents: v.optional(PostingContentsSchema),
  channels: v.optional(ChannelKindsSchema),
  validThrough: v.optional(DateTimeSchema),
  employmentType: v.optional(EmploymentTypeSchema),
  salary: v.optional(SalaryFieldSchema),
  addressCountry: v.optional(CountrySchema),
  remote: v.optional(v.boolean()),
  /** Add languages although the company has no privacy notice in them (else 409 `posting.privacyNoticeMissing`). */
  confirmMissingPrivacyNotice: v.optional(v.boolean()),
});
export type PostingPatchBody = v.InferOutput<typeof PostingPatchBodySchema>;

type RawQuery = Record<string, string | string[] | undefined>;

/** Values of a list query in any form the clients send: `k[]=a&k[]=b`, `k[0]=a`, `k=a,b`, repeated `k=a`. */
export function queryList(query: RawQuery, name: string): string[] {
  const key = new RegExp(`^${name}(?:\\[\\d{0,3}\\])?$`);
  return Object.entries(query)
    .filter(([k]) => key.test(k))
    .flatMap(([, value]) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

const RawQuerySchema = v.record(v.string(), v.union([v.string(), v.array(v.string())]));
const single = (query: RawQuery, name: string): string | undefined => {
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
};
const PageSchema = v.pipe(v.optional(v.string(), '1'), v.regex(/^[1-9]\d{0,5}$/), v.transform(Number));
const PageSizeSchema = v.pipe(
  v.optional(v.string(), String(DATA_TABLE.rowsPerPage)),
  v.transform(Number),
  v.picklist(DATA_TABLE.rowsPerPageOptions),
);

/** `GET /v2/jobs` query: page (1-based), pageSize (20, 30, 40), search, status[], sort, select[]. */
export const OpeningListQuerySchema = v.pipe(
  RawQuerySchema,
  v.transform((query): { page?: string; pageSize?: string; search?: string; status: string[]; sort?: string; select: string[] } => ({
    page: single(query, 'page'),
    pageSize: single(query, 'pageSize'),
    search: single(query, 'search'),
    status: queryList(query, 'status'),
    sort: single(query, 'sort'),
    select: queryList(query, 'select'),
  })),
  v.object({
    page: PageSchema,
    pageSize: PageSizeSchema,
    search: v.optional(v.pipe(v.string(), plainText(), v.trim(), v.maxLength(200))),
    status: v.pipe(v.array(v.picklist(OPENING_STATUS_VALUES)), v.maxLength(OPENING_STATUS_VALUES.length)),
    sort: v.optional(v.picklist(OPENING_SORTS), DEFAULT_OPENING_SORT),
    select: v.pipe(v.array(v.pipe(v.string(), v.regex(/^[A-Za-z_]\w{0,49}$/))), v.maxLength(50)),
  }),
);
export type OpeningListQuery = v.InferOutput<typeof OpeningListQuerySchema>;

/** `GET /v2/jobs/{id}/applications` query. */
export const PageQuerySchema = v.pipe(
  RawQuerySchema,
  v.transform((query): { page?: string; pageSize?: string } => ({ page: single(query, 'page'), pageSize: single(query, 'pageSize') })),
  v.object({ page: PageSchema, pageSize: PageSizeSchema }),
);
export type PageQuery = v.InferOutput<typeof PageQuerySchema>;

/** `GET /v2/jobs/{id}/export/applications` query: at least one category (else 400 errors.invalidQuery). */
export const ExportQuerySchema = v.pipe(
  RawQuerySchema,
  v.transform((query) => ({ categories: [...new Set(queryList(query, 'categories'))], applicationIds: [...new Set(queryList(query, 'applicationIds'))] })),
  v.object({
    categories: v.pipe(v.array(v.picklist(EXPORT_CATEGORIES)), v.minLength(1), v.maxLength(EXPORT_CATEGORIES.length)),
    /** The pipeline's selection (issue 11): only these applications of the opening; none = all. */
    applicationIds: v.pipe(v.array(ObjectIdSchema), v.maxLength(200)),
  }),
);
export type ExportQuery = v.InferOutput<typeof ExportQuerySchema>;

// --- Answers -------------------------------------------------------------------------------

export const OpeningResourceSchema = v.object({
  _id: ObjectIdSchema,
  title: v.string(),
  referenceCode: v.nullable(v.string()),
  status: v.picklist(OPENING_STATUS_VALUES),
  language: v.picklist(LOCALES),
  description: v.string(),
  location: v.nullable(v.string()),
  contract: v.nullable(v.string()),
  applyForm: v.record(v.picklist(APPLY_FORM_FIELDS), v.picklist(APPLY_FIELD_LEVELS)),
  salary: v.nullable(SalarySchema),
  createdAt: v.string(),
  updatedAt: v.string(),
  postingsCount: v.number(),
  applicationsCount: v.number(),
  /** Where visitors find it now: the channel kinds of its open postings (empty: nowhere, whatever its status). */
  visibleOn: v.optional(v.array(v.picklist(POSTING_CHANNEL_KINDS)), []),
});
export type OpeningResource = v.InferOutput<typeof OpeningResourceSchema>;

/** A posting's channel; SPONTANEOUS only on a board's spontaneous-application posting. */
export const ChannelResourceSchema = v.object({ _id: ObjectIdSchema, kind: v.picklist([...POSTING_CHANNEL_KINDS, 'SPONTANEOUS']), url: v.string() });
export type ChannelResource = v.InferOutput<typeof ChannelResourceSchema>;

export const PostingResourceSchema = v.object({
  _id: ObjectIdSchema,
  openingId: ObjectIdSchema,
  status: v.picklist(POSTING_STATUS_VALUES),
  language: v.picklist(LOCALES),
  contents: v.record(
    v.picklist(LOCALES),
    v.object({ title: v.string(), description: v.string(), location: v.nullable(v.string()), contract: v.nullable(v.string()) }),
  ),
  channels: v.array(ChannelResourceSchema),
  validThrough: v.nullable(v.string()),
  employmentType: v.nullable(v.string()),
  salary: v.nullable(SalarySchema),
  addressCountry: v.nullable(v.string()),
  remote: v.boolean(),
  publishedAt: v.string(),
  /** The posting's languages without a privacy notice of the company: candidates there consent under another language's notice (issue 25). */
  privacyNoticeMissing: v.array(v.picklist(LOCALES)),
});
export type PostingResource = v.InferOutput<typeof PostingResourceSchema>;

/**
 * One application as the recruiter sees it: the candidate form fields of spec §3, without the meta
 * fields. Nationality, birth date, gender, address and salary are left out, and the CV and cover
 * letter files carry no download URL, for a recruiter without CANDIDATES:SENSITIVE:READ.
 */
export const ApplicantResourceSchema = v.object({
  _id: ObjectIdSchema,
  candidateId: ObjectIdSchema,
  personal: v.object({
    name: v.object({ first: v.string(), last: v.string() }),
    email: v.string(),
    nationality: v.optional(v.string()),
    phone: v.string(),
    birthDate: v.optional(v.string()),
    gender: v.optional(v.string()),
    address: v.optional(v.string()),
  }),
  expectedConditions: v.optional(v.object({ salary: v.string() })),
  profile: v.object({ capabilities: v.object({ drivingLicenses: v.array(v.string()), hasWorkPermit: v.string() }), url: v.string() }),
  appliedAt: v.string(),
  channel: v.object({ _id: ObjectIdSchema, kind: v.string() }),
  language: v.string(),
  /** The CV's file name, and where a recruiter of the company downloads it (null when no stored file backs it or the recruiter may not read it). */
  cv: v.nullable(v.object({ name: v.string(), url: v.nullable(v.string()) })),
  /** The cover letter as typed, and its file when one was sent (issue 9). */
  coverLetter: v.object({ text: v.string(), file: v.nullable(v.object({ name: v.string(), url: v.nullable(v.string()) })) }),
});
export type ApplicantResource = v.InferOutput<typeof ApplicantResourceSchema>;

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const CAN_DELETE_REASONS = ['opening.notArchived', 'opening.applicationsRetained'] as const;
export type CanDeleteReason = (typeof CAN_DELETE_REASONS)[number];
export const CanDeleteResponseSchema = v.object({ canBeDeleted: v.boolean(), reason: v.optional(v.picklist(CAN_DELETE_REASONS)) });
export type CanDeleteResponse = v.InferOutput<typeof CanDeleteResponseSchema>;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The export's file name (spec §7): 'Candidates Data {title}' plus ' ({referenceCode})' when present;
 * `prefix` is that words' translation in the recruiter's language (issue 26: the server's
 * `export.fileNamePrefix`). Characters that no file system takes (a title's "/" made a folder of the
 * name) become "-", control characters and runs of spaces one space, and the name stays within 150
 * characters before ".xlsx" (file systems cap names at 255 bytes).
 */
export function exportFileName(title: string, referenceCode?: string | null, prefix = 'Candidates Data'): string {
  const name = `${prefix} ${title}${referenceCode ? ` (${referenceCode})` : ''}`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const safe = name.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/[/\\:*?"<>|]/g, '-').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  return `${Array.from(safe).slice(0, 150).join('').trim()}.xlsx`;
}
