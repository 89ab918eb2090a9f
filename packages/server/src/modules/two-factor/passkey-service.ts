import { randomBytes } from 'node:crypto';
import { ERROR_KEYS, type PasskeyAssertionBody, type PasskeyRegisterBody, type PasskeySummary, type ReauthenticationBody } from '@rec/core';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { newId } from '../../db/ids';
import type { AccountRow, PasskeyChallengePurpose } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { AUDIT_ACTIONS, type AuditAction, type AuditLog } from '../audit/audit-log';
import type { AccountRepository } from '../auth/repository';
import type { AuthRateLimiter } from '../auth/rate-limit';
import type { NewSession, SessionService } from '../auth/sessions';
import { addMs, type Clock, MINUTE, tokenHash } from '../auth/tokens';
import { type PasskeyRepository, passkeySummary } from './passkey-repository';
import { type RelyingParty, SECOND_FACTOR_ACTION } from './relying-party';
import type { TwoFactorService } from './service';

export type PasskeyService = ReturnType<typeof createPasskeyService>;

export interface PasskeyDeps {
  repository: PasskeyRepository;
  accounts: AccountRepository;
  sessions: SessionService;
  twoFactor: Pick<TwoFactorService, 'reauthenticate' | 'requiredFor' | 'hasTotp'>;
  rateLimiter: AuthRateLimiter;
  /** Bounds the public sign-in options (each stores a challenge) per address. */
  optionsLimiter: AuthRateLimiter;
  audit: AuditLog;
  relyingParty: RelyingParty;
  now: Clock;
}

/** The public sign-in options, per address: generous (a page load asks once), still bounded. */
export const PASSKEY_OPTIONS_LIMITS = { perEmail: { limit: 60, windowMs: 15 * MINUTE }, perIp: { limit: 60, windowMs: 15 * MINUTE } };

/** A challenge lives as long as the browser's own ceremony timeout, then it is refused. */
const CHALLENGE_MS = 5 * MINUTE;
/** The identity of a password-less attempt whose passkey is unknown, for the rate limiter (per address). */
const unknownPasskey = (ip: string) => `passkey:unknown:${ip}`;

/** The transports the browser reported at registration: a hint for the next ceremony, nothing checked. */
const transportsOf = (stored: string | null): string[] | undefined => (stored ? (JSON.parse(stored) as string[]) : undefined);

/**
 * Passkeys (WebAuthn, issue 32), with @simplewebauthn/server doing the verification: register one
 * on the account page, finish a half-signed-in session with one, or sign in with one alone (user
 * verification required: the device's PIN or biometrics make it two factors in one).
 *
 * Every challenge is 32 random bytes, kept server-side as its SHA-256 with its purpose, the session
 * it belongs to (none for a password-less attempt) and 5 minutes of life; a verification spends it
 * before checking anything else, so a challenge works once whatever the outcome. The expected
 * origin and RP ID come from the configuration (relying-party.ts), never from the request.
 */
