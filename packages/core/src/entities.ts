import * as v from 'valibot';
import { APPLY_FIELD_LEVELS } from './apply-form';
import { ContractTypeSchema } from './contract-types';
import { ObjectIdSchema } from './ids';
import { LocaleSchema, LocalizedTextSchema } from './localized-text';
import { PrivacyNoticeSchema } from './privacy-notice';
import type { Theme } from './theme';

export const OfferInformationSchema = v.object({
  title: LocalizedTextSchema,
  description: v.optional(LocalizedTextSchema),
  location: v.optional(LocalizedTextSchema),
});

/** An offer: one posting of an opening, as a candidate sees it through a channel (spec §3). */
export const OfferSchema = v.object({
  _id: ObjectIdSchema,
  language: LocaleSchema,
  channelId: ObjectIdSchema,
  information: OfferInformationSchema,
  url: v.object({ canonical: v.string() }),
  /** The place the job is at (its key, "LU:luxembourg"): the board's location facet counts per place (issue 25). */
  placeId: v.optional(v.string()),
  /** The board the offer is listed on (its full page): the offer page's way back to all positions (issue 25). */
  boardUrl: v.optional(v.string()),
  datePosted: v.optional(v.string()),
  validThrough: v.optional(v.nullable(v.string())),
  company: v.optional(
    v.object({
      _id: ObjectIdSchema,
      name: v.string(),
      /**
       * The company's privacy notices for applicants, one per language it wrote (the company's
       * default language first; the platform's default notice when it wrote none): the apply form
       * shows the one of its page's language (`pickPrivacyNotice`) and says which it showed.
       */
      privacyNotices: v.optional(v.array(PrivacyNoticeSchema)),
      /** Absolute URL of the company's logo, and its own pages (website, profiles): JSON-LD hiringOrganization. */
      logo: v.optional(v.string()),
      /** The default logo with its pixel size (issue 13): widgets reserve its box so nothing shifts. */
      logoImage: v.optional(v.object({ url: v.string(), width: v.number(), height: v.number() })),
      sameAs: v.optional(v.array(v.string())),
    }),
  ),
  /** How a candidate may apply besides the form: "apply with Indeed" only when the server is configured for it. */
  applyOptions: v.optional(v.object({ indeed: v.boolean(), indeedUrl: v.optional(v.string()) })),
  /** schema.org employmentType, from the contract code (else the posting's stored value): see employmentTypeOf. */
  employmentType: v.optional(v.nullable(v.string())),
  /** A code of CONTRACT_TYPES, translated by clients (`contractTypes.<code>`); null when the recruiter gave none. */
  contractType: v.optional(v.nullable(ContractTypeSchema)),
  /** The board's spontaneous application: no contract, no publish date, no task list (its own layout). */
  spontaneous: v.optional(v.boolean()),
  /** The pay range when the recruiter shows it (issue 17, EU pay transparency); absent otherwise. */
  salary: v.optional(
    v.object({ min: v.number(), max: v.number(), currency: v.string(), period: v.picklist(['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR']) }),
  ),
  /** Where the job is, for JSON-LD: ISO 3166-1 country, and whether it is fully remote. */
  place: v.optional(v.object({ country: v.nullable(v.string()), remote: v.boolean() })),
  /**
   * The schema.org JobPosting without its description, built by the server (job-posting.ts):
   * an embedded offer adds it, with the description it shows, to the career site's head, without
   * carrying the builder in its bundle. Absent for the spontaneous application (no job posting).
   */
  jobPosting: v.optional(v.record(v.string(), v.unknown())),
  /** Which fields the apply form asks (issue 9); absent means the defaults of apply-form.ts. */
  applyForm: v.optional(v.record(v.string(), v.picklist(APPLY_FIELD_LEVELS))),
});
/**
 * `theme`: the company's brand and default logo (issue 16), which the offer widget applies. Its
 * schema (theme-schema.ts) is not part of OfferSchema: it needs the brand schema, whose module
 * imports this one.
 */
export type Offer = v.InferOutput<typeof OfferSchema> & { theme?: Theme };

/** A company's job board (spec §3). */
export const BoardSchema = v.object({
  _id: ObjectIdSchema,
  language: LocaleSchema,
  /** The name in the board's own language (the fallback of `names`). */
  name: v.string(),
  /** The name per language, like offer titles; clients show it with `pickText(names, locale, language)`. */
  names: v.optional(LocalizedTextSchema),
  company: v.object({
    _id: ObjectIdSchema,
    name: v.string(),
    /** The company's default logo with its pixel size (issue 13); absent without one. */
    logo: v.optional(v.object({ url: v.string(), width: v.number(), height: v.number() })),
  }),
  spontaneousOfferChannelUrl: v.nullable(v.string()),
});
/** `theme`: as for the offer. */
export type Board = v.InferOutput<typeof BoardSchema> & { theme?: Theme };

export const BuildInfoSchema = v.object({ buildId: v.string(), timestamp: v.number() });
export type BuildInfo = v.InferOutput<typeof BuildInfoSchema>;

/** Query of the public offer endpoints: `language` (or its alias `lang`). */
export const LanguageQuerySchema = v.object({
  language: v.optional(v.string()),
  lang: v.optional(v.string()),
});
