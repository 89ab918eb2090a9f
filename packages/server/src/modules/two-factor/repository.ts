import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;

/**
 * SQL of the two-factor tables. Factors belong to an identity (the lower-cased e-mail), as the
 * password does: one person with accounts in two companies has one authenticator entry.
 */
export function createTwoFactorRepository(db: Kysely<Database>) {
  return {
    db,

    findTotp(email: string) {
      return db.selectFrom('two_factor_totp').select(['secret', 'confirmed_at', 'last_step']).where('email', '=', email).executeTakeFirst();
    },

    /** A new, unconfirmed enrolment replaces an earlier unconfirmed one; a confirmed factor is never overwritten. */
    async startTotp(email: string, sealedSecret: string, at: Date): Promise<boolean> {
      const result = await db
        .insertInto('two_factor_totp')
        .values({ email, secret: sealedSecret, created_at: at, confirmed_at: null, last_step: null })
        .onConflict((c) => c.column('email').doUpdateSet({ secret: sealedSecret, last_step: null }).where('two_factor_totp.confirmed_at', 'is', null))
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Records an accepted time step, only if it is later than the stored one: of two requests with
     * the same code at once, one updates the row and the other finds nothing to update.
     */
    async acceptStep(email: string, step: number, confirmAt?: Date): Promise<boolean> {
      const result = await db
        .updateTable('two_factor_totp')
        .set(confirmAt ? { last_step: step, confirmed_at: confirmAt } : { last_step: step })
        .where('email', '=', email)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .$if(confirmAt !== undefined, (q) => q.where('confirmed_at', 'is', null))
        .$if(confirmAt === undefined, (q) => q.where('confirmed_at', 'is not', null))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async replaceRecoveryCodes(email: string, hashes: readonly string[], at: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('two_factor_recovery_codes').where('email', '=', email).execute();
        await trx.insertInto('two_factor_recovery_codes').values(hashes.map((code_hash) => ({ email, code_hash, created_at: at }))).execute();
      });
    },

    /** Spends one recovery code, in one statement: a code works once, even for two requests at once. */
    async useRecoveryCode(email: string, hash: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('two_factor_recovery_codes')
        .set({ used_at: at })
        .where('email', '=', email)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async recoveryCodesLeft(email: string): Promise<number> {
      const row = await db
        .selectFrom('two_factor_recovery_codes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('email', '=', email)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Removes the TOTP factor with everything that stood on it: recovery codes and remembered devices (the last factor went). */
    async removeFactor(email: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('two_factor_devices').where('email', '=', email).execute();
        await trx.deleteFrom('two_factor_recovery_codes').where('email', '=', email).execute();
        await trx.deleteFrom('two_factor_totp').where('email', '=', email).execute();
      });
    },

    /** Removes the TOTP factor and the remembered devices; the recovery codes stay for the passkeys that remain. */
    async removeTotp(email: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('two_factor_devices').where('email', '=', email).execute();
        await trx.deleteFrom('two_factor_totp').where('email', '=', email).execute();
      });
    },

    rememberDevice(email: string, hash: string, at: Date, expiresAt: Date) {
      return db.insertInto('two_factor_devices').values({ token_hash: hash, email, created_at: at, expires_at: expiresAt }).execute();
    },

    async isRememberedDevice(email: string, hash: string, at: Date): Promise<boolean> {
      const row = await db.selectFrom('two_factor_devices').select('token_hash').where('token_hash', '=', hash).where('email', '=', email).where('expires_at', '>', at).executeTakeFirst();
      return row !== undefined;
    },
  };
}
