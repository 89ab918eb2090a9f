import * as v from 'valibot';

/**
 * Single sign-on with OpenID Connect per company (issue 32, part three): the owner's IdP
 * settings, domain discovery on /login and the start of a sign-in. The schemas serve the
 * server's routes and the host's forms alike.
 */

/** At most this many e-mail domains per company. */
export const SSO_MAX_DOMAINS = 20;
/** A started SSO sign-in (state, PKCE, nonce) lives this long and is used once. */
export const SSO_ATTEMPT_MINUTES = 10;
/** The path of our callback on PUBLIC_URL: the redirect URI to register at the IdP. */
export const SSO_CALLBACK_PATH = '/auth/sso/callback';

/** Roles a JIT-created member may get: never owner (an IdP must not mint owners). */
export const SSO_DEFAULT_ROLES = ['recruiter', 'viewer'] as const;
export type SsoDefaultRole = (typeof SSO_DEFAULT_ROLES)[number];

export const DomainSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(253),
  // Letters, digits and hyphens in labels, at least one dot, no scheme, no "@", no wildcard.
  v.regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/, 'sso.errors.domainInvalid'),
);

/** An http(s) URL without credentials, query or fragment (the server also requires https outside development). */
export const IssuerSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(500),
  v.url('sso.errors.issuerInvalid'),
  v.check((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.search && !url.hash;
    } catch {
      return false;
    }
  }, 'sso.errors.issuerInvalid'),
);

/** `PUT /v2/companies/settings/sso`: the whole IdP setting. The secret may be left out to keep the stored one. */
export const SsoSettingsBodySchema = v.strictObject({
  issuer: IssuerSchema,
  clientId: v.pipe(v.string(), v.trim(), v.minLength(1, 'sso.errors.clientIdRequired'), v.maxLength(500)),
  clientSecret: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(2000))),
  domains: v.pipe(v.array(DomainSchema), v.minLength(1, 'sso.errors.domainsRequired'), v.maxLength(SSO_MAX_DOMAINS)),
  defaultRole: v.picklist(SSO_DEFAULT_ROLES),
  ssoOnly: v.boolean(),
});
export type SsoSettingsBody = v.InferOutput<typeof SsoSettingsBodySchema>;

/** `POST /v2/companies/settings/sso/test`: fetches the issuer's discovery document. */
export const SsoTestBodySchema = v.strictObject({ issuer: IssuerSchema });
export type SsoTestBody = v.InferOutput<typeof SsoTestBodySchema>;

/** `POST /v2/companies/settings/sso/domains/:domain/verify`: looks up the domain's TXT record. */
export const SsoDomainParamsSchema = v.strictObject({ domain: DomainSchema });
export type SsoDomainParams = v.InferOutput<typeof SsoDomainParamsSchema>;

const SsoEmailSchema = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email('errors.badRequest'));

/** `POST /auth/sso/discover`: does the e-mail's domain sign in through a company's IdP? */
export const SsoDiscoverBodySchema = v.strictObject({ email: SsoEmailSchema });
export type SsoDiscoverBody = v.InferOutput<typeof SsoDiscoverBodySchema>;

/** `POST /auth/sso/start`: begins the code flow; `redirect` must be a path of ours (else the home). */
export const SsoStartBodySchema = v.strictObject({
  email: SsoEmailSchema,
  redirect: v.optional(v.pipe(v.string(), v.maxLength(2000))),
});
export type SsoStartBody = v.InferOutput<typeof SsoStartBodySchema>;

/** What the owner sees: never the client secret, only whether one is stored. */
export interface SsoSettingsView {
  configured: boolean;
  issuer: string;
  clientId: string;
  clientSecretSet: boolean;
  domains: string[];
  /** Each claimed domain's proof of ownership: the TXT record to publish and whether it was found. */
  domainClaims: SsoDomainClaimView[];
  defaultRole: SsoDefaultRole;
  ssoOnly: boolean;
  /** The redirect URI to register at the IdP. */
  callbackUrl: string;
}

/**
 * A claimed domain: `pending` until its TXT record is found, then `verified` (only verified domains
 * route sign-ins). `taken`: another company verified it first; this claim can never be verified.
 */
export interface SsoDomainClaimView {
  domain: string;
  state: 'pending' | 'verified' | 'taken';
  /** ISO time of the verification, null while pending. */
  verifiedAt: string | null;
  /** The DNS name and the TXT value to publish there. */
  recordName: string;
  recordValue: string;
}

/** The same shape for every e-mail: `company` null when its domain has no SSO (or is unknown). */
export interface SsoDiscovery {
  company: { name: string } | null;
}

/** The domain of an e-mail address, lower-cased. */
export const emailDomainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();

/** `target` when it is a path of this app (`/x`, never `//host` or `/\host`), else undefined. */
export function ownPathOrUndefined(target: string | undefined | null): string | undefined {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  // Control characters and backslashes have no place in our paths and confuse some browsers.
  for (const char of target) if (char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) return undefined;
  return target;
}
