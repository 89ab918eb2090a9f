import { APPLY_FORM_FIELDS, type ApplyFormConfig, type ApplyFormField } from '@rec/core';
import type { ApplicationSubmission } from '@rec/core/application-schema';
import { FieldsError } from '../../http/errors';

/** Whether the candidate gave an answer for `field` (a cover letter may be typed or a file). */
function answered(submission: ApplicationSubmission, field: ApplyFormField): boolean {
  if (field === 'cv') return !!submission.cv;
  if (field === 'coverLetter') return submission.coverLetter.trim() !== '' || !!submission.coverLetterFile;
  const value = submission[field];
  return Array.isArray(value) ? value.length > 0 : String(value).trim() !== '';
}

/** The submission without `field`'s answer. */
function withoutAnswer(submission: ApplicationSubmission, field: ApplyFormField): ApplicationSubmission {
  if (field === 'cv') return { ...submission, cv: undefined };
  if (field === 'coverLetter') return { ...submission, coverLetter: '', coverLetterFile: undefined };
  if (field === 'drivingLicenses') return { ...submission, drivingLicenses: [] };
  return { ...submission, [field]: '' };
}

/**
 * The opening's apply form, enforced on the server (issue 9, item 10):
 * - a required field left blank: 400 `{ fields: { field: 'errors.required' } }`;
 * - a hidden field sent anyway is IGNORED, not rejected: it is dropped before anything is stored,
 *   so data the recruiter did not ask for never lands in the database, while a candidate whose
 *   form was loaded before the recruiter hid a field (or an old draft) can still apply.
 */
export function applyFormRules(submission: ApplicationSubmission, config: ApplyFormConfig): ApplicationSubmission {
  const missing: Record<string, string> = {};
  let kept = submission;
  for (const field of APPLY_FORM_FIELDS) {
    if (config[field] === 'hidden') kept = withoutAnswer(kept, field);
    else if (config[field] === 'required' && !answered(kept, field)) missing[field] = 'errors.required';
  }
  if (Object.keys(missing).length) throw new FieldsError(missing);
  return kept;
}
