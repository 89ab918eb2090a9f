import { newId } from '../../db/ids';
import type { AccountRow } from '../../db/schema';
import type { AccountRepository } from './repository';
import { addMs, type Clock, DAY, MINUTE, newToken, tokenHash } from './tokens';

/** A session dies 30 days after sign-in whatever happens, or after 7 days without a request. */
export const SESSION_ABSOLUTE_MS = 30 * DAY;
export const SESSION_IDLE_MS = 7 * DAY;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 5 * MINUTE;

export interface ResolvedSession {
  account: AccountRow;
  tokenHash: string;
  /** The session's public id (security page). */
  sessionId: string;
  expiresAt: Date;
}

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService(deps: { repository: AccountRepository; now: Clock }) {
  const { repository, now } = deps;
  return {
    /**
     * A new session for the account; answers the cookie value (the database keeps only its hash).
     * `device` is a short summary of the user agent (deviceOf), shown on the security page.
     */
    async create(accountId: string, device: string | null = null): Promise<{ token: string; expiresAt: Date }> {
      const token = newToken();
      const created = now();
      const expiresAt = addMs(created, SESSION_ABSOLUTE_MS);
      await repository.insertSession({
        token_hash: tokenHash(token),
        id: newId(created),
        device,
        account_id: accountId,
        created_at: created,
        last_seen_at: created,
        expires_at: expiresAt,
      });
      return { token, expiresAt };
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
      const { token_hash: _hash, session_id: sessionId, session_created_at: _created, last_seen_at: _seen, expires_at, ...account } = row;
      return { account, tokenHash: hash, sessionId, expiresAt: new Date(expires_at) };
    },

    revoke(hash: string) {
      return repository.deleteSession(hash);
    },
  };
}
