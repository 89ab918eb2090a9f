import { companySecurityOf, DEFAULT_SESSION_DAYS, type SecondFactorStep } from '@rec/core';
import { newId } from '../../db/ids';
import type { AccountRow } from '../../db/schema';
import type { AccountRepository } from './repository';
import { addMs, type Clock, DAY, MINUTE, newToken, tokenHash } from './tokens';

/**
 * A session dies after its company's session lifetime (issue 32: 1-30 days, 30 by default, the
 * value before policies existed) whatever happens, or after 7 days without a request.
 */
export const SESSION_ABSOLUTE_MS = DEFAULT_SESSION_DAYS * DAY;
export const SESSION_IDLE_MS = 7 * DAY;
/** A half-signed-in session (code due, or enrolment the company requires) lives this long at most. */
export const PENDING_SESSION_MS = 15 * MINUTE;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 5 * MINUTE;

export interface ResolvedSession {
  account: AccountRow;
  tokenHash: string;
  /** The session's public id (security page). */
  sessionId: string;
  expiresAt: Date;
  /** Null for a complete session; what is still due while half signed in (issue 32). */
  secondFactor: SecondFactorStep | null;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
  /** What must happen before the session counts as signed in; null when it already does. */
  secondFactor: SecondFactorStep | null;
}

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * Whether an account without a second factor must enrol before it may act (issue 32): every
 * platform admin, and a recruiter whose company requires two-factor.
 */
function mustEnrol(type: AccountRow['type'], companySettings: Record<string, unknown> | null): boolean {
  return type === 'admin' || (type === 'recruiter' && companySecurityOf(companySettings).requireTwoFactor);
}

export function createSessionService(deps: { repository: AccountRepository; now: Clock }) {
  const { repository, now } = deps;

  /** The company's session lifetime of the account (applicants and admins: the default). */
  const lifetimeMs = (companySettings: Record<string, unknown> | null) => companySecurityOf(companySettings).sessionDays * DAY;

  return {
    /**
     * A new session for the account; answers the cookie value (the database keeps only its hash).
     * `device` is a short summary of the user agent (deviceOf), shown on the security page.
     * With a confirmed TOTP factor the session waits for a code unless `factorProven` (a remembered
     * device, or a tenant switch of a session that proved it); without one, an admin, or a member
     * of a company that requires two-factor, gets a session that may only enrol. `identityProvider`: a sign-in through
     * the company's own IdP (SSO), which stands for the company's factor: complete at once.
     */
    async create(accountId: string, device: string | null = null, options: { factorProven?: boolean; identityProvider?: boolean } = {}): Promise<NewSession> {
      const token = newToken();
      const created = now();
      const policy = await repository.signInPolicy(accountId);
      const settings = policy?.companySettings ?? null;
      const required = policy !== undefined && mustEnrol(policy.type, settings);
      const secondFactor: SecondFactorStep | null = options.identityProvider ? null : policy?.enrolled ? (options.factorProven ? null : 'verify') : required ? 'enrol' : null;
      const expiresAt = addMs(created, secondFactor ? PENDING_SESSION_MS : lifetimeMs(settings));
      await repository.insertSession({
        token_hash: tokenHash(token),
        id: newId(created),
        device,
        account_id: accountId,
        created_at: created,
        last_seen_at: created,
        expires_at: expiresAt,
        second_factor: secondFactor,
      });
      return { token, expiresAt, secondFactor };
    },

    /** A half-signed-in session becomes complete: from now on it lives the company's session lifetime. */
    async complete(hash: string, accountId: string): Promise<Date> {
      const policy = await repository.signInPolicy(accountId);
      const expiresAt = addMs(now(), lifetimeMs(policy?.companySettings ?? null));
      await repository.completeSession(hash, expiresAt);
      return expiresAt;
    },

    /** The live session of a cookie value, or undefined (unknown, expired or idle too long; dead ones are deleted). */
    async resolve(token: string): Promise<ResolvedSession | undefined> {
      if (!/^[A-Za-z0-9_-]{40,100}$/.test(token)) return undefined;
      const hash = tokenHash(token);
      const row = await repository.findSession(hash);
      if (!row) return undefined;
      const time = now();
      const lastSeen = new Date(row.last_seen_at);
      if (new Date(row.expires_at) <= time || lastSeen.getTime() + SESSION_IDLE_MS <= time.getTime()) {
        await repository.deleteSession(hash);
        return undefined;
      }
      if (time.getTime() - lastSeen.getTime() > TOUCH_EVERY_MS) await repository.touchSession(hash, time);
      const { token_hash: _hash, session_id: sessionId, session_created_at: _created, last_seen_at: _seen, expires_at, second_factor, ...account } = row;
      // An admin acts only with a second factor, whatever the session's history: one made before
      // the rule, by a test or a script, or kept after the last factor went, may only enrol. Checked
      // here, where every request's session is resolved, so every route (today's and later ones) is
      // covered. Admin requests only: one indexed look-up each.
      const secondFactor = second_factor ?? (account.type === 'admin' && !(await repository.hasSecondFactor(account.email)) ? 'enrol' : null);
      return { account, tokenHash: hash, sessionId, expiresAt: new Date(expires_at), secondFactor };
    },

    revoke(hash: string) {
      return repository.deleteSession(hash);
    },
  };
}
