import type { ApplyFieldLevel, ApplyFormField } from '@rec/core';

/**
 * Apply forms of the demo offers that ask more than the defaults (issue 9), by demo offer number.
 * Engineering and office roles keep the defaults (no sensitive field); the field technician who
 * drives to customer sites is asked for driving licences and a work permit, the assembly operator
 * on a fixed-term contract for a work permit, Nordwind's truck driver for licences (CE) and a work permit.
 */
export const DEMO_APPLY_FORMS: ReadonlyMap<number, Partial<Record<ApplyFormField, ApplyFieldLevel>>> = new Map([
  [0x02, { drivingLicenses: 'required', hasWorkPermit: 'required', cv: 'required' }],
  [0x08, { hasWorkPermit: 'required', cv: 'hidden', coverLetter: 'hidden' }],
  [0x101, { drivingLicenses: 'required', hasWorkPermit: 'required', birthDate: 'optional' }],
]);
