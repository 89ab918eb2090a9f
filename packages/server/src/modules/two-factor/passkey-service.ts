import { randomBytes } from 'node:crypto';
import { ERROR_KEYS, type PasskeyAssertionBody, type PasskeyRegisterBody, type PasskeySummary, type ReauthenticationBody } from '@rec/core';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { newId } from '../../db/ids';
import type { AccountRow } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { AUDIT_ACTIONS, type AuditAction, type AuditLog } from '../audit/audit-log';
import type { AccountRepository } from '../auth/repository';
import type { AuthRateLimiter } from '../auth/rate-limit';
import type { NewSession, SessionService } from '../auth/sessions';
import { type Clock, MINUTE } from '../auth/tokens';
import { type PasskeyCeremony, transportsOf } from './passkey-ceremony';
import { type PasskeyRepository, passkeySummary } from './passkey-repository';
import { SECOND_FACTOR_ACTION } from './relying-party';
import type { TwoFactorService } from './service';

export type PasskeyService = ReturnType<typeof createPasskeyService>;

export interface PasskeyDeps {
  repository: PasskeyRepository;
  accounts: AccountRepository;
  sessions: SessionService;
  twoFactor: Pick<TwoFactorService, 'reauthenticate' | 'requirementOf' | 'lastFactorRefusal' | 'hasTotp' | 'issueRecoveryCodes' | 'forgetIfFactorless'>;
  rateLimiter: AuthRateLimiter;
  /** Bounds the public sign-in options (each stores a challenge) per address. */
  optionsLimiter: AuthRateLimiter;
  audit: AuditLog;
  /** Challenges and assertion checks (passkey-ceremony.ts); it holds the relying party too. */
  ceremony: PasskeyCeremony;
  now: Clock;
}

/** The public sign-in options, per address: generous (a page load asks once), still bounded. */
export const PASSKEY_OPTIONS_LIMITS = { perEmail: { limit: 60, windowMs: 15 * MINUTE }, perIp: { limit: 60, windowMs: 15 * MINUTE } };

/** The identity of a password-less attempt whose passkey is unknown, for the rate limiter (per address). */
const unknownPasskey = (ip: string) => `passkey:unknown:${ip}`;

/**
 * Passkeys (WebAuthn, issue 32), with @simplewebauthn/server doing the verification: register one
 * on the account page, finish a half-signed-in session with one, or sign in with one alone (user
 * verification required: the device's PIN or biometrics make it two factors in one).
 *
 * Challenges (single use, 5 minutes, bound to a purpose and a session) and the assertion checks are
 * the ceremony's (passkey-ceremony.ts). A person whose first factor is a passkey gets the ten
 * recovery codes too, as an authenticator app's enrolment gives them.
 */
