import { COMPANY_ROLE_PERMISSIONS, ERROR_KEYS } from '@rec/core';
import type { FastifyInstance } from 'fastify';
import type { BearerAuth } from '../../http/auth';
import { addressKey } from '../../http/client-address';
import { HttpError } from '../../http/errors';
import type { PolicyLimiter } from '../../http/rate-limit';
import { AUDIT_ACTIONS, type AuditLog } from '../audit/audit-log';
import { decideScope } from './access';
import type { ApiKeyService } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live key a call came with, within its limit, whether its scopes allowed the route or not: what the audit records. */
    apiKeyCall: { id: string; name: string; companyId: string; accountId: string } | null;
  }
}

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
      // Audited from here on, refused for its scope or not (past its limit it is not: a flood writes nothing).
      request.apiKeyCall = { id: key.id, name: key.name, companyId: key.companyId, accountId: key.account.id };
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
 * Every call made with a key (within its limit) goes to the company's audit log with the key's name (one small insert
 * after the answer is sent): the route's pattern, never its values, and never the token.
 */
export function registerApiKeyAudit(app: FastifyInstance, audit: AuditLog): void {
  app.decorateRequest('apiKeyCall', null);
  app.addHook('onResponse', async (request, reply) => {
    const call = request.apiKeyCall;
    if (!call) return;
    await audit
      .record({
        companyId: call.companyId,
        actorId: call.accountId,
        action: AUDIT_ACTIONS.apiKeyCall,
        openingId: null,
        details: { keyId: call.id, keyName: call.name, method: request.method, route: request.routeOptions.url ?? null, status: reply.statusCode },
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'API key call not audited'));
  });
}
