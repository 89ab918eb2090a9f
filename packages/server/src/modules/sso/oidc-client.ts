import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { OutboundFetch } from '../../http/outbound-guard';

/**
 * Our side of the OpenID Connect code flow, on openid-client (a certified relying party library;
 * it checks the ID token's signature, issuer, audience, expiry and nonce, the state and PKCE).
 * Discovery answers are kept a few minutes per setting so a sign-in costs one fetch, not three.
 */

/** Seconds for any request to an IdP: a slow IdP must not hold a request of ours for long. */
const IDP_TIMEOUT_SECONDS = 5;
const CACHE_MS = 5 * 60_000;
const SCOPE = 'openid email profile';

export interface IdpSetting {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface VerifiedIdentity {
  email: string | undefined;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

export type OidcClient = ReturnType<typeof createOidcClient>;

/**
 * `fetch` is the outbound guard's (http/outbound-guard.ts): discovery, token, key set and UserInfo
 * requests all go through it, to the issuer and to every endpoint its discovery document names.
 * An http issuer reaches here only where the guard's policy allows plain http (never in production).
 */
export function createOidcClient(deps: { fetch: OutboundFetch }) {
  const cache = new Map<string, { at: number; config: Promise<client.Configuration> }>();

  const discoveryOptions = (issuer: string): client.DiscoveryRequestOptions => ({
    timeout: IDP_TIMEOUT_SECONDS,
    [client.customFetch]: deps.fetch as client.CustomFetch,
    ...(new URL(issuer).protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
  });

  function configOf(setting: IdpSetting): Promise<client.Configuration> {
    const key = createHash('sha256').update(JSON.stringify([setting.issuer, setting.clientId, setting.clientSecret])).digest('hex');
    const cached = cache.get(key);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.config;
    const config = client.discovery(new URL(setting.issuer), setting.clientId, setting.clientSecret, undefined, discoveryOptions(setting.issuer));
    // A failed discovery is not kept: the next sign-in tries again.
    config.catch(() => cache.delete(key));
    if (cache.size > 500) cache.clear();
    cache.set(key, { at: Date.now(), config });
    return config;
  }

  return {
    /** Fetches the issuer's discovery document (the owner's "test the connection"); throws when it fails. */
    async testIssuer(issuer: string): Promise<{ issuer: string; authorizationEndpoint: string | undefined }> {
      const config = await client.discovery(new URL(issuer), 'connection-test', undefined, client.None(), discoveryOptions(issuer));
      const metadata = config.serverMetadata();
      return { issuer: metadata.issuer, authorizationEndpoint: metadata.authorization_endpoint };
    },

    /** The IdP's authorization URL for one attempt: code flow, PKCE (S256), state and nonce. */
    async authorizationUrl(setting: IdpSetting, input: { redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint: string }): Promise<string> {
      const config = await configOf(setting);
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: input.redirectUri,
        scope: SCOPE,
        state: input.state,
        nonce: input.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(input.codeVerifier),
        code_challenge_method: 'S256',
        login_hint: input.loginHint,
      });
      return url.href;
    },

    /** Exchanges the code and verifies the ID token; throws on any mismatch (state, nonce, PKCE, signature). */
    async verify(setting: IdpSetting, callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<VerifiedIdentity> {
      const config = await configOf(setting);
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      // A conforming IdP may keep e-mail and name for the UserInfo endpoint when it issued an
      // access token: asked there, for the ID token's subject only (openid-client checks `sub`).
      const claims: Record<string, unknown> =
        idClaims.email === undefined && tokens.access_token ? { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims } : idClaims;
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : null);
      return {
        email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined,
        // Some IdPs send "true" as a string; anything else is not a verified address.
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        givenName: text(claims.given_name),
        familyName: text(claims.family_name),
      };
    },
  };
}
