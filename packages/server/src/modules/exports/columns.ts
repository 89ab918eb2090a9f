import { EXPORT_CATEGORIES, type ExportCategory } from '@rec/core';
import { formList, formText } from '../applicants/fields';
import type { ApplicantRow } from '../applicants/repository';

export type CellValue = string | number | null;

export interface ExportColumn {
  key: string;
  header: string;
  width: number;
  value(row: ApplicantRow): CellValue;
}

const iso = (value: Date | string | null): string | null => (value ? new Date(value).toISOString() : null);
const text = (name: string) => (row: ApplicantRow) => formText(row.form, name) || null;

/** The export's columns per category (contract of issue 5), in sheet order. */
export const EXPORT_COLUMNS: Record<ExportCategory, readonly ExportColumn[]> = {
  PERSONAL: [
    { key: 'firstName', header: 'First name', width: 18, value: text('firstName') },
    { key: 'lastName', header: 'Last name', width: 18, value: text('lastName') },
    { key: 'email', header: 'Email', width: 30, value: text('email') },
    { key: 'phone', header: 'Phone', width: 18, value: text('phone') },
    { key: 'nationality', header: 'Nationality', width: 16, value: text('nationality') },
    { key: 'birthDate', header: 'Birth date', width: 12, value: text('birthDate') },
    { key: 'gender', header: 'Gender', width: 12, value: text('gender') },
    { key: 'address', header: 'Address', width: 40, value: text('address') },
  ],
  OPERATIONAL: [
    { key: 'applicationId', header: 'Application ID', width: 26, value: (row) => row.id },
    { key: 'appliedAt', header: 'Applied at', width: 25, value: (row) => iso(row.created_at) },
    { key: 'channel', header: 'Channel', width: 12, value: (row) => row.channel_kind },
    { key: 'language', header: 'Language', width: 10, value: (row) => row.language },
    { key: 'referralCode', header: 'Referral code', width: 16, value: (row) => row.referral_code },
    { key: 'consentGivenAt', header: 'Consent given at', width: 25, value: (row) => iso(row.consent_given_at) },
  ],
  PROFESSIONAL: [
    {
      key: 'expectedSalary',
      header: 'Expected salary',
      width: 16,
      value: (row) => {
        const salary = formText(row.form, 'salary');
        return /^\d{1,15}$/.test(salary) ? Number(salary) : salary || null;
      },
    },
    { key: 'drivingLicenses', header: 'Driving licenses', width: 18, value: (row) => formList(row.form, 'drivingLicenses').join(', ') || null },
    { key: 'workPermit', header: 'Work permit', width: 12, value: text('hasWorkPermit') },
    { key: 'cvFileName', header: 'CV file name', width: 30, value: (row) => row.cv_name },
  ],
};

/** The columns of the chosen categories, always in the order PERSONAL, OPERATIONAL, PROFESSIONAL. */
export function exportColumns(categories: readonly ExportCategory[]): ExportColumn[] {
  return EXPORT_CATEGORIES.filter((category) => categories.includes(category)).flatMap((category) => EXPORT_COLUMNS[category]);
}
