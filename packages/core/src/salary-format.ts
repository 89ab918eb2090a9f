/**
 * The amounts of a salary range in `locale` ("45 000–60 000 €", "€45,000–€60,000"), with
 * Intl.NumberFormat so every language gets its own separators and currency placement. The
 * period ("per year") is translated by the caller. Kept apart from salary.ts (valibot) so the
 * offer widget carries only this.
 */
export function formatSalaryRange(salary: { min: number; max: number; currency: string }, locale: string): string {
  // Cents only where an amount has them: "65 000 €", "17,50 €".
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: salary.currency, trailingZeroDisplay: 'stripIfInteger' });
  return salary.min === salary.max ? format.format(salary.min) : format.formatRange(salary.min, salary.max);
}
