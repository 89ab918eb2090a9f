import type { Invitation, Session, Tenant } from '@rec/api-client';
import type { NextStepAnswer } from '@rec/core/steps';
import type { KeyValueStorage } from '@rec/stores';

/**
 * What the middleware and redirect rules need from the outside world. App wires the real
 * ones (API client, stores, localStorage, document.cookie); unit tests pass fakes.
 */
export interface RouteServices {
  /** The current session, cached between navigations (null: nobody signed in). */
  getSession(): Promise<Session | null>;
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
  /** Shows a warning toast (the unknown-status "contact support" warning of spec §2). */
  warn?(key: 'contactSupport'): void;
  /** Local browser storage (realm profiles), null where unavailable. */
  storage: KeyValueStorage | null;
  /** Whether the browser keeps cookies (navigator.cookieEnabled and a write/read probe). */
  cookiesEnabled(): boolean;
  /** This app's origin, e.g. `https://jobs.example.com` (open-redirect checks). */
  origin: string;
}
