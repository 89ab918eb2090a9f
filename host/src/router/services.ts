import type { Invitation, Session, Tenant } from '@rec/api-client';
import type { Candidature, PendingRequest } from '@rec/core';
import type { NextStepAnswer } from '@rec/core/steps';
import type { KeyValueStorage } from '@rec/stores';

/**
 * What the middleware and redirect rules need from the outside world. App wires the real
 * ones (API client, stores, localStorage, document.cookie); unit tests pass fakes.
 */
export interface RouteServices {
  /** The current session, cached between navigations (null: nobody signed in). */
  getSession(): Promise<Session | null>;
  /**
   * After getSession answered null: whether the cookie's session is half signed in (issue 32), a
   * code or an enrolment still due; the page that finishes the sign-in then comes instead of /login.
   */
  pendingSecondFactor?(): 'verify' | 'enrol' | null;
  /** DELETE /auth/session-v2 and forget everything held about the user. */
  clearSession(): Promise<void>;
  /** POST /v2/applicants-auth/authorize; on success the server has signed the applicant in. */
  authorizeToken(token: string): Promise<{ email: string }>;
  /** POST /v2/applicants/removedata/{token}. */
  removeApplicantData(token: string): Promise<{ redirectTo?: string | null }>;
  /** GET /v2/recruiters/invite/{invitationLink}. */
  fetchInvitation(invitationLink: string): Promise<Invitation>;
  /** GET /auth/tenants. */
  fetchTenants(): Promise<Tenant[]>;
  /** POST to a tenant's authorisation path: the session moves to that company; answers where to go. */
  switchTenant(requestAuthPath: string): Promise<{ redirectTo: string }>;
  /** Loads company, recruiter, permissions and the recruiter-me store; answers the recruiter's settings language. */
  loadRecruiterArea(session: Session): Promise<{ language?: string | null }>;
  /** Loads the opening of an opening route unless it is the held one (absent in tests of other rules). */
  loadOpening?(openingId: string): Promise<unknown>;
  /** GET /v2/application-steps/next for the signed-in applicant (absent in tests of other rules). */
  fetchNextStep?(): Promise<NextStepAnswer>;
  /** The current application's locale (GET /v2/applicants/application). */
  fetchApplicationLocale?(): Promise<string>;
  /** GET /v2/applicants/candidatures: the signed-in applicant's records, one per company (portal rules). */
  fetchCandidatures?(): Promise<Candidature[]>;
  /** GET /v2/candidates/{id}/pending-requests. */
  fetchPendingRequests?(candidateId: string): Promise<PendingRequest[]>;
  /** POST /v2/candidates/{id}/pending-requests/{requestId}/sign-in: the request mail's link signs the candidate in. */
  signInWithRequest?(candidateId: string, requestId: string, token: string): Promise<void>;
  /** POST /v2/applicants/login: makes the application the current one of the step flow. */
  loginApplication?(applicationId: string): Promise<void>;
  /** Shows a warning toast (the unknown-status "contact support" warning of spec §2). */
  warn?(key: 'contactSupport'): void;
  /** Local browser storage (realm profiles), null where unavailable. */
  storage: KeyValueStorage | null;
  /** Whether the browser keeps cookies (navigator.cookieEnabled and a write/read probe). */
  cookiesEnabled(): boolean;
  /** This app's origin, e.g. `https://jobs.example.com` (open-redirect checks). */
  origin: string;
}
