import { APPLY_FORM_FIELDS, type ApplyFormConfig, type ApplyFormField } from '@rec/core';
import type { ApplicationSubmission } from '@rec/core/application-schema';
import { FieldsError } from '../../http/errors';

/**
 * The opening's apply form, enforced on the server (issue 9, item 10):
 * - a hidden field sent anyway is IGNORED, not rejected: it is dropped before validation and never
 *   stored, so data the recruiter did not ask for never lands in the database, while a candidate
 *   whose form was loaded before the recruiter hid a field (or who has an old draft) can still apply;
 * - a required field left blank: 400 `{ fields: { field: 'errors.required' } }`.
 */

/** The body without the answers of hidden fields (a hidden cover letter takes its file along). */
export function withoutHiddenFields(body: unknown, config: ApplyFormConfig): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const kept: Record<string, unknown> = { ...body };
  for (const field of APPLY_FORM_FIELDS) {
    if (config[field] !== 'hidden') continue;
    delete kept[field];
    if (field === 'coverLetter') delete kept.coverLetterFile;
  }
  return kept;
}

/** Whether the candidate answered `field` (a cover letter may be typed or sent as a file). */
function answered(submission: ApplicationSubmission, field: ApplyFormField): boolean {
  if (field === 'cv') return !!submission.cv;
  if (field === 'coverLetter') return submission.coverLetter.trim() !== '' || !!submission.coverLetterFile;
  const value = submission[field];
  return Array.isArray(value) ? value.length > 0 : String(value).trim() !== '';
}

/** Throws 400 `{ fields }` naming every required field left blank. */
export function checkRequiredFields(submission: ApplicationSubmission, config: ApplyFormConfig): void {
  const missing: Record<string, string> = {};
  for (const field of APPLY_FORM_FIELDS) if (config[field] === 'required' && !answered(submission, field)) missing[field] = 'errors.required';
  if (Object.keys(missing).length) throw new FieldsError(missing);
}
