import {
  DEFAULT_LOCALE,
  emailDomainOf,
  ERROR_KEYS,
  type ErrorKey,
  ownPathOrUndefined,
  SSO_ATTEMPT_MINUTES,
  SSO_CALLBACK_PATH,
  type SsoDiscovery,
  type SsoDomainClaimView,
  type SsoSettingsBody,
  type SsoSettingsView,
  toLocale,
} from '@rec/core';
import { newId } from '../../db/ids';
import type { AccountRow } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { checkOutboundUrl, type OutboundPolicy, outboundRefusalOf } from '../../http/outbound-guard';
import { AUDIT_ACTIONS, type AuditLog } from '../audit/audit-log';
import type { AuthRateLimiter } from '../auth/rate-limit';
import type { NewSession, SessionService } from '../auth/sessions';
import { addMs, type Clock, MINUTE, newToken, tokenHash } from '../auth/tokens';
import type { SecretBox } from '../two-factor/secret-box';
import { codeVerifierOf, isTokenShaped, nonceOf } from './binding';
import { checkDomainRecord, newDomainToken, recordNameOf, recordValueOf, type TxtResolver } from './domain-verification';
import type { OidcClient } from './oidc-client';
import { PUBLIC_MAIL_DOMAINS } from './public-domains';
import { type DomainClaim, type SsoRepository, type StoredSso, verifiedDomainsOf } from './repository';
import { isUniqueViolation } from '../../db/unique-violation';

export type SsoService = ReturnType<typeof createSsoService>;

export interface SsoDeps {
  repository: SsoRepository;
  sessions: SessionService;
  rateLimiter: AuthRateLimiter;
  box: SecretBox;
  audit: AuditLog;
  oidc: OidcClient;
  /** The outbound guard's policy (http/outbound-guard.ts): which issuers may be saved and tested. */
  outbound: OutboundPolicy;
  /** TXT lookups for domain verification (tests give a fake). */
  resolveTxt: TxtResolver;
  publicUrl: string;
  now: Clock;
}

/** Where a signed-in member goes when the start named no (acceptable) path. */
const HOME = '/recruiter';
/** The actor of an audit row about a sign-in no account is known for yet. */
const NO_ACCOUNT = '000000000000000000000000';

/** A refused callback: the key the login page shows, and what the audit row of the company says. */
export class SsoRefusal extends HttpError {
  constructor(
    statusCode: number,
    key: ErrorKey,
    readonly audit?: { companyId: string; reason: string; actorId?: string },
  ) {
    super(statusCode, key);
  }
}

/** What the audit keeps of a setting: never the secret, only whether it changed. */
const auditView = (stored: StoredSso | undefined) =>
  stored
    ? { issuer: stored.issuer, clientId: stored.client_id, domains: stored.domains.map((claim) => claim.domain), defaultRole: stored.default_role, ssoOnly: stored.sso_only }
    : null;

/** The issuer URL's refusal by the outbound guard, as the key the owner reads: http, or an address that is not public. */
function refuseIssuer(issuer: string, policy: OutboundPolicy): void {
  const refusal = checkOutboundUrl(issuer, policy);
  if (refusal === 'scheme') throw new HttpError(422, ERROR_KEYS.ssoIssuerInsecure);
  if (refusal) throw new HttpError(422, ERROR_KEYS.ssoIssuerNotAllowed);
}

const DOMAIN_CHECK_ERRORS = {
  missing: ERROR_KEYS.ssoDomainRecordMissing,
  mismatch: ERROR_KEYS.ssoDomainRecordMismatch,
  lookupFailed: ERROR_KEYS.ssoDomainLookupFailed,
} as const;


/**
 * Single sign-on with OpenID Connect per company (issue 32): the owner's settings, domain
 * discovery, the code flow's start and callback, just-in-time members. The IdP stands for the
 * company's second factor: an SSO session is complete at once, even where the company requires
 * two-factor (docs/security.md).
 */
