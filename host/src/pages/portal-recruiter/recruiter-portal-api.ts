import type { ApiClient } from '@rec/api-client';
import type { AppointmentOfferBody, AppointmentStatus, PendingRequestBody } from '@rec/core';

/** The recruiter's side of the candidate portal (CANDIDATES:MANAGE): pending requests and appointment slots. */
export interface RecruiterAppointment {
  _id: string;
  applicationId: string;
  status: AppointmentStatus;
  durationMinutes: number;
  location: string;
  videoUrl: string;
  slots: string[];
  chosen: string | null;
}

const id = (value: string) => encodeURIComponent(value);

export const recruiterPortalApi = (api: ApiClient) => ({
  sendRequest: (candidateId: string, body: PendingRequestBody) => api.post<{ _id: string }>(`/v2/recruiter/candidates/${id(candidateId)}/requests`, body),
  offerAppointment: (candidateId: string, body: AppointmentOfferBody) => api.post<{ _id: string }>(`/v2/recruiter/candidates/${id(candidateId)}/appointments`, body),
  appointments: (candidateId: string) => api.get<RecruiterAppointment[]>(`/v2/recruiter/candidates/${id(candidateId)}/appointments`),
  cancelAppointment: (appointmentId: string) => api.post<unknown>(`/v2/recruiter/appointments/${id(appointmentId)}/cancel`),
});

/** A `datetime-local` value (the recruiter's wall clock) as an instant; null when empty or invalid. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
