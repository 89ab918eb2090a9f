import {
  type CompanySecurity,
  type CompanySecurityPatch,
  companySecurityOf,
  ERROR_KEYS,
  isTotpCode,
  type ReauthenticationBody,
  REMEMBER_DEVICE_DAYS,
  type TotpEnrolment,
  type TwoFactorRequirement,
  type TwoFactorStatus,
} from '@rec/core';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { AuthContext } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { AUDIT_ACTIONS, type AuditAction, type AuditLog } from '../audit/audit-log';
import type { PasswordHasher } from '../auth/passwords';
import type { AuthRateLimiter } from '../auth/rate-limit';
import type { AccountRepository } from '../auth/repository';
import type { SessionService } from '../auth/sessions';
import { addMs, type Clock, DAY, newToken, tokenHash } from '../auth/tokens';
import type { CompanyRepository } from '../companies/repository';
import type { PasskeyCeremony } from './passkey-ceremony';
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
  /** Verifies a passkey assertion that re-authenticates the person (instead of the password). */
  ceremony: PasskeyCeremony;
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
  const { repository, passkeys, ceremony, accounts, companies, sessions, passwords, rateLimiter, box, audit, now } = deps;

  /** A member's factor actions go to their company's log; an admin's (no company) are platform entries of the admin audit log. */
  const record = (session: AuthContext, action: AuditAction, details: Record<string, unknown> = {}) =>
    audit.record({ companyId: session.tenantId, actorId: session.account.id, action, openingId: null, details });

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

  /** Ten new one-time codes replace the identity's others; answers them in plain, to show once (only hashes are kept). */
  async function issueRecoveryCodes(email: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repository.replaceRecoveryCodes(email, codes.map((code) => recoveryCodeHash(email, code)), now());
    return codes;
  }

  /**
   * The account's password, a current code or one of the person's passkeys (an assertion over a
   * 'reauth' challenge of this session: a person without a password confirms this way), before
   * removing a factor or replacing the codes. Every failure is a 422: the session itself is fine.
   */
  async function reauthenticate(session: AuthContext, body: ReauthenticationBody, ip: string): Promise<void> {
    const email = session.account.email;
    if (body.credential !== undefined) {
      await rateLimiter.check(CODE_ACTION, email, ip);
      const credential = body.credential as unknown as AuthenticationResponseJSON;
      await ceremony.verifyOwnAssertion(email, credential, 'reauth', session.sessionHash, new HttpError(422, ERROR_KEYS.reauthenticationFailed));
      return;
    }
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

  /** Who requires the person to keep a second factor: the platform (every admin), their company, or nobody. */
  async function requirementOf(session: AuthContext): Promise<TwoFactorRequirement | null> {
    if (session.role === 'admin') return 'admin';
    if (session.role !== 'recruiter' || !session.tenantId) return null;
    const company = await companies.find(session.tenantId);
    return companySecurityOf(company?.settings).requireTwoFactor ? 'company' : null;
  }

  /** The 409 of removing the last factor someone must keep. */
  const lastFactorRefusal = (requirement: TwoFactorRequirement) =>
    new HttpError(409, requirement === 'admin' ? ERROR_KEYS.twoFactorRequiredForAdmins : ERROR_KEYS.twoFactorRequiredByCompany);

  async function hasAnyFactor(email: string): Promise<boolean> {
    return Boolean((await repository.findTotp(email))?.confirmed_at) || (await passkeys.count(email)) > 0;
  }

  return {
    reauthenticate,
    requirementOf,
    lastFactorRefusal,
    issueRecoveryCodes,

    /**
     * After a passkey went: with no factor left, the recovery codes and remembered devices go too
     * (they stood on a factor that is no more).
     */
    async forgetIfFactorless(email: string): Promise<void> {
      if (!(await hasAnyFactor(email))) await repository.removeFactor(email);
    },

    /** Whether the identity has unused recovery codes (the half-signed-in page then offers the code field). */
    async hasRecoveryCodes(email: string): Promise<boolean> {
      return (await repository.recoveryCodesLeft(email)) > 0;
    },

    /** Whether the identity has a confirmed TOTP factor. */
    async hasTotp(email: string): Promise<boolean> {
      return Boolean((await repository.findTotp(email))?.confirmed_at);
    },

    async status(session: AuthContext): Promise<TwoFactorStatus> {
      const email = session.account.email;
      const row = await repository.findTotp(email);
      const enrolled = Boolean(row?.confirmed_at);
      const list = (await passkeys.list(email)).map(passkeySummary);
      const requiredBy = await requirementOf(session);
      const account = await accounts.findById(session.account.id);
      return {
        enrolled,
        enrolledAt: row?.confirmed_at ? new Date(row.confirmed_at).toISOString() : null,
        // The codes belong to whoever has a factor, an authenticator app or passkeys only.
        recoveryCodesLeft: enrolled || list.length ? await repository.recoveryCodesLeft(email) : 0,
        required: requiredBy !== null,
        requiredBy,
        passkeys: list,
        hasPassword: Boolean(account?.password_hash),
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
      // A recovery code has its own entry (the person may have lost their factor); a code from the app is a sign-in.
      await record(session, used === 'recovery' ? AUDIT_ACTIONS.twoFactorRecoveryCodeUsed : AUDIT_ACTIONS.twoFactorSignIn, used === 'recovery' ? {} : { method: 'totp' });
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

    /** New codes for a person with a factor (an authenticator app, or passkeys only). */
    async regenerateRecoveryCodes(session: AuthContext, body: ReauthenticationBody, ip: string): Promise<string[]> {
      if (!(await hasAnyFactor(session.account.email))) throw new HttpError(409, ERROR_KEYS.notEnrolled);
      await reauthenticate(session, body, ip);
      const codes = await issueRecoveryCodes(session.account.email);
      await record(session, AUDIT_ACTIONS.twoFactorRecoveryCodesRegenerate);
      return codes;
    },

    /**
     * Removes the authenticator app and every remembered device, and the recovery codes unless a
     * passkey remains (they serve it too); refused while it is the last factor of someone who must
     * keep one (an admin, a member of a company that requires two-factor).
     */
    async remove(session: AuthContext, body: ReauthenticationBody, ip: string): Promise<void> {
      const email = session.account.email;
      const row = await repository.findTotp(email);
      if (!row?.confirmed_at) throw new HttpError(409, ERROR_KEYS.notEnrolled);
      const passkeysLeft = await passkeys.count(email);
      const requirement = passkeysLeft === 0 ? await requirementOf(session) : null;
      if (requirement) throw lastFactorRefusal(requirement);
      await reauthenticate(session, body, ip);
      if (passkeysLeft > 0) await repository.removeTotp(email);
      else await repository.removeFactor(email);
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
