import { EXPORT_CATEGORIES, type ExportCategory, languageName } from '@rec/core';
import { parseFormDate } from '@rec/core/form-rules';
import type { TFunction } from 'i18next';
import { formList, formText } from '../applicants/fields';
import type { ApplicantRow } from '../applicants/repository';

export type CellValue = string | number | Date | null;

/** What a cell needs to speak the recruiter's language: the export translator and the language. */
export interface CellContext {
  /** `serverT(language, 'export')`. */
  t: TFunction;
  language: string;
  /** Labels already looked up, by `group.code` (one lookup per distinct code, not per row). */
  labels?: Map<string, string>;
}

export interface ExportColumn {
  /** Also names the header text: `export.columns.{key}` in the server locale part. */
  key: string;
  width: number;
  /** The Excel number format of the column's date cells (a real date shown DD/MM/YYYY, spec §9). */
  numFmt?: string;
  value(row: ApplicantRow, context: CellContext): CellValue;
}

const DATE_FORMAT = 'dd/mm/yyyy';
const text = (name: string) => (row: ApplicantRow) => formText(row.form, name) || null;
const date = (value: Date | string | null): Date | null => (value ? new Date(value) : null);

/** A stored code shown with its label (`values.{group}.{code}`); a code without one stays as typed. */
function label(group: string, code: string | null, context: CellContext): string | null {
  if (!code) return null;
  const key = `${group}.${code}`;
  context.labels ??= new Map();
  let text = context.labels.get(key);
  if (text === undefined) {
    text = group === 'language' ? languageName(code, context.language) : context.t(`values.${key}`, { defaultValue: code });
    context.labels.set(key, text);
  }
  return text;
}


/** The export's columns per category (contract of issue 5), in sheet order; codes translated, dates as dates (issue 9). */
export const EXPORT_COLUMNS: Record<ExportCategory, readonly ExportColumn[]> = {
  PERSONAL: [
    { key: 'firstName', width: 18, value: text('firstName') },
    { key: 'lastName', width: 18, value: text('lastName') },
    { key: 'email', width: 30, value: text('email') },
    { key: 'phone', width: 18, value: text('phone') },
    { key: 'nationality', width: 16, value: text('nationality') },
    {
      key: 'birthDate',
      width: 12,
      numFmt: DATE_FORMAT,
      // Stored DD/MM/YYYY as typed; anything that is not a real date stays text.
      value: (row) => {
        const typed = formText(row.form, 'birthDate');
        return parseFormDate(typed) ?? (typed || null);
      },
    },
    { key: 'gender', width: 16, value: (row, context) => label('gender', formText(row.form, 'gender'), context) },
    { key: 'address', width: 40, value: text('address') },
  ],
  OPERATIONAL: [
    { key: 'applicationId', width: 26, value: (row) => row.id },
    { key: 'appliedAt', width: 12, numFmt: DATE_FORMAT, value: (row) => date(row.created_at) },
    { key: 'channel', width: 22, value: (row, context) => label('channel', row.channel_kind, context) },
    { key: 'language', width: 14, value: (row, context) => label('language', row.language, context) },
    { key: 'referralCode', width: 16, value: (row) => row.referral_code },
    // Where the candidate came from (issue 30): the link's campaign and the referring page, origin and path only.
    { key: 'utmSource', width: 16, value: (row) => row.utm_source },
    { key: 'utmMedium', width: 14, value: (row) => row.utm_medium },
    { key: 'utmCampaign', width: 22, value: (row) => row.utm_campaign },
    { key: 'referrer', width: 40, value: (row) => row.referrer },
    // The moment of consent is evidence: its time is kept.
    { key: 'consentGivenAt', width: 17, numFmt: `${DATE_FORMAT} hh:mm`, value: (row) => date(row.consent_given_at) },
  ],
  PROFESSIONAL: [
    {
      key: 'expectedSalary',
      width: 16,
      value: (row) => {
        const salary = formText(row.form, 'salary');
        return /^\d{1,15}$/.test(salary) ? Number(salary) : salary || null;
      },
    },
    { key: 'drivingLicenses', width: 18, value: (row, context) => formList(row.form, 'drivingLicenses').map((code) => label('drivingLicense', code, context) ?? code).join(', ') || null },
    { key: 'workPermit', width: 12, value: (row, context) => label('yesNo', formText(row.form, 'hasWorkPermit'), context) },
    { key: 'cvFileName', width: 30, value: (row) => row.cv_name },
  ],
};

/** The columns of the chosen categories, always in the order PERSONAL, OPERATIONAL, PROFESSIONAL. */
export function exportColumns(categories: readonly ExportCategory[]): ExportColumn[] {
  return EXPORT_CATEGORIES.filter((category) => categories.includes(category)).flatMap((category) => EXPORT_COLUMNS[category]);
}