export function createSsoService(deps: SsoDeps) {
  const { repository, sessions, rateLimiter, box, audit, oidc, outbound, resolveTxt, publicUrl, now } = deps;
  const callbackUrl = new URL(SSO_CALLBACK_PATH, publicUrl).href;

  async function viewOf(companyId: string, stored: StoredSso | undefined): Promise<SsoSettingsView> {
    // Claims exist without an IdP too (a domain may be verified first).
    const claims = stored?.domains ?? (await repository.claims(companyId));
    const taken = new Set(await repository.domainsVerifiedElsewhere(companyId, claims.filter((claim) => !claim.verifiedAt).map((claim) => claim.domain)));
    const claimView = (claim: DomainClaim): SsoDomainClaimView => ({
      domain: claim.domain,
      state: claim.verifiedAt ? 'verified' : taken.has(claim.domain) ? 'taken' : 'pending',
      verifiedAt: claim.verifiedAt?.toISOString() ?? null,
      recordName: recordNameOf(claim.domain),
      recordValue: recordValueOf(claim.token),
    });
    return {
      configured: Boolean(stored),
      issuer: stored?.issuer ?? '',
      clientId: stored?.client_id ?? '',
      clientSecretSet: Boolean(stored?.client_secret),
      domains: claims.map((claim) => claim.domain),
      domainClaims: claims.map(claimView),
      defaultRole: stored?.default_role ?? 'recruiter',
      ssoOnly: stored?.sso_only ?? false,
      callbackUrl,
    };
  }

  /** One audit row per claim that went away (a verified one may have routed sign-ins). */
  const auditRemovedClaims = (session: AuthContext, companyId: string, removed: DomainClaim[]) =>
    Promise.all(
      removed.map((claim) =>
        audit.record({
          companyId,
          actorId: session.account.id,
          action: AUDIT_ACTIONS.ssoDomainRemove,
          openingId: null,
          details: { domain: claim.domain, wasVerified: Boolean(claim.verifiedAt) },
        }),
      ),
    );

  async function settingOf(stored: StoredSso) {
    const clientSecret = await box.open(stored.client_secret);
    // A box another key sealed (TWO_FACTOR_KEY changed): the owner must enter the secret again.
    if (clientSecret === undefined) return undefined;
    return { issuer: stored.issuer, clientId: stored.client_id, clientSecret };
  }

  return {
    callbackUrl,

    async settings(companyId: string): Promise<SsoSettingsView> {
      return viewOf(companyId, await repository.find(companyId));
    },

    async save(session: AuthContext, companyId: string, body: SsoSettingsBody): Promise<SsoSettingsView> {
      // What can be told without the network (scheme, literal addresses, localhost); names are
      // checked when resolved, at each connection, since a DNS answer may change after saving.
      refuseIssuer(body.issuer, outbound);
      const domains = [...new Set(body.domains)].sort();
      if (domains.some((domain) => PUBLIC_MAIL_DOMAINS.has(domain))) throw new HttpError(422, ERROR_KEYS.ssoDomainPublic);
      // A pending claim elsewhere blocks nobody; a domain another company proved it owns is theirs.
      if ((await repository.domainsVerifiedElsewhere(companyId, domains)).length) throw new HttpError(409, ERROR_KEYS.ssoDomainTaken);
      const before = await repository.find(companyId);
      const sealed = body.clientSecret !== undefined ? await box.seal(body.clientSecret) : before?.client_secret;
      if (!sealed) throw new HttpError(422, ERROR_KEYS.ssoSecretRequired);
      const issuer = body.issuer.replace(/\/+$/, '') || body.issuer;
      const next = { company_id: companyId, issuer, client_id: body.clientId, client_secret: sealed, default_role: body.defaultRole, sso_only: body.ssoOnly, domains };
      const removed = await repository.save(next, now(), newDomainToken);
      await auditRemovedClaims(session, companyId, removed);
      const after = await repository.find(companyId);
      await audit.record({
        companyId,
        actorId: session.account.id,
        action: AUDIT_ACTIONS.ssoSettingsChange,
        openingId: null,
        details: { before: auditView(before), after: auditView(after), secretChanged: body.clientSecret !== undefined },
      });
      return viewOf(companyId, after);
    },

    /** Idempotent: nothing set up is nothing to remove (and nothing to audit). */
    async remove(session: AuthContext, companyId: string): Promise<void> {
      const before = await repository.find(companyId);
      const { removed, claims } = await repository.remove(companyId);
      await auditRemovedClaims(session, companyId, claims);
      if (!removed) return;
      await audit.record({ companyId, actorId: session.account.id, action: AUDIT_ACTIONS.ssoSettingsChange, openingId: null, details: { before: auditView(before), after: null } });
    },

    /**
     * Looks for the claim's TXT record; found, the domain is the company's (audited). Another company's
     * verification first makes this claim 409 for good; the partial unique index settles a race.
     */
    async verifyDomain(session: AuthContext, companyId: string, domain: string, ip: string): Promise<SsoSettingsView> {
      const claim = (await repository.claims(companyId)).find((candidate) => candidate.domain === domain);
      if (!claim) throw new HttpError(404, ERROR_KEYS.ssoDomainNotClaimed);
      if (claim.verifiedAt) return viewOf(companyId, await repository.find(companyId));
      if ((await repository.domainsVerifiedElsewhere(companyId, [domain])).length) throw new HttpError(409, ERROR_KEYS.ssoDomainTaken);
      // Each try is a DNS query of ours: a few per domain and address.
      await rateLimiter.check('sso-verify', `${companyId}:${domain}`, ip);
      const found = await checkDomainRecord(resolveTxt, domain, claim.token);
      if (found !== 'verified') throw new HttpError(422, DOMAIN_CHECK_ERRORS[found]);
      try {
        await repository.markVerified(companyId, domain, now());
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, ERROR_KEYS.ssoDomainTaken);
        throw error;
      }
      await audit.record({ companyId, actorId: session.account.id, action: AUDIT_ACTIONS.ssoDomainVerify, openingId: null, details: { domain } });
      return viewOf(companyId, await repository.find(companyId));
    },

    /** "Test the connection": the issuer's discovery document, fetched through the outbound guard and read by openid-client. */
    async testConnection(issuer: string, companyId: string, ip: string): Promise<{ ok: true; issuer: string }> {
      refuseIssuer(issuer, outbound);
      // Each test is an outgoing request: limited like a sign-in, per company and address.
      await rateLimiter.check('sso-test', companyId, ip);
      try {
        const metadata = await oidc.testIssuer(issuer);
        return { ok: true, issuer: metadata.issuer };
      } catch (error) {
        // The guard refused a name that resolves to a private address, or a redirect there: said so.
        const refusal = outboundRefusalOf(error);
        if (refusal && (refusal.reason === 'address' || refusal.reason === 'redirect')) throw new HttpError(422, ERROR_KEYS.ssoIssuerNotAllowed);
        if (refusal?.reason === 'scheme') throw new HttpError(422, ERROR_KEYS.ssoIssuerInsecure);
        // Nothing of the answer goes back: the owner's browser must not read other hosts through us.
        throw new HttpError(422, ERROR_KEYS.ssoDiscoveryFailed);
      }
    },

    /** The same shape for every address: a company's name only when its domain signs in through SSO. */
    async discover(email: string, ip: string): Promise<SsoDiscovery> {
      await rateLimiter.check('sso-discover', email, ip);
      const company = await repository.findByDomain(emailDomainOf(email));
      return { company: company ? { name: company.companyName } : null };
    },

    /** Starts the code flow for the e-mail's company: answers the IdP's URL; the attempt is kept hashed. */
    async start(input: { email: string; redirect?: string | undefined; binding: string; ip: string }): Promise<{ authorizationUrl: string }> {
      await rateLimiter.check('sso-start', input.email, input.ip);
      const company = await repository.findByDomain(emailDomainOf(input.email));
      const stored = company ? await repository.find(company.companyId) : undefined;
      if (!company || !stored) throw new HttpError(404, ERROR_KEYS.ssoNotConfigured);
      const setting = await settingOf(stored);
      if (!setting) throw new HttpError(422, ERROR_KEYS.ssoFailed);
      const state = newToken();
      const created = now();
      await repository.sweepAttempts(created);
      await repository.insertAttempt({
        state_hash: tokenHash(state),
        binding_hash: tokenHash(input.binding),
        company_id: company.companyId,
        redirect_to: ownPathOrUndefined(input.redirect) ?? HOME,
        created_at: created,
        expires_at: addMs(created, SSO_ATTEMPT_MINUTES * MINUTE),
      });
      try {
        const authorizationUrl = await oidc.authorizationUrl(setting, {
          redirectUri: callbackUrl,
          state,
          nonce: nonceOf(input.binding, state),
          codeVerifier: codeVerifierOf(input.binding, state),
          loginHint: input.email,
        });
        return { authorizationUrl };
      } catch {
        throw new HttpError(422, ERROR_KEYS.ssoDiscoveryFailed);
      }
    },

    /**
     * The IdP's redirect back: the attempt of `state` (used up whatever happens), started by this
     * browser; the code exchanged and the ID token verified (signature, issuer, audience, nonce, PKCE);
     * a verified e-mail of an allowed domain; then the member (created just in time) signs in.
     */
    async callback(input: { query: URLSearchParams; binding: string | undefined; ip: string; device: string | null }): Promise<{ account: AccountRow; session: NewSession; redirectTo: string }> {
      const state = input.query.get('state') ?? undefined;
      await rateLimiter.check('sso-callback', isTokenShaped(state) ? tokenHash(state) : 'malformed', input.ip);
      if (!isTokenShaped(state)) throw new SsoRefusal(400, ERROR_KEYS.ssoStateInvalid);
      const attempt = await repository.takeAttempt(tokenHash(state));
      if (!attempt) throw new SsoRefusal(400, ERROR_KEYS.ssoStateInvalid);
      const companyId = attempt.company_id;
      if (new Date(attempt.expires_at) <= now()) throw new SsoRefusal(400, ERROR_KEYS.ssoStateInvalid, { companyId, reason: 'expired' });
      if (!input.binding || tokenHash(input.binding) !== attempt.binding_hash) throw new SsoRefusal(400, ERROR_KEYS.ssoStateInvalid, { companyId, reason: 'otherBrowser' });
      if (input.query.has('error')) throw new SsoRefusal(401, ERROR_KEYS.ssoFailed, { companyId, reason: 'idpError' });
      const stored = await repository.find(companyId);
      const setting = stored ? await settingOf(stored) : undefined;
      if (!stored || !setting) throw new SsoRefusal(404, ERROR_KEYS.ssoNotConfigured, { companyId, reason: 'notConfigured' });
      let identity: Awaited<ReturnType<OidcClient['verify']>>;
      try {
        identity = await oidc.verify(setting, new URL(`${callbackUrl}?${input.query}`), {
          state,
          nonce: nonceOf(input.binding, state),
          codeVerifier: codeVerifierOf(input.binding, state),
        });
      } catch {
        // The library's message may quote the token's claims: only the fact goes to the audit.
        throw new SsoRefusal(401, ERROR_KEYS.ssoFailed, { companyId, reason: 'verification' });
      }
      if (!identity.email || !identity.emailVerified) throw new SsoRefusal(403, ERROR_KEYS.ssoEmailNotVerified, { companyId, reason: 'emailNotVerified' });
      // Only a domain the company proved it owns: a pending claim lets no one in.
      if (!verifiedDomainsOf(stored).includes(emailDomainOf(identity.email))) throw new SsoRefusal(403, ERROR_KEYS.ssoDomainNotAllowed, { companyId, reason: 'domainNotAllowed' });
      const company = await repository.company(companyId);
      if (!company) throw new SsoRefusal(404, ERROR_KEYS.ssoNotConfigured);
      // Suspended while the person was at the IdP: no sign-in (issue 13).
      if (company.suspended_at) throw new SsoRefusal(403, ERROR_KEYS.companySuspended, { companyId, reason: 'companySuspended' });
      let account = await repository.findMember(companyId, identity.email);
      if (!account) {
        const language = toLocale(company.settings?.language) ?? DEFAULT_LOCALE;
        account = await repository.insertMember({
          id: newId(now()),
          companyId,
          email: identity.email,
          role: stored.default_role,
          firstName: identity.givenName,
          lastName: identity.familyName,
          language,
        });
        await audit.record({ companyId, actorId: account.id, action: AUDIT_ACTIONS.ssoMemberCreate, openingId: null, details: { role: stored.default_role } });
      }
      const session = await sessions.create(account.id, input.device, { identityProvider: true });
      await audit.record({ companyId, actorId: account.id, action: AUDIT_ACTIONS.ssoSignIn, openingId: null, details: { method: 'oidc' } });
      return { account, session, redirectTo: attempt.redirect_to };
    },

    /** Audits a refused callback of a known company (unknown states have no company to tell). */
    async recordRefusal(refusal: SsoRefusal): Promise<void> {
      if (!refusal.audit) return;
      const { companyId, reason, actorId } = refusal.audit;
      await audit.record({ companyId, actorId: actorId ?? NO_ACCOUNT, action: AUDIT_ACTIONS.ssoSignInRefused, openingId: null, details: { method: 'oidc', reason } });
    },
  };
}

