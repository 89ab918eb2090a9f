import type { Rule } from './form-rules';

/** Column widths at md and up come from FORM_COLUMNS_MD under these names (spec §9). */
export type FormColumn = 'email' | 'name' | 'nationality' | 'phone' | 'birthDate' | 'gender' | 'address' | 'salary' | 'drivingLicenses' | 'hasWorkPermit';

export const GENDERS = ['female', 'male', 'nonBinary', 'undisclosed'] as const;
export const DRIVING_LICENSES = ['AM', 'A', 'B', 'BE', 'C', 'CE', 'D', 'DE'] as const;
export const WORK_PERMIT_ANSWERS = ['yes', 'no'] as const;

export type ApplicationFieldName =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'nationality'
  | 'phone'
  | 'birthDate'
  | 'gender'
  | 'address'
  | 'salary'
  | 'drivingLicenses'
  | 'hasWorkPermit';

export interface ApplicationFieldDefinition {
  name: ApplicationFieldName;
  kind: 'text' | 'email' | 'tel' | 'date' | 'select' | 'checkboxes' | 'textarea';
  column: FormColumn;
  autoComplete?: string;
  /** For select and checkboxes: the values (labels are translated). */
  options?: readonly string[];
  rules: readonly Rule[];
}

const PHONE = /^\+?[0-9 ()./-]{6,24}$/;
const SALARY = /^\d{1,9}$/;

/**
 * The recruiter-facing candidate form fields of spec §3, in form order. agentEmail and
 * companyReferralCode are meta: carried hidden, never shown.
 */
export const APPLICATION_FIELDS: readonly ApplicationFieldDefinition[] = [
  { name: 'firstName', kind: 'text', column: 'name', autoComplete: 'given-name', rules: [{ name: 'required' }, { name: 'max', length: 100 }] },
  { name: 'lastName', kind: 'text', column: 'name', autoComplete: 'family-name', rules: [{ name: 'required' }, { name: 'max', length: 100 }] },
  { name: 'email', kind: 'email', column: 'email', autoComplete: 'email', rules: [{ name: 'required' }, { name: 'email' }, { name: 'max', length: 254 }] },
  { name: 'nationality', kind: 'text', column: 'nationality', autoComplete: 'country-name', rules: [{ name: 'max', length: 100 }] },
  { name: 'phone', kind: 'tel', column: 'phone', autoComplete: 'tel', rules: [{ name: 'regex', pattern: PHONE }] },
  { name: 'birthDate', kind: 'date', column: 'birthDate', autoComplete: 'bday', rules: [{ name: 'date' }] },
  { name: 'gender', kind: 'select', column: 'gender', options: GENDERS, rules: [{ name: 'regex', pattern: new RegExp(`^(${GENDERS.join('|')})$`) }] },
  { name: 'address', kind: 'textarea', column: 'address', autoComplete: 'street-address', rules: [{ name: 'min', length: 5 }, { name: 'max', length: 300 }] },
  { name: 'salary', kind: 'text', column: 'salary', rules: [{ name: 'regex', pattern: SALARY }] },
  { name: 'drivingLicenses', kind: 'checkboxes', column: 'drivingLicenses', options: DRIVING_LICENSES, rules: [] },
  { name: 'hasWorkPermit', kind: 'select', column: 'hasWorkPermit', options: WORK_PERMIT_ANSWERS, rules: [] },
];

/** Rules of every field validated before submit, by name (the form fields, the CV and the consent). */
export const APPLICATION_RULES: Readonly<Record<string, readonly Rule[]>> = {
  ...Object.fromEntries(APPLICATION_FIELDS.map((field) => [field.name, field.rules])),
  cv: [{ name: 'required' }],
  gdprConsent: [{ name: 'required' }],
};

/** Answer of the submission: the application and whether this call created it. */
export interface ApplicationReceipt {
  applicationId: string;
  candidateId: string;
  /** False when the submission id was seen before: nothing new was created. */
  created: boolean;
  /**
   * A new application's bearer token for its step flow (issue 10): the embedded offer keeps it
   * in memory to continue the steps in place; the magic link is the way back later.
   */
  stepsToken?: string;
}

export interface ReferralLink {
  code: string;
  url: string;
}

/** `GET /v2/share/{slug}`: the offer channel behind a short link. */
export interface ShareLink {
  slug: string;
  channelId: string;
  /** The short public URL itself. */
  url: string;
  /** The offer page the link opens. */
  offerUrl: string;
}
