import { EXPORT_CATEGORIES, type ExportCategory } from '@rec/core';
import { formList, formText } from '../applicants/fields';
import type { ApplicantRow } from '../applicants/repository';

export type CellValue = string | number | null;

export interface ExportColumn {
  /** Also names the header text: `export.columns.{key}` in the server locale part. */
  key: string;
  width: number;
  value(row: ApplicantRow): CellValue;
}

const iso = (value: Date | string | null): string | null => (value ? new Date(value).toISOString() : null);
const text = (name: string) => (row: ApplicantRow) => formText(row.form, name) || null;

/** The export's columns per category (contract of issue 5), in sheet order. */
export const EXPORT_COLUMNS: Record<ExportCategory, readonly ExportColumn[]> = {
  PERSONAL: [
    { key: 'firstName', width: 18, value: text('firstName') },
    { key: 'lastName', width: 18, value: text('lastName') },
    { key: 'email', width: 30, value: text('email') },
    { key: 'phone', width: 18, value: text('phone') },
    { key: 'nationality', width: 16, value: text('nationality') },
    { key: 'birthDate', width: 12, value: text('birthDate') },
    { key: 'gender', width: 12, value: text('gender') },
    { key: 'address', width: 40, value: text('address') },
  ],
  OPERATIONAL: [
    { key: 'applicationId', width: 26, value: (row) => row.id },
    { key: 'appliedAt', width: 25, value: (row) => iso(row.created_at) },
    { key: 'channel', width: 12, value: (row) => row.channel_kind },
    { key: 'language', width: 10, value: (row) => row.language },
    { key: 'referralCode', width: 16, value: (row) => row.referral_code },
    { key: 'consentGivenAt', width: 25, value: (row) => iso(row.consent_given_at) },
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
    { key: 'drivingLicenses', width: 18, value: (row) => formList(row.form, 'drivingLicenses').join(', ') || null },
    { key: 'workPermit', width: 12, value: text('hasWorkPermit') },
    { key: 'cvFileName', width: 30, value: (row) => row.cv_name },
  ],
};

/** The columns of the chosen categories, always in the order PERSONAL, OPERATIONAL, PROFESSIONAL. */
export function exportColumns(categories: readonly ExportCategory[]): ExportColumn[] {
  return EXPORT_CATEGORIES.filter((category) => categories.includes(category)).flatMap((category) => EXPORT_COLUMNS[category]);
}
