import { type CompanySecurity, type CompanySecurityPatch, companySecurityOf, ERROR_KEYS, isTotpCode, REMEMBER_DEVICE_DAYS, type TotpEnrolment, type TwoFactorStatus } from '@rec/core';
import type { AuthContext } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { AUDIT_ACTIONS, type AuditAction, type AuditLog } from '../audit/audit-log';
import type { PasswordHasher } from '../auth/passwords';
import type { AuthRateLimiter } from '../auth/rate-limit';
import type { AccountRepository } from '../auth/repository';
import type { SessionService } from '../auth/sessions';
import { addMs, type Clock, DAY, newToken, tokenHash } from '../auth/tokens';
import type { CompanyRepository } from '../companies/repository';
import { type PasskeyRepository, passkeySummary } from './passkey-repository';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { SECOND_FACTOR_ACTION } from './relying-party';
import type { TwoFactorRepository } from './repository';
import type { SecretBox } from './secret-box';
import { acceptedStep, enrolmentOf, newTotpSecret } from './totp';

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

export interface TwoFactorDeps {
  repository: TwoFactorRepository;
  /** The person's passkeys count as factors too (the account page lists them; removal rules). */
  passkeys: PasskeyRepository;
  accounts: AccountRepository;
  companies: CompanyRepository;
  sessions: SessionService;
  passwords: PasswordHasher;
  rateLimiter: AuthRateLimiter;
  box: SecretBox;
  audit: AuditLog;
  now: Clock;
}

/** Every code entry (and passkey) counts here, per identity and per address (sign-in's limits: 5 and 20 in 15 minutes). */
const CODE_ACTION = SECOND_FACTOR_ACTION;

