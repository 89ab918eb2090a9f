import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Which sessions behind open websockets still hold (issue 24, L2): the session row exists and has
 * not expired, and the account's company (a recruiter's) is not suspended. A removed member's
 * sessions are deleted with the account; a revoked session's row is gone.
 */
export type LiveSessions = (sessionHashes: readonly string[]) => Promise<ReadonlySet<string>>;

export function liveSessionsOf(db: Kysely<Database>, now: () => Date): LiveSessions {
  return async (sessionHashes) => {
    if (sessionHashes.length === 0) return new Set();
    const rows = await db
      .selectFrom('sessions as s')
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .leftJoin('companies as c', 'c.id', 'a.company_id')
      .select('s.token_hash')
      .where('s.token_hash', 'in', [...sessionHashes])
      .where('s.expires_at', '>', now())
      // A half-signed-in session never holds a socket (issue 32).
      .where('s.second_factor', 'is', null)
      .where((eb) => eb.or([eb('a.company_id', 'is', null), eb('c.suspended_at', 'is', null)]))
      .execute();
    return new Set(rows.map((row) => row.token_hash));
  };
}
