import * as v from 'valibot';
import { ContractTypeSchema } from './contract-types';
import { LocaleSchema } from './localized-text';

/** Longest `location` or `contract` filter accepted: longer than any stored value, short enough to keep URLs sane. */
export const OFFER_COUNT_FILTER_MAX = 200;

const FilterSchema = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(OFFER_COUNT_FILTER_MAX)));

/**
 * Query of `GET /v2/boards/:id/offer-count`: an optional `location` filter matching an offer whose
 * location in any language is the same, ignoring case and accents, and an optional `contract`
 * filter: a contract-type code (contracts are codes since the contract-type migration, so a
 * translated word would depend on the page language).
 */
export const OfferCountQuerySchema = v.object({
  location: FilterSchema,
  contract: v.optional(ContractTypeSchema),
  /**
   * The language the badge's page asks for (its attribute, `?language=`, nearest `lang`; issue 25):
   * the server finishes the one language rule with Accept-Language and the board's language, and
   * answers the result as `language` (the badge carries no copy of the rule: its 8 KB budget).
   */
  language: v.optional(v.pipe(v.string(), v.maxLength(35))),
});
export type OfferCountQuery = v.InferOutput<typeof OfferCountQuerySchema>;

/**
 * Answer of `GET /v2/boards/:id/offer-count`: how many open offers the board lists (after the
 * filters), and the visitor's language by the one rule (`language` query, Accept-Language, the
 * board's language, English).
 */
export const OfferCountSchema = v.object({
  count: v.pipe(v.number(), v.integer(), v.minValue(0)),
  language: LocaleSchema,
  /** The company's brand as `--rec-*` values (issue 25: the badge carries the theme the board next to it carries). */
  properties: v.optional(v.record(v.string(), v.string())),
});
export type OfferCount = v.InferOutput<typeof OfferCountSchema>;
