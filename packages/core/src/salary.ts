import * as v from 'valibot';
import { ERROR_KEYS } from './errors';

/**
 * A job's pay range (issue 17): the EU pay transparency directive (2023/970) makes a range in job
 * ads the norm, so openings and postings carry one, shown only when the recruiter says so.
 */

/** schema.org's unitText values for QuantitativeValue in a JobPosting's baseSalary. */
export const SALARY_PERIODS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

/**
 * ISO 4217 codes a recruiter may choose: the currencies of the EU/EEA, the UK and Switzerland,
 * and the US dollar. A short list keeps the picker usable; a code outside it is a 400.
 */
export const SALARY_CURRENCIES = ['EUR', 'BGN', 'CHF', 'CZK', 'DKK', 'GBP', 'HUF', 'ISK', 'NOK', 'PLN', 'RON', 'SEK', 'USD'] as const;
export type SalaryCurrency = (typeof SALARY_CURRENCIES)[number];

/** Above any real pay in any of the listed currencies (a yearly 1e9 HUF is ~2.5 M EUR): catches typos and overflow. */
export const SALARY_MAX_AMOUNT = 1_000_000_000;

/** One message for every amount rule: the form says what an amount must be (positive, sane, cents at most). */
const AMOUNT = ERROR_KEYS.salaryAmount;
const AmountSchema = v.pipe(
  v.number(AMOUNT),
  v.finite(AMOUNT),
  v.gtValue(0, AMOUNT),
  v.maxValue(SALARY_MAX_AMOUNT, AMOUNT),
  // Cents at most: a pay range is never finer, and floats stay exact when shown.
  v.check((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, AMOUNT),
);

export const SalarySchema = v.pipe(
  v.strictObject({
    min: AmountSchema,
    max: AmountSchema,
    currency: v.picklist(SALARY_CURRENCIES, 'errors.not_one_of'),
    period: v.picklist(SALARY_PERIODS, 'errors.not_one_of'),
    /** Whether visitors see it (offer page, board, JSON-LD); stored either way for the recruiter. */
    show: v.boolean(),
  }),
  v.forward(
    v.check((salary) => salary.min <= salary.max, ERROR_KEYS.salaryMinAboveMax),
    ['max'],
  ),
);
export type Salary = v.InferOutput<typeof SalarySchema>;

/** A request field: a range, or null to clear it. */
export const SalaryFieldSchema = v.nullable(SalarySchema);

/** What visitors see of a salary: the range without the switch (absent when hidden). */
export type PublicSalary = Omit<Salary, 'show'>;

/** The public part of a stored salary: undefined when there is none, it is hidden, or the stored value is not a valid range. */
export function publicSalaryOf(stored: unknown): PublicSalary | undefined {
  const parsed = v.safeParse(SalarySchema, stored);
  if (!parsed.success || !parsed.output.show) return undefined;
  const { min, max, currency, period } = parsed.output;
  return { min, max, currency, period };
}