/**
 * "SSO only" for password sign-ins (issue 32): a company's members other than owners must use the
 * company's IdP. Owners keep their password as the way back in when the IdP or its setting breaks
 * (an expired client secret would otherwise lock everyone out of the setting that fixes it).
 */
export function createSsoPasswordPolicy(deps: { repository: SsoRepository; audit: AuditLog }) {
  return {
    /** The candidates a password may sign in; `refused` are the accounts SSO-only turned away. */
    async filter<T extends Pick<AccountRow, 'id' | 'type' | 'company_id' | 'company_role'>>(candidates: T[]): Promise<{ allowed: T[]; refused: T[] }> {
      const bound = (row: T) => row.type === 'recruiter' && row.company_id !== null && row.company_role !== 'owner';
      const ssoOnly = await deps.repository.ssoOnlyCompanies([...new Set(candidates.filter(bound).map((row) => row.company_id as string))]);
      const refusedRow = (row: T) => bound(row) && ssoOnly.has(row.company_id as string);
      return { allowed: candidates.filter((row) => !refusedRow(row)), refused: candidates.filter(refusedRow) };
    },

    recordRefused(accounts: Array<Pick<AccountRow, 'id' | 'company_id'>>) {
      return Promise.all(
        accounts.map((row) =>
          row.company_id
            ? deps.audit.record({ companyId: row.company_id, actorId: row.id, action: AUDIT_ACTIONS.ssoSignInRefused, openingId: null, details: { method: 'password', reason: 'ssoOnly' } })
            : undefined,
        ),
      );
    },
  };
}
export type SsoPasswordPolicy = ReturnType<typeof createSsoPasswordPolicy>;
