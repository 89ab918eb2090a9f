import { type ApplyFormConfig, fieldLevel } from './apply-form';
import type { Rule } from './form-rules';

/** Column widths at md and up come from FORM_COLUMNS_MD under these names (spec §9). */
export type FormColumn =
  | 'email'
  | 'name'
  | 'nationality'
  | 'phone'
  | 'birthDate'
  | 'gender'
  | 'address'
  | 'salary'
  | 'drivingLicenses'
  | 'hasWorkPermit'
  | 'coverLetter'
  | 'profileUrl';

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
  | 'hasWorkPermit'
  | 'coverLetter'
  | 'profileUrl';

export interface ApplicationFieldDefinition {
  name: ApplicationFieldName;
  kind: 'text' | 'email' | 'tel' | 'url' | 'date' | 'select' | 'checkboxes' | 'textarea';
  /** Its column width name when it is not the field's own name (spec §9). */
  column?: FormColumn;
  autoComplete?: string;
  /** For select and checkboxes: the values (labels are translated). */
  options?: readonly string[];
  rules: readonly Rule[];
}

const PHONE = /^\+?[0-9 ()./-]{6,24}$/;
const SALARY = /^\d{1,9}$/;
/** A cover letter typed into the form: about two pages. */
export const COVER_LETTER_MAX = 6000;

/**
 * The recruiter-facing candidate form fields of spec §3, in form order, then the cover letter
 * and a profile URL (issue 9). agentEmail and companyReferralCode are meta: carried hidden, never
 * shown. Which of them an opening asks is its apply form configuration (apply-form.ts).
 */
export const APPLICATION_FIELDS: readonly ApplicationFieldDefinition[] = [
  { name: 'firstName', kind: 'text', column: 'name', autoComplete: 'given-name', rules: [{ name: 'required' }, { name: 'max', length: 100 }, { name: 'personName' }] },
  { name: 'lastName', kind: 'text', column: 'name', autoComplete: 'family-name', rules: [{ name: 'required' }, { name: 'max', length: 100 }, { name: 'personName' }] },
  { name: 'email', kind: 'email', autoComplete: 'email', rules: [{ name: 'required' }, { name: 'email' }, { name: 'max', length: 254 }] },
  { name: 'nationality', kind: 'text', autoComplete: 'country-name', rules: [{ name: 'max', length: 100 }] },
  { name: 'phone', kind: 'tel', autoComplete: 'tel', rules: [{ name: 'regex', pattern: PHONE }] },
  { name: 'birthDate', kind: 'date', autoComplete: 'bday', rules: [{ name: 'date' }] },
  { name: 'gender', kind: 'select', options: GENDERS, rules: [{ name: 'regex', pattern: new RegExp(`^(${GENDERS.join('|')})$`) }] },
  { name: 'address', kind: 'textarea', autoComplete: 'street-address', rules: [{ name: 'min', length: 5 }, { name: 'max', length: 300 }] },
  { name: 'salary', kind: 'text', rules: [{ name: 'regex', pattern: SALARY }] },
  { name: 'drivingLicenses', kind: 'checkboxes', options: DRIVING_LICENSES, rules: [] },
  { name: 'hasWorkPermit', kind: 'select', options: WORK_PERMIT_ANSWERS, rules: [] },
  { name: 'coverLetter', kind: 'textarea', rules: [{ name: 'max', length: COVER_LETTER_MAX }] },
  { name: 'profileUrl', kind: 'url', autoComplete: 'url', rules: [{ name: 'url' }, { name: 'max', length: 500 }] },
];

/**
 * Rules of every field the opening's form asks, by name, in form order (the fields, the CV, the
 * consent): a required field gets `required` first, an optional one never has it, a hidden one
 * is absent. The server applies the same levels (applications/service.ts).
 */
export function applicationRules(config: ApplyFormConfig): Record<string, readonly Rule[]> {
  const rules: Record<string, readonly Rule[]> = {};
  for (const { name, rules: own } of [...APPLICATION_FIELDS, { name: 'cv', rules: [] }]) {
    const level = fieldLevel(config, name);
    if (level === 'hidden') continue;
    const format = own.filter((rule) => rule.name !== 'required');
    rules[name] = level === 'required' ? [{ name: 'required' }, ...format] : format;
  }
  rules.gdprConsent = [{ name: 'required' }];
  return rules;
}

/**
 * Answer of the submission: the application and whether this call created it. No candidate id:
 * an anonymous caller must not learn whether an e-mail already applied to the company (issue 24, M1).
 */
export interface ApplicationReceipt {
  applicationId: string;
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