export function createPasskeyService(deps: PasskeyDeps) {
  const { repository, accounts, sessions, twoFactor, rateLimiter, optionsLimiter, audit, relyingParty, now } = deps;

  /** Audit rows need a company: an admin (no company) is not audited here, as for TOTP. */
  const record = (actor: { tenantId: string | null; accountId: string }, action: AuditAction, details: Record<string, unknown>) =>
    actor.tenantId ? audit.record({ companyId: actor.tenantId, actorId: actor.accountId, action, openingId: null, details }) : Promise.resolve('');
  const actorOf = (session: AuthContext) => ({ tenantId: session.tenantId, accountId: session.account.id });

  async function newChallenge(purpose: PasskeyChallengePurpose, sessionHash: string | null, userHandle?: string): Promise<Uint8Array<ArrayBuffer>> {
    const challenge = new Uint8Array(randomBytes(32));
    const at = now();
    await repository.saveChallenge({ hash: tokenHash(isoBase64URL.fromBuffer(challenge)), purpose, sessionHash, ...(userHandle ? { userHandle } : {}) }, at, addMs(at, CHALLENGE_MS));
    return challenge;
  }

  /**
   * Spends the challenge the browser signed (read from its client data) if it is a live one of
   * this purpose and session; answers it for the verifier, or undefined (unknown, expired, used).
   */
  async function spendChallenge(clientDataJSON: string, purpose: PasskeyChallengePurpose, sessionHash: string | null): Promise<{ challenge: string; userHandle: string | null } | undefined> {
    let challenge: unknown;
    try {
      challenge = decodeClientDataJSON(clientDataJSON).challenge;
    } catch {
      return undefined;
    }
    if (typeof challenge !== 'string' || challenge.length > 200) return undefined;
    const row = await repository.takeChallenge(tokenHash(challenge), purpose, sessionHash, now());
    return row ? { challenge, userHandle: row.user_handle } : undefined;
  }

  /**
   * Verifies an assertion against the stored passkey and records the new signature counter. The
   * library refuses a counter that does not grow (unless the authenticator keeps none: 0 and 0).
   */
  async function verifyAssertion(credential: AuthenticationResponseJSON, purpose: 'second-factor' | 'sign-in', sessionHash: string | null): Promise<{ passkeyId: string; email: string }> {
    const rejected = new HttpError(401, ERROR_KEYS.passkeyRejected);
    const spent = await spendChallenge(credential.response.clientDataJSON, purpose, sessionHash);
    if (!spent) throw rejected;
    const stored = await repository.findByCredentialId(credential.id);
    if (!stored) throw rejected;
    const counter = Number(stored.counter);
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response: credential,
        expectedChallenge: spent.challenge,
        expectedOrigin: relyingParty.origin,
        expectedRPID: relyingParty.id,
        credential: { id: stored.credential_id, publicKey: isoBase64URL.toBuffer(stored.public_key), counter, transports: transportsOf(stored.transports) },
        // Alone, the passkey must prove the person (PIN, biometrics); after a password, presence is enough.
        requireUserVerification: purpose === 'sign-in',
      });
    } catch {
      throw rejected;
    }
    if (!verification.verified) throw rejected;
    // A discoverable credential names its user: it must be the identity the passkey was made for.
    const userHandle = credential.response.userHandle;
    if (userHandle !== undefined && userHandle !== stored.user_handle) throw rejected;
    if (!(await repository.recordUse(stored.id, counter, verification.authenticationInfo.newCounter, now()))) throw rejected;
    return { passkeyId: stored.id, email: stored.email };
  }

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

    /** Verifies the new credential against the session's challenge and stores it under `name`. */
    async register(session: AuthContext, name: string, body: PasskeyRegisterBody['credential'], ip: string): Promise<PasskeySummary> {
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
      return passkeySummary({ id, name, created_at: at, last_used_at: null });
    },

    async rename(session: AuthContext, id: string, name: string): Promise<void> {
      if (!(await repository.rename(session.account.email, id, name))) throw new HttpError(404, ERROR_KEYS.passkeyNotFound);
      await record(actorOf(session), AUDIT_ACTIONS.passkeyRename, { passkeyId: id });
    },

    /**
     * Removes one passkey after re-authentication; refused (409) when it is the person's last
     * factor and the company requires two-factor.
     */
    async remove(session: AuthContext, id: string, body: ReauthenticationBody, ip: string): Promise<void> {
      const email = session.account.email;
      const mine = await repository.list(email);
      if (!mine.some((row) => row.id === id)) throw new HttpError(404, ERROR_KEYS.passkeyNotFound);
      if (mine.length === 1 && !(await twoFactor.hasTotp(email)) && (await twoFactor.requiredFor(session))) throw new HttpError(409, ERROR_KEYS.twoFactorRequiredByCompany);
      await twoFactor.reauthenticate(session, body, ip);
      if (!(await repository.remove(email, id))) throw new HttpError(404, ERROR_KEYS.passkeyNotFound);
      await record(actorOf(session), AUDIT_ACTIONS.passkeyRemove, { passkeyId: id });
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
      const rejected = new HttpError(401, ERROR_KEYS.passkeyRejected);
      const stored = await repository.findByCredentialId(credential.id);
      // Checked before the signature too, so that another person's valid passkey never counts here.
      if (stored && stored.email !== email) {
        await spendChallenge(credential.response.clientDataJSON, 'second-factor', pending.sessionHash);
        throw rejected;
      }
      const used = await verifyAssertion(credential, 'second-factor', pending.sessionHash);
      if (used.email !== email) throw rejected;
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
