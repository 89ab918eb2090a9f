import type { Kysely } from 'kysely';
import type { PasskeySummary } from '@rec/core';
import type { Database, PasskeyChallengePurpose } from '../../db/schema';

export type PasskeyRepository = ReturnType<typeof createPasskeyRepository>;

export interface NewPasskey {
  id: string;
  email: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[] | undefined;
  userHandle: string;
  name: string;
  at: Date;
}

/** A stored passkey as the account page lists it (no key material). */
export const passkeySummary = (row: { id: string; name: string; created_at: Date; last_used_at: Date | null }): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
});

const COLUMNS = ['id', 'email', 'credential_id', 'public_key', 'counter', 'transports', 'user_handle', 'name', 'created_at', 'last_used_at'] as const;

/**
 * SQL of passkeys and their challenges (issue 32). Passkeys belong to an identity (the lower-cased
 * e-mail), as the TOTP factor does.
 */
export function createPasskeyRepository(db: Kysely<Database>) {
  return {
    list(email: string) {
      return db.selectFrom('passkeys').select(COLUMNS).where('email', '=', email).orderBy('created_at').orderBy('id').execute();
    },

    async count(email: string): Promise<number> {
      const row = await db.selectFrom('passkeys').select((eb) => eb.fn.countAll<string>().as('n')).where('email', '=', email).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    findByCredentialId(credentialId: string) {
      return db.selectFrom('passkeys').select(COLUMNS).where('credential_id', '=', credentialId).executeTakeFirst();
    },

    /** The identity's WebAuthn user id, if it has a passkey already (every passkey of a person carries the same one). */
    async userHandleOf(email: string): Promise<string | undefined> {
      const row = await db.selectFrom('passkeys').select('user_handle').where('email', '=', email).limit(1).executeTakeFirst();
      return row?.user_handle;
    },

    /** False when the credential is registered already (to this person or anyone else). */
    async insert(passkey: NewPasskey): Promise<boolean> {
      const result = await db
        .insertInto('passkeys')
        .values({
          id: passkey.id,
          email: passkey.email,
          credential_id: passkey.credentialId,
          public_key: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports ? JSON.stringify(passkey.transports) : null,
          user_handle: passkey.userHandle,
          name: passkey.name,
          created_at: passkey.at,
          last_used_at: null,
        })
        .onConflict((c) => c.column('credential_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Records a verified use: the new signature counter, only if the stored one is still the one
     * the verification compared against (of two requests with the same assertion, one wins).
     */
    async recordUse(id: string, expectedCounter: number, newCounter: number, at: Date): Promise<boolean> {
      const result = await db.updateTable('passkeys').set({ counter: newCounter, last_used_at: at }).where('id', '=', id).where('counter', '=', expectedCounter).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async rename(email: string, id: string, name: string): Promise<boolean> {
      const result = await db.updateTable('passkeys').set({ name }).where('id', '=', id).where('email', '=', email).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async remove(email: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('passkeys').where('id', '=', id).where('email', '=', email).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Keeps a challenge's hash until `expiresAt`; expired ones of anyone are swept on the way. */
    async saveChallenge(challenge: { hash: string; purpose: PasskeyChallengePurpose; sessionHash: string | null; userHandle?: string }, at: Date, expiresAt: Date): Promise<void> {
      await db.deleteFrom('passkey_challenges').where('expires_at', '<=', at).execute();
      await db
        .insertInto('passkey_challenges')
        .values({ challenge_hash: challenge.hash, purpose: challenge.purpose, session_hash: challenge.sessionHash, user_handle: challenge.userHandle ?? null, expires_at: expiresAt })
        .execute();
    },

    /**
     * Spends a challenge: found once for a live challenge of this purpose and session, in one
     * statement (two requests with the same challenge: one of them finds the row).
     */
    takeChallenge(hash: string, purpose: PasskeyChallengePurpose, sessionHash: string | null, at: Date): Promise<{ user_handle: string | null } | undefined> {
      return db
        .deleteFrom('passkey_challenges')
        .where('challenge_hash', '=', hash)
        .where('purpose', '=', purpose)
        .where((eb) => (sessionHash === null ? eb('session_hash', 'is', null) : eb('session_hash', '=', sessionHash)))
        .where('expires_at', '>', at)
        .returning('user_handle')
        .executeTakeFirst();
    },
  };
}