export function createPasskeyService(deps: PasskeyDeps) {
  const { repository, accounts, sessions, twoFactor, rateLimiter, optionsLimiter, audit, ceremony, now } = deps;
  const { relyingParty, newChallenge, spendChallenge, verifyAssertion } = ceremony;

  /** A member's passkey actions go to their company's log; an admin's (no company) are platform entries of the admin audit log. */
  const record = (actor: { tenantId: string | null; accountId: string }, action: AuditAction, details: Record<string, unknown>) =>
    audit.record({ companyId: actor.tenantId, actorId: actor.accountId, action, openingId: null, details });
  const actorOf = (session: AuthContext) => ({ tenantId: session.tenantId, accountId: session.account.id });

  return {
    async list(email: string): Promise<PasskeySummary[]> {
      return (await repository.list(email)).map(passkeySummary);
    },

    /** Whether the identity has a passkey (the half-signed-in page offers "Use a passkey"). */
    async has(email: string): Promise<boolean> {
      return (await repository.count(email)) > 0;
    },

    /** Options for `navigator.credentials.create()`: a discoverable credential with user verification. */
    async registrationOptions(session: AuthContext): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const email = session.account.email;
      const existing = await repository.list(email);
      const userHandle = (await repository.userHandleOf(email)) ?? isoBase64URL.fromBuffer(new Uint8Array(randomBytes(32)));
      return generateRegistrationOptions({
        rpName: relyingParty.name,
        rpID: relyingParty.id,
        userName: email,
        userID: isoBase64URL.toBuffer(userHandle),
        userDisplayName: [session.account.first_name, session.account.last_name].filter(Boolean).join(' ') || email,
        challenge: await newChallenge('register', session.sessionHash, userHandle),
        attestationType: 'none',
        // An authenticator that holds one of the person's passkeys already is not offered again.
        excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      });
    },

    /**
     * Verifies the new credential against the session's challenge and stores it under `name`. The
     * person's first factor (no authenticator app, no other passkey) also brings the ten recovery
     * codes, answered this once: without them a lost passkey would lock the person out.
     */
    async register(session: AuthContext, name: string, body: PasskeyRegisterBody['credential'], ip: string): Promise<{ passkey: PasskeySummary; recoveryCodes?: string[] }> {
      // The shape was checked by core's schema; extension results pass through to the verifier as they came.
      const credential = body as unknown as RegistrationResponseJSON;
      const email = session.account.email;
      await rateLimiter.check(SECOND_FACTOR_ACTION, email, ip);
      const rejected = new HttpError(422, ERROR_KEYS.passkeyRejected);
      const spent = await spendChallenge(credential.response.clientDataJSON, 'register', session.sessionHash);
      if (!spent?.userHandle) throw rejected;
      let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verification = await verifyRegistrationResponse({
          response: credential,
          expectedChallenge: spent.challenge,
          expectedOrigin: relyingParty.origin,
          expectedRPID: relyingParty.id,
          requireUserVerification: true,
        });
      } catch {
        throw rejected;
      }
      if (!verification.verified) throw rejected;
      const { credential: made } = verification.registrationInfo;
      const at = now();
      const id = newId(at);
      const firstFactor = (await repository.count(email)) === 0 && !(await twoFactor.hasTotp(email));
      // The handle the options gave the authenticator; a passkey registered meanwhile in another tab wins, so the identity keeps one.
      const userHandle = (await repository.userHandleOf(email)) ?? spent.userHandle;
      const inserted = await repository.insert({
        id,
        email,
        credentialId: made.id,
        publicKey: isoBase64URL.fromBuffer(made.publicKey),
        counter: made.counter,
        transports: made.transports ?? credential.response.transports,
        userHandle,
        name,
        at,
      });
      // The credential is someone's already (or this person's): one credential, one owner.
      if (!inserted) throw new HttpError(409, ERROR_KEYS.passkeyRejected);
      await record(actorOf(session), AUDIT_ACTIONS.passkeyAdd, { passkeyId: id });
      const passkey = passkeySummary({ id, name, created_at: at, last_used_at: null });
      return firstFactor ? { passkey, recoveryCodes: await twoFactor.issueRecoveryCodes(email) } : { passkey };
    },

    async rename(session: AuthContext, id: string, name: string): Promise<void> {
      if (!(await repository.rename(session.account.email, id, name))) throw new HttpError(404, ERROR_KEYS.passkeyNotFound);
      await record(actorOf(session), AUDIT_ACTIONS.passkeyRename, { passkeyId: id });
    },

    /**
     * Removes one passkey after re-authentication (the passkey itself may confirm it); refused
     * (409) when it is the last factor of someone who must keep one (an admin, a member of a
     * company that requires two-factor). With the last factor go the recovery codes.
     */
    async remove(session: AuthContext, id: string, body: ReauthenticationBody, ip: string): Promise<void> {
      const email = session.account.email;
      const mine = await repository.list(email);
      if (!mine.some((row) => row.id === id)) throw new HttpError(404, ERROR_KEYS.passkeyNotFound);
      const requirement = mine.length === 1 && !(await twoFactor.hasTotp(email)) ? await twoFactor.requirementOf(session) : null;
      if (requirement) throw twoFactor.lastFactorRefusal(requirement);
      await twoFactor.reauthenticate(session, body, ip);
      if (!(await repository.remove(email, id))) throw new HttpError(404, ERROR_KEYS.passkeyNotFound);
      await twoFactor.forgetIfFactorless(email);
      await record(actorOf(session), AUDIT_ACTIONS.passkeyRemove, { passkeyId: id });
    },

    /**
     * Options to re-authenticate with one of the person's passkeys before a sensitive change: a
     * 'reauth' challenge bound to this session, user verification required (the passkey stands in
     * for the password).
     */
    async reauthOptions(session: AuthContext): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const mine = await repository.list(session.account.email);
      if (!mine.length) throw new HttpError(409, ERROR_KEYS.noPasskey);
      return generateAuthenticationOptions({
        rpID: relyingParty.id,
        allowCredentials: mine.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
        challenge: await newChallenge('reauth', session.sessionHash),
        userVerification: 'required',
      });
    },

    /** Options for the half-signed-in session's second factor: the person's own passkeys only. */
    async secondFactorOptions(pending: AuthContext): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const mine = await repository.list(pending.account.email);
      if (!mine.length) throw new HttpError(409, ERROR_KEYS.noPasskey);
      return generateAuthenticationOptions({
        rpID: relyingParty.id,
        allowCredentials: mine.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
        challenge: await newChallenge('second-factor', pending.sessionHash),
        userVerification: 'preferred',
      });
    },

    /** Finishes a half-signed-in session with one of the person's passkeys; another person's is refused. */
    async verifySecondFactor(pending: AuthContext, body: PasskeyAssertionBody['credential'], ip: string): Promise<Date> {
      const credential = body as unknown as AuthenticationResponseJSON;
      const email = pending.account.email;
      await rateLimiter.check(SECOND_FACTOR_ACTION, email, ip);
      // Another person's valid passkey never counts here (checked before the signature too).
      const used = await ceremony.verifyOwnAssertion(email, credential, 'second-factor', pending.sessionHash, new HttpError(401, ERROR_KEYS.passkeyRejected));
      const expiresAt = await sessions.complete(pending.sessionHash, pending.account.id);
      await record(actorOf(pending), AUDIT_ACTIONS.passkeySignIn, { passkeyId: used.passkeyId, mode: 'second-factor' });
      return expiresAt;
    },

    /** Options for a password-less sign-in: any discoverable passkey of this site, user verification required. */
    async signInOptions(ip: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
      // Each call stores a challenge (swept once expired): bounded per address.
      await optionsLimiter.check('passkey-options', ip, ip);
      return generateAuthenticationOptions({ rpID: relyingParty.id, challenge: await newChallenge('sign-in', null), userVerification: 'required' });
    },

    /**
     * A complete sign-in with a passkey alone: the account is chosen as the password sign-in
     * chooses it (admin first, then the oldest recruiter account of a company not suspended).
     */
    async signIn(body: PasskeyAssertionBody['credential'], ip: string, device: string | null): Promise<{ account: AccountRow; session: NewSession }> {
      const credential = body as unknown as AuthenticationResponseJSON;
      const stored = await repository.findByCredentialId(credential.id);
      await rateLimiter.check(SECOND_FACTOR_ACTION, stored?.email ?? unknownPasskey(ip), ip);
      const used = await verifyAssertion(credential, 'sign-in', null);
      const candidates = await accounts.findPasswordAccounts(used.email);
      if (!candidates.length) throw new HttpError(401, ERROR_KEYS.passkeyRejected);
      const account = candidates.find((row) => !row.company_suspended);
      if (!account) throw new HttpError(403, ERROR_KEYS.companySuspended);
      // Possession (the passkey) and user verification (PIN, biometrics): both factors at once.
      const session = await sessions.create(account.id, device, { factorProven: true });
      await record({ tenantId: account.type === 'recruiter' ? account.company_id : null, accountId: account.id }, AUDIT_ACTIONS.passkeySignIn, { passkeyId: used.passkeyId, mode: 'password-less' });
      return { account, session };
    },
  };
}
