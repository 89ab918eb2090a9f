import { isApiError } from '@rec/api-client';
import type { PasskeyAssertionBody, PasskeySummary, ReauthenticationBody } from '@rec/core';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { api } from '../../api';

/**
 * Passkey ceremonies (issue 32): options from the server (a fresh challenge), the browser's
 * `navigator.credentials` through @simplewebauthn/browser, the signed answer back to the server.
 */

/** The half-signed-in session's second factor with one of the person's passkeys. */
export async function passkeySecondFactor(): Promise<{ redirectTo: string }> {
  const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>('/auth/two-factor/passkey/options', {});
  const credential = await startAuthentication({ optionsJSON });
  return api.post<{ redirectTo: string }>('/auth/two-factor/passkey', { credential });
}

/** A complete sign-in with a passkey alone (the browser offers the site's discoverable passkeys). */
export async function passkeySignIn(): Promise<{ redirectTo: string }> {
  const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>('/auth/passkey/options', {});
  const credential = await startAuthentication({ optionsJSON });
  return api.post<{ redirectTo: string }>('/auth/passkey/sign-in', { credential });
}

/**
 * Registers a passkey: on the account page, or as the enrolment required at sign-in (`pending`).
 * Answers the recovery codes when it is the person's first factor (shown once), else undefined.
 */
export async function registerPasskey(name: string, pending = false): Promise<string[] | undefined> {
  const base = pending ? '/auth/two-factor/enrol/passkey' : '/v2/me/two-factor/passkeys';
  const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>(`${base}/options`, {});
  const credential = await startRegistration({ optionsJSON });
  const answer = await api.post<{ recoveryCodes?: string[] } & Partial<PasskeySummary>>(base, { name, credential });
  return answer.recoveryCodes;
}

/** A passkey confirms a sensitive change (instead of the password): the signed answer goes in the change's body. */
export async function passkeyReauthentication(): Promise<PasskeyAssertionBody['credential']> {
  const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>('/v2/me/two-factor/reauth/passkey/options', {});
  return (await startAuthentication({ optionsJSON })) as unknown as PasskeyAssertionBody['credential'];
}

export const renamePasskey = (id: string, name: string) => api.patch(`/v2/me/two-factor/passkeys/${encodeURIComponent(id)}`, { name });
export const removePasskey = (id: string, body: ReauthenticationBody) => api.post(`/v2/me/two-factor/passkeys/${encodeURIComponent(id)}/remove`, body);

/** The translation key of a failed ceremony: the server's key, or what the browser said. */
export function passkeyErrorKey(error: unknown): string {
  if (isApiError(error)) return error.key;
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'twoFactor.passkeys.alreadyRegistered';
    // NotAllowedError (passed through): the person closed the browser's dialog, or it timed out.
    if (error.code === 'ERROR_CEREMONY_ABORTED' || error.code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY') return 'twoFactor.passkeys.cancelled';
    // The page's address cannot carry passkeys (an IP address), or the device failed.
    return 'twoFactor.errors.passkeyRejected';
  }
  if (error instanceof Error && error.name === 'NotAllowedError') return 'twoFactor.passkeys.cancelled';
  return 'twoFactor.passkeys.unsupported';
}