/**
 * TOTP enrolment, code checks at sign-in, recovery codes, remembered devices and the company's
 * policy (issue 32). Secrets and codes never leave this module except the ones shown once to the
 * person enrolling; the audit gets what happened, never a code.
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { repository, passkeys, accounts, companies, sessions, passwords, rateLimiter, box, audit, now } = deps;

  /** Audit rows need a company: an admin (no company) is not audited here. */
  const record = (session: AuthContext, action: AuditAction, details: Record<string, unknown> = {}) =>
    session.tenantId ? audit.record({ companyId: session.tenantId, actorId: session.account.id, action, openingId: null, details }) : Promise.resolve('');

  async function confirmedSecret(email: string) {
    const row = await repository.findTotp(email);
    if (!row?.confirmed_at) return undefined;
    const secret = await box.open(row.secret);
    return secret === undefined ? undefined : { secret, lastStep: row.last_step === null ? null : Number(row.last_step) };
  }

  /** A TOTP code (never one accepted before) or an unused recovery code; spends what it used. */
  async function spendCode(email: string, code: string): Promise<'totp' | 'recovery' | undefined> {
    if (isTotpCode(code)) {
      const factor = await confirmedSecret(email);
      if (!factor) return undefined;
      const step = acceptedStep(factor.secret, code, now(), factor.lastStep);
      return step !== undefined && (await repository.acceptStep(email, step)) ? 'totp' : undefined;
    }
    return (await repository.useRecoveryCode(email, recoveryCodeHash(email, code), now())) ? 'recovery' : undefined;
  }

  async function issueRecoveryCodes(email: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repository.replaceRecoveryCodes(email, codes.map((code) => recoveryCodeHash(email, code)), now());
    return codes;
  }

  /** The account's password or a current code, before removing the factor or replacing the codes. */
  async function reauthenticate(session: AuthContext, body: { password?: string | undefined; code?: string | undefined }, ip: string): Promise<void> {
    const email = session.account.email;
    if (body.password !== undefined) {
      await rateLimiter.check('password-change', email, ip);
      const account = await accounts.findById(session.account.id);
      if (!account?.password_hash || !(await passwords.verify(body.password, account.password_hash))) throw new HttpError(422, ERROR_KEYS.reauthenticationFailed);
      return;
    }
    await rateLimiter.check(CODE_ACTION, email, ip);
    const used = body.code === undefined ? undefined : await spendCode(email, body.code);
    if (!used) throw new HttpError(422, ERROR_KEYS.reauthenticationFailed);
    if (used === 'recovery') await record(session, AUDIT_ACTIONS.twoFactorRecoveryCodeUsed);
  }

  async function requiredFor(session: AuthContext): Promise<boolean> {
    if (session.role !== 'recruiter' || !session.tenantId) return false;
    const company = await companies.find(session.tenantId);
    return companySecurityOf(company?.settings).requireTwoFactor;
  }

  return {
    reauthenticate,
    requiredFor,

    /** Whether the identity has a confirmed TOTP factor. */
    async hasTotp(email: string): Promise<boolean> {
      return Boolean((await repository.findTotp(email))?.confirmed_at);
    },

    async status(session: AuthContext): Promise<TwoFactorStatus> {
      const email = session.account.email;
      const row = await repository.findTotp(email);
      const enrolled = Boolean(row?.confirmed_at);
      return {
        enrolled,
        enrolledAt: row?.confirmed_at ? new Date(row.confirmed_at).toISOString() : null,
        recoveryCodesLeft: enrolled ? await repository.recoveryCodesLeft(email) : 0,
        required: await requiredFor(session),
        passkeys: (await passkeys.list(email)).map(passkeySummary),
      };
    },

    /** A new secret (replacing an unconfirmed one); 409 while a confirmed factor exists. */
    async startEnrolment(session: AuthContext): Promise<TotpEnrolment> {
      const email = session.account.email;
      const secret = newTotpSecret();
      if (!(await repository.startTotp(email, await box.seal(secret), now()))) throw new HttpError(409, ERROR_KEYS.alreadyEnrolled);
      return { secret, ...(await enrolmentOf(secret, email)) };
    },

    /** The first valid code confirms the enrolment; answers the recovery codes, shown this once. */
    async confirmEnrolment(session: AuthContext, code: string, ip: string): Promise<string[]> {
      const email = session.account.email;
      await rateLimiter.check(CODE_ACTION, email, ip);
      const row = await repository.findTotp(email);
      // No enrolment started: no code can be right.
      if (!row) throw new HttpError(422, ERROR_KEYS.wrongCode);
      if (row.confirmed_at) throw new HttpError(409, ERROR_KEYS.alreadyEnrolled);
      const secret = await box.open(row.secret);
      const step = secret === undefined ? undefined : acceptedStep(secret, code, now(), null);
      if (step === undefined || !(await repository.acceptStep(email, step, now()))) throw new HttpError(422, ERROR_KEYS.wrongCode);
      const codes = await issueRecoveryCodes(email);
      await record(session, AUDIT_ACTIONS.twoFactorEnrol, { method: 'totp' });
      return codes;
    },

    /**
     * Finishes a half-signed-in session with a TOTP or recovery code. With `rememberDevice`,
     * answers a device token (for the cookie) that skips the code for 30 days.
     */
    async verifySignIn(session: AuthContext, code: string, ip: string, rememberDevice: boolean): Promise<{ expiresAt: Date; deviceToken?: string; deviceExpiresAt?: Date }> {
      const email = session.account.email;
      await rateLimiter.check(CODE_ACTION, email, ip);
      const used = await spendCode(email, code);
      if (!used) throw new HttpError(401, ERROR_KEYS.wrongCode);
      if (used === 'recovery') await record(session, AUDIT_ACTIONS.twoFactorRecoveryCodeUsed);
      const expiresAt = await sessions.complete(session.sessionHash, session.account.id);
      if (!rememberDevice) return { expiresAt };
      const deviceToken = newToken();
      const deviceExpiresAt = addMs(now(), REMEMBER_DEVICE_DAYS * DAY);
      await repository.rememberDevice(email, tokenHash(deviceToken), now(), deviceExpiresAt);
      return { expiresAt, deviceToken, deviceExpiresAt };
    },

    /** True when the cookie's token remembers this device for the identity (a sign-in then needs no code). */
    async isRememberedDevice(email: string, token: string | undefined): Promise<boolean> {
      if (!token || !/^[A-Za-z0-9_-]{40,100}$/.test(token)) return false;
      return repository.isRememberedDevice(email.trim().toLowerCase(), tokenHash(token), now());
    },

    /** A half-signed-in session that had to enrol is complete once the enrolment is confirmed. */
    completeSession(session: AuthContext) {
      return sessions.complete(session.sessionHash, session.account.id);
    },

    async regenerateRecoveryCodes(session: AuthContext, body: { password?: string | undefined; code?: string | undefined }, ip: string): Promise<string[]> {
      if (!(await confirmedSecret(session.account.email))) throw new HttpError(409, ERROR_KEYS.notEnrolled);
      await reauthenticate(session, body, ip);
      const codes = await issueRecoveryCodes(session.account.email);
      await record(session, AUDIT_ACTIONS.twoFactorRecoveryCodesRegenerate);
      return codes;
    },

    /**
     * Removes the factor, its recovery codes and every remembered device; refused while the
     * company requires two-factor and no passkey would remain.
     */
    async remove(session: AuthContext, body: { password?: string | undefined; code?: string | undefined }, ip: string): Promise<void> {
      const row = await repository.findTotp(session.account.email);
      if (!row?.confirmed_at) throw new HttpError(409, ERROR_KEYS.notEnrolled);
      if ((await passkeys.count(session.account.email)) === 0 && (await requiredFor(session))) throw new HttpError(409, ERROR_KEYS.twoFactorRequiredByCompany);
      await reauthenticate(session, body, ip);
      await repository.removeFactor(session.account.email);
      await record(session, AUDIT_ACTIONS.twoFactorRemove, { method: 'totp' });
    },

    async policy(companyId: string): Promise<CompanySecurity> {
      const company = await companies.find(companyId);
      if (!company) throw new HttpError(404, ERROR_KEYS.companyNotFound);
      return companySecurityOf(company.settings);
    },

    async updatePolicy(session: AuthContext, companyId: string, patch: CompanySecurityPatch): Promise<CompanySecurity> {
      const before = await this.policy(companyId);
      const after: CompanySecurity = { ...before, ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) };
      if (!(await companies.updateSettings(companyId, { settings: { security: after } }))) throw new HttpError(404, ERROR_KEYS.companyNotFound);
      await audit.record({ companyId, actorId: session.account.id, action: AUDIT_ACTIONS.companySecurityPolicyChange, openingId: null, details: { before, after } });
      return after;
    },
  };
}
