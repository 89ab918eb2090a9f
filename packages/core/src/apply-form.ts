/**
 * Which fields an opening's apply form asks (issue 9, item 10). Name and e-mail are always
 * required: the candidate is found by e-mail and gets the confirmation mail there, so they are
 * not configurable. Every other field is hidden, optional or required per opening. Sensitive
 * fields (nationality, birth date, gender, address, salary, driving licences, work permit) are
 * hidden unless the recruiter asks for them.
 *
 * No valibot here: the apply form's chunk imports this file (the schema is in openings.ts).
 */

export const APPLY_FIELD_LEVELS = ['hidden', 'optional', 'required'] as const;
export type ApplyFieldLevel = (typeof APPLY_FIELD_LEVELS)[number];

/** The configurable fields, in form order, with their defaults. */
export const DEFAULT_APPLY_FORM = {
  phone: 'optional',
  nationality: 'hidden',
  birthDate: 'hidden',
  gender: 'hidden',
  address: 'hidden',
  salary: 'hidden',
  drivingLicenses: 'hidden',
  hasWorkPermit: 'hidden',
  cv: 'optional',
  coverLetter: 'optional',
  profileUrl: 'optional',
} as const satisfies Record<string, ApplyFieldLevel>;

export type ApplyFormField = keyof typeof DEFAULT_APPLY_FORM;
export type ApplyFormConfig = Record<ApplyFormField, ApplyFieldLevel>;
export const APPLY_FORM_FIELDS = Object.keys(DEFAULT_APPLY_FORM) as ApplyFormField[];

/** Fields that tell about a person's private life: read only with CANDIDATES:SENSITIVE:READ (item 14). */
export const SENSITIVE_FIELDS = ['nationality', 'birthDate', 'gender', 'address', 'salary'] as const;

/**
 * The configuration as stored or answered, completed with the defaults: unknown fields and levels
 * are dropped, so an opening saved before a field existed asks it as the default says.
 */
export function applyFormOf(stored: unknown): ApplyFormConfig {
  const given = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const config: ApplyFormConfig = { ...DEFAULT_APPLY_FORM };
  for (const field of APPLY_FORM_FIELDS) {
    const level = given[field];
    if ((APPLY_FIELD_LEVELS as readonly unknown[]).includes(level)) config[field] = level as ApplyFieldLevel;
  }
  return config;
}

/** The level of any form field: name and e-mail (and the consent) are always required; meta fields are not the config's. */
export function fieldLevel(config: ApplyFormConfig, field: string): ApplyFieldLevel {
  return field in config ? config[field as ApplyFormField] : 'required';
}
