import { randomBytes } from 'node:crypto';
import { ERROR_KEYS } from '@rec/core';
import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { PasskeyChallengePurpose } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { addMs, type Clock, MINUTE, tokenHash } from '../auth/tokens';
import type { PasskeyRepository } from './passkey-repository';
import type { RelyingParty } from './relying-party';

/** A challenge lives as long as the browser's own ceremony timeout, then it is refused. */
const CHALLENGE_MS = 5 * MINUTE;

/** The transports the browser reported at registration: a hint for the next ceremony, nothing checked. */
export const transportsOf = (stored: string | null): string[] | undefined => (stored ? (JSON.parse(stored) as string[]) : undefined);

/** The purposes an assertion (`navigator.credentials.get()`) serves. */
type AssertionPurpose = Exclude<PasskeyChallengePurpose, 'register'>;

export type PasskeyCeremony = ReturnType<typeof createPasskeyCeremony>;

/**
 * The WebAuthn ceremony's server half (issue 32), shared by the passkey service (registration,
 * sign-in, second factor) and the re-authentication of the two-factor service.
 *
 * Every challenge is 32 random bytes, kept server-side as its SHA-256 with its purpose, the session
 * it belongs to (none for a password-less attempt) and 5 minutes of life; a verification spends it
 * before checking anything else, so a challenge works once whatever the outcome. The expected
 * origin and RP ID come from the configuration (relying-party.ts), never from the request.
 */
export function createPasskeyCeremony(deps: { repository: PasskeyRepository; relyingParty: RelyingParty; now: Clock }) {
  const { repository, relyingParty, now } = deps;

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
   * User verification (PIN, biometrics) is required unless the passkey follows a password (the
   * second factor): alone, or standing in for the password at a re-authentication, it must prove
   * the person. `rejected` is the error thrown for any failure.
   */
  async function verifyAssertion(
    credential: AuthenticationResponseJSON,
    purpose: AssertionPurpose,
    sessionHash: string | null,
    rejected: HttpError = new HttpError(401, ERROR_KEYS.passkeyRejected),
  ): Promise<{ passkeyId: string; email: string }> {
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
        requireUserVerification: purpose !== 'second-factor',
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

  /**
   * An assertion that must be `email`'s own passkey (second factor, re-authentication): another
   * person's passkey is refused before its signature is even looked at, its challenge spent.
   */
  async function verifyOwnAssertion(email: string, credential: AuthenticationResponseJSON, purpose: AssertionPurpose, sessionHash: string, rejected: HttpError): Promise<{ passkeyId: string }> {
    const stored = await repository.findByCredentialId(credential.id);
    if (stored && stored.email !== email) {
      await spendChallenge(credential.response.clientDataJSON, purpose, sessionHash);
      throw rejected;
    }
    const used = await verifyAssertion(credential, purpose, sessionHash, rejected);
    if (used.email !== email) throw rejected;
    return { passkeyId: used.passkeyId };
  }

  return { relyingParty, newChallenge, spendChallenge, verifyAssertion, verifyOwnAssertion };
}
