import * as v from 'valibot';
import { LOCALES } from './constants';

/**
 * The locale and localized-text schemas: a leaf that every schema of core builds on (offers,
 * openings, steps, company settings). It imports only the constants, so no ring can form through it.
 */
export const LocaleSchema = v.picklist(LOCALES);

/** Text per language; a language may be missing. */
export const LocalizedTextSchema = v.record(LocaleSchema, v.optional(v.string()));
export type LocalizedText = Partial<Record<(typeof LOCALES)[number], string>>;
