import { type ApiClient, deleteSession, fetchSession, isApiError, type Session } from '@rec/api-client';
import { ERROR_KEYS } from '@rec/core';
import { atom } from 'nanostores';

/**
 * `pending`: signed out, but half signed in (issue 32): the password was right and a code
 * ('verify') or an enrolment ('enrol', every admin without a factor, or the company's rule) is due.
 */
export type SessionState =
  | { status: 'unknown'; session: null }
  | { status: 'signed-in'; session: Session }
  | { status: 'signed-out'; session: null; pending?: 'verify' | 'enrol' };

/** Who is signed in, as the server says (GET /auth/session-v2). */
export const $session = atom<SessionState>({ status: 'unknown', session: null });

let pending: Promise<Session | null> | null = null;

/**
 * The current session, fetched once and then kept until `forgetSession` or `{ force: true }`.
 * 401 means nobody is signed in; any other failure counts as signed out too, without caching
 * it, so the next navigation asks again.
 */
export function loadSession(api: ApiClient, { force = false } = {}): Promise<Session | null> {
  const state = $session.get();
  if (!force && state.status !== 'unknown') return Promise.resolve(state.session);
  if (!force && pending) return pending;
  const request = fetchSession(api).then(
    (session) => {
      if (pending === request) $session.set({ status: 'signed-in', session });
      return session;
    },
    (error: unknown) => {
      if (pending === request && isApiError(error) && error.status === 401) {
        const step = error.key === ERROR_KEYS.secondFactorRequired ? 'verify' : error.key === ERROR_KEYS.enrolmentRequired ? 'enrol' : undefined;
        $session.set(step ? { status: 'signed-out', session: null, pending: step } : { status: 'signed-out', session: null });
      }
      return null;
    },
  );
  pending = request;
  return request.finally(() => {
    if (pending === request) pending = null;
  });
}

/** The step a half-signed-in session still owes, as the last session check found it (none: signed in, or not at all). */
export function pendingSecondFactor(): 'verify' | 'enrol' | null {
  const state = $session.get();
  return state.status === 'signed-out' ? (state.pending ?? null) : null;
}

/** Drops what is known so the next `loadSession` asks the server (after a sign-in). */
export function forgetSession(): void {
  pending = null;
  $session.set({ status: 'unknown', session: null });
}

/** Signs out: DELETE /auth/session-v2 (a failure still signs out locally: the cookie may be gone already). */
export async function clearSession(api: ApiClient): Promise<void> {
  pending = null;
  try {
    await deleteSession(api);
  } catch {
    // The server session may already be gone; locally we are signed out either way.
  }
  $session.set({ status: 'signed-out', session: null });
}
