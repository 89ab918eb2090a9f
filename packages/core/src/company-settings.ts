import * as v from 'valibot';
import { LOCALES, type Locale } from './constants';
import { LocaleSchema } from './localized-text';
import { DEFAULT_RETENTION_DAYS } from './openings';

/**
 * The company settings contract shared by the settings pages (issue 13), the brand (issue 16),
 * the pipeline (issue 11) and the portal's consent and retention (issue 12). Stored in
 * `companies.settings` (jsonb) under the keys below; read through `companySettingsOf`, which
 * fills defaults so no reader has to.
 */

// --- Brand (issue 16) -------------------------------------------------------------------------

export const BRAND_COLOR_KEYS = ['primary', 'onPrimary', 'text', 'muted', 'surface', 'border', 'background'] as const;
export type BrandColorKey = (typeof BRAND_COLOR_KEYS)[number];

/**
 * Fonts a company may pick: stacks every visitor has, so a widget never downloads a font from a
 * third party. `inherit` uses the career site's own font.
 */
export const BRAND_FONTS = ['inherit', 'system', 'humanist', 'geometric', 'serif', 'rounded', 'monospace'] as const;
export type BrandFont = (typeof BRAND_FONTS)[number];

const HexColorSchema = v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'errors.color'));

export const BrandSchema = v.object({
  // Written out rather than built from BRAND_COLOR_KEYS: a computed argument (Object.fromEntries) is a
  // call the bundler must keep, and with it this whole unused schema in every widget bundle.
  colors: v.optional(
    v.partial(
      v.object({
        primary: HexColorSchema,
        onPrimary: HexColorSchema,
        text: HexColorSchema,
        muted: HexColorSchema,
        surface: HexColorSchema,
        border: HexColorSchema,
        background: HexColorSchema,
      } satisfies Record<BrandColorKey, typeof HexColorSchema>),
    ),
  ),
  font: v.optional(v.picklist(BRAND_FONTS)),
  /** Corner radius in px. */
  radius: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(24))),
  /** Multiplies the widgets' spacing scale. */
  spacing: v.optional(v.pipe(v.number(), v.minValue(0.75), v.maxValue(1.5))),
});
export type Brand = v.InferOutput<typeof BrandSchema>;

// --- Pipeline stages (issue 11) ---------------------------------------------------------------

/** What a stage means for counts and the candidate: still open, hired, or closed by a rejection. */
export const STAGE_KINDS = ['open', 'hired', 'rejected'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];

/** Stage ids are codes (the stage history's check constraint: ^[A-Z_]{2,40}$); names are translated. */
export const StageIdSchema = v.pipe(v.string(), v.regex(/^[A-Z_]{2,40}$/, 'errors.stageId'));

export const PipelineStageSchema = v.object({
  id: StageIdSchema,
  kind: v.picklist(STAGE_KINDS),
  /** A company's own name per language; without one the stage's translated default name (`stages.<id>`) shows. */
  names: v.optional(v.record(LocaleSchema, v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40)))),
});
export type PipelineStage = v.InferOutput<typeof PipelineStageSchema>;

export const DEFAULT_STAGES: readonly PipelineStage[] = [
  { id: 'NEW', kind: 'open' },
  { id: 'IN_REVIEW', kind: 'open' },
  { id: 'INTERVIEW', kind: 'open' },
  { id: 'OFFER', kind: 'open' },
  { id: 'HIRED', kind: 'hired' },
  { id: 'REJECTED', kind: 'rejected' },
];

/** The stage list: 2 to 12 stages, unique ids, exactly one hired and one rejected stage, starting with an open one. */
export const PipelineStagesSchema = v.pipe(
  v.array(PipelineStageSchema),
  v.minLength(3),
  v.maxLength(12),
  v.check((stages) => new Set(stages.map((stage) => stage.id)).size === stages.length, 'errors.stagesUnique'),
  v.check((stages) => stages.filter((stage) => stage.kind === 'hired').length === 1 && stages.filter((stage) => stage.kind === 'rejected').length === 1, 'errors.stagesKinds'),
  v.check((stages) => stages[0]?.kind === 'open', 'errors.stagesFirstOpen'),
);

// --- The settings -----------------------------------------------------------------------------

export const DEFAULT_CONSENT_MONTHS = 12;

/** `PATCH /v2/companies/settings`: every field optional, unknown keys refused. */
export const CompanySettingsPatchSchema = v.strictObject({
  name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(120))),
  defaultLanguage: v.optional(LocaleSchema),
  /** Shown above the consent box of the apply form, per language. */
  privacyNotice: v.optional(v.record(LocaleSchema, v.pipe(v.string(), v.maxLength(5000)))),
  retentionDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(30), v.maxValue(3650))),
  consentMonths: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(36))),
  brand: v.optional(BrandSchema),
  stages: v.optional(PipelineStagesSchema),
});
export type CompanySettingsPatch = v.InferOutput<typeof CompanySettingsPatchSchema>;

/** The settings as every reader sees them: defaults filled. */
export interface EffectiveCompanySettings {
  language: Locale;
  privacyNotice: Partial<Record<Locale, string>>;
  retentionDays: number;
  consentMonths: number;
  brand: Brand;
  stages: readonly PipelineStage[];
}

/** Reads the stored jsonb (which may predate any of these keys) with defaults; invalid stored values fall back too. */
export function companySettingsOf(stored: Record<string, unknown> | null | undefined, retentionDaysDefault = DEFAULT_RETENTION_DAYS): EffectiveCompanySettings {
  const settings = stored ?? {};
  const language = typeof settings.language === 'string' && (LOCALES as readonly string[]).includes(settings.language) ? (settings.language as Locale) : 'en';
  const parsed = <T>(schema: v.GenericSchema<unknown, T>, value: unknown, fallback: T): T => {
    const result = v.safeParse(schema, value);
    return result.success ? result.output : fallback;
  };
  return {
    language,
    privacyNotice: parsed(v.record(LocaleSchema, v.string()), settings.privacyNotice, {}),
    retentionDays: parsed(v.pipe(v.number(), v.integer()), settings.retentionDays, retentionDaysDefault),
    consentMonths: parsed(v.pipe(v.number(), v.integer()), settings.consentMonths, DEFAULT_CONSENT_MONTHS),
    brand: parsed(BrandSchema, settings.brand, {}),
    stages: parsed(PipelineStagesSchema, settings.stages, DEFAULT_STAGES),
  };
}
