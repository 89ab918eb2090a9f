import { formatSalaryRange, SALARY_CURRENCIES, SALARY_PERIODS, type Salary, SalarySchema } from '@rec/core';
import { TextField } from '@rec/ui';
import { useId } from 'react';
import * as v from 'valibot';
import { useT } from '../../i18n';
import { SelectField } from './shared';

/**
 * The salary range of an opening or posting (issue 17): min, max, currency, period and whether
 * candidates see it. Amounts are typed as text and checked with the shared SalarySchema, so the
 * form and the server agree; both amounts empty means no range.
 */
export interface SalaryDraft {
  min: string;
  max: string;
  currency: string;
  period: string;
  show: boolean;
}

export function salaryDraftOf(salary: Salary | null | undefined): SalaryDraft {
  return salary
    ? { min: String(salary.min), max: String(salary.max), currency: salary.currency, period: salary.period, show: salary.show }
    : { min: '', max: '', currency: 'EUR', period: 'YEAR', show: true };
}

/** "45 000", "45.000,50" or "45,000.50" as typed in any of our languages: spaces dropped, the last separator with 1-2 digits after it is the decimal one. */
export function parseAmount(text: string): number {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  if (!/^\d[\d.,]*$/.test(compact)) return Number.NaN;
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/g, '');
  return Number(decimal ? `${whole}.${decimal[1]}` : whole);
}

export type SalaryCheck = { salary: Salary | null; errors?: undefined } | { salary?: undefined; errors: Partial<Record<'min' | 'max', string>> };

/** The range to send, or the translation keys of what is wrong with it. */
export function checkSalary(draft: SalaryDraft): SalaryCheck {
  if (!draft.min.trim() && !draft.max.trim()) return { salary: null };
  const parsed = v.safeParse(SalarySchema, { min: parseAmount(draft.min), max: parseAmount(draft.max), currency: draft.currency, period: draft.period, show: draft.show });
  if (parsed.success) return { salary: parsed.output };
  const errors: Partial<Record<'min' | 'max', string>> = {};
  for (const issue of parsed.issues) {
    const field = issue.path?.[0]?.key;
    if ((field === 'min' || field === 'max') && !errors[field]) errors[field] = issue.message;
  }
  return { errors: Object.keys(errors).length ? errors : { min: 'salaryFields.errors.amount' } };
}

/** The range as a wizard's review shows it ("45 000–60 000 € · Year"); empty when none or invalid. */
export function salaryReview(draft: SalaryDraft | undefined, locale: string, t: (key: string) => string): string {
  const salary = draft ? checkSalary(draft).salary : null;
  return salary ? `${formatSalaryRange(salary, locale)} · ${t(`salaryFields.periods.${salary.period}`)}` : '';
}

export function SalaryFields({ value, onChange, showErrors }: { value: SalaryDraft; onChange: (value: SalaryDraft) => void; showErrors: boolean }) {
  const t = useT();
  const id = useId();
  const errors = showErrors ? (checkSalary(value).errors ?? {}) : {};
  const set = (change: Partial<SalaryDraft>) => onChange({ ...value, ...change });
  return (
    <fieldset className="salary-fields" aria-describedby={`${id}-help`}>
      <legend>{t('salaryFields.title')}</legend>
      <p id={`${id}-help`} className="field-hint">
        {t('salaryFields.help')}
      </p>
      <TextField
        label={t('salaryFields.min')}
        name="salary-min"
        inputMode="decimal"
        autoComplete="off"
        value={value.min}
        onChange={(event) => set({ min: event.target.value })}
        error={errors.min ? t(errors.min) : undefined}
      />
      <TextField
        label={t('salaryFields.max')}
        name="salary-max"
        inputMode="decimal"
        autoComplete="off"
        value={value.max}
        onChange={(event) => set({ max: event.target.value })}
        error={errors.max ? t(errors.max) : undefined}
      />
      <SelectField
        label={t('salaryFields.currency')}
        name="salary-currency"
        value={value.currency}
        onChange={(event) => set({ currency: event.target.value })}
        options={SALARY_CURRENCIES.map((code) => ({ value: code, label: code }))}
      />
      <SelectField
        label={t('salaryFields.period')}
        name="salary-period"
        value={value.period}
        onChange={(event) => set({ period: event.target.value })}
        options={SALARY_PERIODS.map((period) => ({ value: period, label: t(`salaryFields.periods.${period}`) }))}
      />
      <label className="salary-show">
        <input type="checkbox" name="salary-show" checked={value.show} onChange={(event) => set({ show: event.target.checked })} /> {t('salaryFields.show')}
      </label>
    </fieldset>
  );
}
