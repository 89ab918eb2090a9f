import type { ApiClient } from '@rec/api-client';
import type { AppointmentView, CandidateConsent, CandidateRecord, Candidature, PendingRequest, PersonalFields } from '@rec/core';

/** The candidate portal's calls (spec §7 and issue 12), on the host's API client. */
const id = (value: string) => encodeURIComponent(value);

export const portalApi = (api: ApiClient) => ({
  candidatures: () => api.get<Candidature[]>('/v2/applicants/candidatures'),
  record: (candidateId: string) => api.get<CandidateRecord>(`/v2/candidates/${id(candidateId)}`),
  updatePersonal: (candidateId: string, fields: PersonalFields) => api.patch<CandidateRecord>(`/v2/candidates/${id(candidateId)}`, fields),
  pendingRequests: (candidateId: string) => api.get<PendingRequest[]>(`/v2/candidates/${id(candidateId)}/pending-requests`),
  consent: (candidateId: string) => api.get<CandidateConsent>(`/v2/candidates/${id(candidateId)}/consent`),
  setConsent: (candidateId: string, renew: boolean) => api.post<CandidateConsent>(`/v2/candidates/${id(candidateId)}/consent`, { renew }),
  /** Withdraws one application (the company sees it; its steps stop). */
  withdraw: (applicationId: string) => api.post<{ withdrawn: true }>(`/v2/applicants/applications/${id(applicationId)}/withdraw`),
  requestRemoval: (candidateId: string) => api.post<{ sent: boolean }>(`/v2/candidates/${id(candidateId)}/removal-request`),
  /** The zip is a plain download link (the browser carries the session cookie). */
  dataZipUrl: (candidateId: string) => `/v2/candidates/${id(candidateId)}/data.zip`,
  signInWithRequest: (candidateId: string, requestId: string, token: string) =>
    api.post<{ redirectTo: string; _applicantId: string }>(`/v2/candidates/${id(candidateId)}/pending-requests/${id(requestId)}/sign-in`, { token }),
  appointment: (token: string) => api.get<AppointmentView>(`/v2/appointments/${id(token)}`),
  book: (token: string, slot: string, timeZone: string) => api.post<AppointmentView>(`/v2/appointments/${id(token)}/book`, { slot, timeZone }),
  cancel: (token: string) => api.post<AppointmentView>(`/v2/appointments/${id(token)}/cancel`),
});

/** The browser's IANA time zone ("Europe/Luxembourg"), UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A date as the candidate reads it, in their language (spec §9 date format DD/MM/YYYY for plain dates). */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return Number.isNaN(date.getTime()) ? '' : `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A moment with weekday and time in the candidate's language and zone. */
export function formatMoment(iso: string, locale: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
  } catch {
    return new Date(iso).toISOString();
  }
}
