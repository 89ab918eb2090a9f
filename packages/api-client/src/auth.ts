import type { Role } from '@rec/core';
import type { ApiClient } from './client';

/** Calls of the sign-in contract (issue 3): sessions, sign-in, recovery, invitations, tenants. */

/** Who a session belongs to: core's ROLES (recruiter, admin, applicant). */
export type UserType = Role;

export interface SessionUser {
  type: UserType;
  tenantId: string | null;
}

/** GET /auth/session-v2 (spec §3 Session). */
export interface Session {
  baseIdentity: { localUserId: string };
  user: SessionUser;
}

export interface SignInResult {
  user: SessionUser;
  redirectTo: string;
  /** Set when the session is only half signed in (issue 32): a code ('verify') or an enrolment ('enrol') is due first. */
  secondFactor?: 'verify' | 'enrol';
}

export interface Invitation {
  redirectTo: string;
  email?: string;
  companyName?: string;
  /** The invited e-mail already has an account: it joins with that account's password (linkInvitation). */
  hasAccount?: boolean;
}

export interface Tenant {
  id: string;
  name?: string;
  requestAuthUrl: string;
}

const path = (value: string) => encodeURIComponent(value);

/** GET /auth/session-v2; 401 when nobody is signed in (the caller decides what that means). */
export function fetchSession(api: ApiClient): Promise<Session> {
  return api.get<Session>('/auth/session-v2');
}

/** DELETE /auth/session-v2: ends the session server-side and clears the cookie. */
export async function deleteSession(api: ApiClient): Promise<void> {
  await api.delete<unknown>('/auth/session-v2');
}

/** POST /auth/password/sign-in. */
export function signInWithPassword(api: ApiClient, credentials: { email: string; password: string }): Promise<SignInResult> {
  return api.post<SignInResult>('/auth/password/sign-in', credentials);
}

/** POST /auth/magic-link: answers 202 whatever the email (no account enumeration). */
export function requestMagicLink(api: ApiClient, email: string): Promise<{ sent: boolean }> {
  return api.post<{ sent: boolean }>('/auth/magic-link', { email });
}

/** POST /v2/applicants-auth/authorize: consumes a magic-link token, signs the applicant in, returns the email. */
export function authorizeApplicantToken(api: ApiClient, token: string): Promise<{ email: string }> {
  return api.post<{ email: string }>('/v2/applicants-auth/authorize', { token });
}

/** POST /auth/password/recover. */
export function requestPasswordRecovery(api: ApiClient, email: string): Promise<{ sent: boolean }> {
  return api.post<{ sent: boolean }>('/auth/password/recover', { email });
}

/** POST /auth/password/reset (204). */
export async function resetPassword(api: ApiClient, body: { token: string; password: string }): Promise<void> {
  await api.post<unknown>('/auth/password/reset', body);
}

/** GET /v2/recruiters/invite/{invitationLink}. */
export function fetchInvitation(api: ApiClient, invitationLink: string): Promise<Invitation> {
  return api.get<Invitation>(`/v2/recruiters/invite/${path(invitationLink)}`);
}

/** POST /auth/invitations/accept. */
export function acceptInvitation(
  api: ApiClient,
  body: { invitationLink: string; firstName: string; lastName: string; password: string },
): Promise<SignInResult> {
  return api.post<SignInResult>('/auth/invitations/accept', body);
}

/** POST /auth/invitations/link: an existing account joins the inviting company with its own password. */
export function linkInvitation(api: ApiClient, body: { invitationLink: string; password: string }): Promise<SignInResult> {
  return api.post<SignInResult>('/auth/invitations/link', body);
}

/** GET /auth/tenants. */
export function fetchTenants(api: ApiClient): Promise<Tenant[]> {
  return api.get<Tenant[]>('/auth/tenants');
}

/**
 * POST to a tenant's `requestAuthUrl` (from fetchTenants): moves the session to that company
 * (a new session cookie) and answers where to go. A POST so a foreign page cannot trigger it.
 */
export function switchTenant(api: ApiClient, requestAuthUrl: string): Promise<SignInResult> {
  return api.post<SignInResult>(requestAuthUrl);
}

/** POST /v2/applicants/removedata/{token} (the endpoint arrives with a later issue). */
export function removeApplicantData(api: ApiClient, token: string): Promise<{ redirectTo?: string | null }> {
  return api.post<{ redirectTo?: string | null }>(`/v2/applicants/removedata/${path(token)}`);
}
