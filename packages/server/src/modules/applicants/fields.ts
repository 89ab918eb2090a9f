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

/** The candidate form fields of spec §3 plus when and through what the application came; the meta fields stay out. */
export function applicantResource(row: ApplicantRow): ApplicantResource {
  const { form } = row;
  return {
    _id: row.id,
    candidateId: row.candidate_id,
    personal: {
      name: { first: formText(form, 'firstName'), last: formText(form, 'lastName') },
      email: formText(form, 'email'),
      nationality: formText(form, 'nationality'),
      phone: formText(form, 'phone'),
      birthDate: formText(form, 'birthDate'),
      gender: formText(form, 'gender'),
      address: formText(form, 'address'),
    },
    expectedConditions: { salary: formText(form, 'salary') },
    profile: { capabilities: { drivingLicenses: formList(form, 'drivingLicenses'), hasWorkPermit: formText(form, 'hasWorkPermit') } },
    appliedAt: new Date(row.created_at).toISOString(),
    channel: { _id: row.channel_id, kind: row.channel_kind },
    language: row.language,
    cv: row.cv_name ? { name: row.cv_name, url: row.cv_upload_id ? `/v2/storage/${row.cv_upload_id}` : null } : null,
  };
}
