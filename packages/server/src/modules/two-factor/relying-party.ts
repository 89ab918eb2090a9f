/** Every second-factor attempt counts under this rate-limit action (codes and passkeys alike). */
export const SECOND_FACTOR_ACTION = 'second-factor';

/** Who passkeys are made for (WebAuthn's relying party): fixed by the configuration. */
export interface RelyingParty {
  /** The RP ID: the host name of the origin (no scheme, no port). */
  id: string;
  /** The one origin a passkey's client data may name, e.g. `https://jobs.example.com`. */
  origin: string;
  /** Shown by some authenticators next to the account. */
  name: string;
}

/**
 * The relying party from PASSKEY_ORIGIN, else PUBLIC_URL: never from the request's Host header,
 * which a client chooses. A browser binds each passkey to the RP ID and signs the page's origin;
 * the server accepts only these, so a passkey made or used on another site never verifies here.
 */
export function relyingPartyOf(publicUrl: string, passkeyOrigin?: string): RelyingParty {
  const url = new URL(passkeyOrigin ?? publicUrl);
  return { id: url.hostname, origin: url.origin, name: url.hostname };
}
