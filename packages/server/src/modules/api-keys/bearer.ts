import { COMPANY_ROLE_PERMISSIONS, ERROR_KEYS } from '@rec/core';
import type { FastifyInstance } from 'fastify';
import type { BearerAuth } from '../../http/auth';
import { addressKey } from '../../http/client-address';
import { HttpError } from '../../http/errors';
import type { PolicyLimiter } from '../../http/rate-limit';
import { AUDIT_ACTIONS, type AuditLog } from '../audit/audit-log';
import { decideScope } from './access';
import type { ApiKeyService } from './service';

/**
 * `Authorization: Bearer rec_live_…` on the recruiter API (issue 30), resolved where sessions are
 * (http/auth.ts), so every route's own guards see the key as a recruiter of its company whose
 * permissions are the key's scope for the route. In order: a bad key counts against its address's
 * anonymous limit (guessing keys is rate-limited) and gets 401; a good key counts against its own
 * limit (429 past it), then the route must be one its scopes cover (403 otherwise).
 */
export function createBearerAuth(deps: { keys: ApiKeyService; perKey: PolicyLimiter; perAddress?: PolicyLimiter | undefined }): BearerAuth {
  const { keys, perKey, perAddress } = deps;
  return {
    async authenticate(request, reply, token) {
      const key = await keys.resolve(token);
      if (!key) {
        if (perAddress) await perAddress.enforce(reply, addressKey(request.ip), 'refused');
        throw new HttpError(401, ERROR_KEYS.apiKeyInvalid);
      }
      await perKey.enforce(reply, key.id, 'always');
      // No route matched: the not-found answer follows, as for anyone.
      const routeUrl = request.routeOptions.url;
      if (routeUrl === undefined) return null;
      const role = key.account.company_role ?? 'viewer';
      const decision = decideScope(key.scopes, role, request.method, routeUrl);
      if (!decision.ok) throw new HttpError(403, decision.reason === 'sessionOnly' ? ERROR_KEYS.apiKeySessionOnly : ERROR_KEYS.apiKeyScope);
      const { password_hash: _secret, ...account } = key.account;
      return {
        account,
        tenantId: key.companyId,
        role: 'recruiter',
        // Never an owner: whatever the creator is, a key acts at most as a recruiter.
        companyRole: role === 'owner' ? 'recruiter' : role,
        permissions: decision.permissions.filter((permission) => COMPANY_ROLE_PERMISSIONS.recruiter.includes(permission)),
        sessionHash: '',
        apiKey: { id: key.id, name: key.name },
      };
    },
  };
}

/**
 * Every call made with a key goes to the company's audit log with the key's name (one small insert
 * after the answer is sent): the route's pattern, never its values, and never the token.
 */
export function registerApiKeyAudit(app: FastifyInstance, audit: AuditLog): void {
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth?.apiKey || !auth.tenantId) return;
    await audit
      .record({
        companyId: auth.tenantId,
        actorId: auth.account.id,
        action: AUDIT_ACTIONS.apiKeyCall,
        openingId: null,
        details: { keyId: auth.apiKey.id, keyName: auth.apiKey.name, method: request.method, route: request.routeOptions.url ?? null, status: reply.statusCode },
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'API key call not audited'));
  });
}
