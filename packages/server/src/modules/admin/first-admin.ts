import { EmailBodySchema } from '@rec/core';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { createAccountRepository } from '../auth/repository';
import { addMs, type Clock, HOUR, newToken, systemClock, tokenHash } from '../auth/tokens';
import { AUDIT_ACTIONS, createAuditLog } from '../audit/audit-log';

/** How long the printed set-password link works: long enough for an operator to hand it over. */
export const ADMIN_SETUP_HOURS = 24;

/** True when at least one admin account exists. */
export async function hasAdmin(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').where('type', '=', 'admin').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The email rule of sign-in (core's schema). */
export function isEmail(value: string): boolean {
  return v.safeParse(EmailBodySchema, { email: value }).success;
}

export class AdminEmailError extends Error {
  override name = 'AdminEmailError';
}

/**
 * Creates the admin account of `email` (without a password) unless it exists, and answers a
 * one-time link to set its password. The link is an ordinary password-reset token (256 bits,
 * only its SHA-256 stored, single use), so /reset/{token} and POST /auth/password/reset do the rest;
 * no password ever passes through a shell history or a log.
 */
export async function createAdmin(
  db: Kysely<Database>,
  input: { email: string; firstName?: string; lastName?: string; publicUrl: string; now?: Clock },
): Promise<{ accountId: string; created: boolean; link: string; expiresAt: Date }> {
  const parsed = v.safeParse(EmailBodySchema, { email: input.email });
  if (!parsed.success) throw new AdminEmailError(`Not an email address: ${JSON.stringify(input.email)}`);
  const email = parsed.output.email;
  const now = (input.now ?? systemClock)();
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('accounts').select('id').where('type', '=', 'admin').where('email', '=', email).executeTakeFirst();
    const accountId = existing?.id ?? newId(now);
    if (!existing) {
      await trx
        .insertInto('accounts')
        .values({
          id: accountId,
          type: 'admin',
          company_id: null,
          company_role: null,
          email,
          password_hash: null,
          first_name: input.firstName?.trim() || null,
          last_name: input.lastName?.trim() || null,
          settings: { language: 'en' },
        })
        .execute();
    }
    const token = newToken();
    const expiresAt = addMs(now, ADMIN_SETUP_HOURS * HOUR);
    await createAccountRepository(trx).insertToken({ token_hash: tokenHash(token), purpose: 'password_reset', account_id: accountId, created_at: now, expires_at: expiresAt });
    return { accountId, created: !existing, link: `${input.publicUrl}/reset/${token}`, expiresAt };
  });
}

/**
 * The way back in for an admin who lost every second factor and recovery code (an operator runs
 * `admin:create -- --reset-two-factor`): the identity's factors, recovery codes, remembered devices,
 * passkey challenges of its sessions and the sessions themselves go; the next sign-in enrols again.
 * Recorded in the admin audit log (a platform entry). False when no admin has this e-mail.
 */
export async function resetAdminSecondFactor(db: Kysely<Database>, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const admin = await db.selectFrom('accounts').select('id').where('type', '=', 'admin').where('email', '=', address).executeTakeFirst();
  if (!admin) return false;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor_devices').where('email', '=', address).execute();
    await trx.deleteFrom('two_factor_recovery_codes').where('email', '=', address).execute();
    await trx.deleteFrom('two_factor_totp').where('email', '=', address).execute();
    await trx.deleteFrom('passkeys').where('email', '=', address).execute();
    await trx.deleteFrom('sessions').where('account_id', '=', admin.id).execute();
  });
  await createAuditLog(db).record({ companyId: null, actorId: admin.id, action: AUDIT_ACTIONS.twoFactorReset, openingId: null, details: { by: 'admin:create' } });
  return true;
}
