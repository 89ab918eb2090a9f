import type { ApplicantResource } from '@rec/core';
import type { ApplicantRow } from './repository';

/** A form value as text ('' when absent or not a string). */
export function formText(form: Record<string, unknown>, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export function formList(form: Record<string, unknown>, name: string): string[] {
  const value = form[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A stored file reference of the form (`{ url, name }`), or null. */
function formFile(form: Record<string, unknown>, name: string): { name: string } | null {
  const value = form[name];
  return value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string' ? { name: (value as { name: string }).name } : null;
}

/**
 * The candidate form fields of spec §3 plus when and through what the application came; the meta
 * fields stay out. Without `sensitive` (CANDIDATES:SENSITIVE:READ, issue 9 item 14) nationality,
 * birth date, gender, address and salary are left out and files get no download URL.
 */
export function applicantResource(row: ApplicantRow, sensitive: boolean): ApplicantResource {
  const { form } = row;
  const download = (uploadId: string | null) => (sensitive && uploadId ? `/v2/storage/${uploadId}` : null);
  const letterFile = formFile(form, 'coverLetterFile');
  const personal: ApplicantResource['personal'] = {
    name: { first: formText(form, 'firstName'), last: formText(form, 'lastName') },
    email: formText(form, 'email'),
    phone: formText(form, 'phone'),
  };
  const resource: ApplicantResource = {
    _id: row.id,
    candidateId: row.candidate_id,
    personal,
    profile: { capabilities: { drivingLicenses: formList(form, 'drivingLicenses'), hasWorkPermit: formText(form, 'hasWorkPermit') }, url: formText(form, 'profileUrl') },
    appliedAt: new Date(row.created_at).toISOString(),
    channel: { _id: row.channel_id, kind: row.channel_kind },
    language: row.language,
    cv: row.cv_name ? { name: row.cv_name, url: download(row.cv_upload_id) } : null,
    coverLetter: { text: formText(form, 'coverLetter'), file: letterFile ? { name: letterFile.name, url: download(row.cover_letter_upload_id) } : null },
  };
  if (sensitive) {
    Object.assign(personal, {
      nationality: formText(form, 'nationality'),
      birthDate: formText(form, 'birthDate'),
      gender: formText(form, 'gender'),
      address: formText(form, 'address'),
    });
    resource.expectedConditions = { salary: formText(form, 'salary') };
  }
  return resource;
}
