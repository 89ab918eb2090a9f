import { randomBytes } from 'node:crypto';
import {
  ERROR_KEYS,
  PERMISSIONS,
  SSO_CALLBACK_PATH,
  type SsoDiscoverBody,
  SsoDiscoverBodySchema,
  type SsoDomainParams,
  SsoDomainParamsSchema,
  type SsoSettingsBody,
  SsoSettingsBodySchema,
  type SsoStartBody,
  SsoStartBodySchema,
  type SsoTestBody,
  SsoTestBodySchema,
} from '@rec/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { anySessionHash, authOrThrow, requirePermission, requireRole, type SessionCookie, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { validateRequest } from '../../http/validation';
import { deviceOf } from '../auth/device';
import type { SessionService } from '../auth/sessions';
import type { BindingCookie } from './binding';
import { type SsoService, SsoRefusal } from './service';

const badBody = ERROR_KEYS.badRequest;
/** Where a refused callback lands: the login page shows the key (it stays there: forceLookup). */
const refusedAt = (key: string) => `/login?${new URLSearchParams({ forceLookup: '1', ssoError: key })}`;

/**
 * Single sign-on routes (issue 32). `/auth/sso/*` serve the sign-in (discovery, start, the IdP's
 * callback on PUBLIC_URL); `/v2/companies/settings/sso*` are the owner's IdP setting.
 */
export const ssoRoutes: FastifyPluginAsync<{ sso: SsoService; sessions: SessionService; cookie: SessionCookie; binding: BindingCookie }> = async (
  app,
  { sso, sessions, cookie, binding },
) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  // --- signing in ------------------------------------------------------------------------------

  app.post<{ Body: SsoDiscoverBody }>(
    '/auth/sso/discover',
    { config: { apiDoc: { summary: "Whether an email's domain signs in with single sign-on", access: 'public' } }, preHandler: validateRequest({ body: { schema: SsoDiscoverBodySchema, errorKey: badBody } }) },
    async (request) => sso.discover(request.body.email, request.ip),
  );

  app.post<{ Body: SsoStartBody }>(
    '/auth/sso/start',
    { config: { apiDoc: { summary: "Start a single sign-on at the company's identity provider", access: 'public' } }, preHandler: validateRequest({ body: { schema: SsoStartBodySchema, errorKey: badBody } }) },
    async (request, reply) => {
      // One binding per browser, kept while it lives: two tabs signing in at once both finish.
      const value = binding.read(request) ?? randomBytes(32).toString('base64url');
      const answer = await sso.start({ email: request.body.email, redirect: request.body.redirect, binding: value, ip: request.ip });
      binding.set(reply, value);
      return answer;
    },
  );

  // A GET: the IdP sends the browser here. It signs in only the browser that started the attempt
  // (the binding cookie), so a link with someone else's code and state does nothing.
  app.get(SSO_CALLBACK_PATH, { config: { apiDoc: { summary: 'Finish a single sign-on (the identity provider’s redirect)', access: 'public' } } }, async (request: FastifyRequest, reply) => {
    const query = new URLSearchParams(request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '');
    try {
      const done = await sso.callback({ query, binding: binding.read(request), ip: request.ip, device: deviceOf(request.headers['user-agent']) });
      const previous = anySessionHash(request);
      if (previous) await sessions.revoke(previous);
      cookie.set(reply, done.session.token, done.session.expiresAt);
      return reply.redirect(done.redirectTo, 303);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error instanceof SsoRefusal) await sso.recordRefusal(error);
      return reply.redirect(refusedAt(error.key), 303);
    }
  });

  // --- the owner's setting -------------------------------------------------------------------

  const owner = [requireRole('recruiter'), requirePermission(PERMISSIONS.companySettingsManage)];

  app.get('/v2/companies/settings/sso', { config: { apiDoc: { summary: "The company's single sign-on configuration" } }, preHandler: owner }, async (request) => sso.settings(tenantOf(authOrThrow(request))));

  app.put<{ Body: SsoSettingsBody }>(
    '/v2/companies/settings/sso',
    { config: { apiDoc: { summary: "Configure the company's single sign-on" } }, preHandler: [...owner, validateRequest({ body: { schema: SsoSettingsBodySchema, errorKey: badBody } })] },
    async (request) => {
      const session = authOrThrow(request);
      return sso.save(session, tenantOf(session), request.body);
    },
  );

  app.delete('/v2/companies/settings/sso', { config: { apiDoc: { summary: "Remove the company's single sign-on" } }, preHandler: owner }, async (request, reply) => {
    const session = authOrThrow(request);
    await sso.remove(session, tenantOf(session));
    return reply.code(204).send();
  });

  // Proof of domain ownership: looks up the claim's TXT record now (DNS, so a POST).
  app.post<{ Params: SsoDomainParams }>(
    '/v2/companies/settings/sso/domains/:domain/verify',
    { config: { apiDoc: { summary: 'Verify a single sign-on domain by its DNS record' } }, preHandler: [...owner, validateRequest({ params: { schema: SsoDomainParamsSchema, errorKey: ERROR_KEYS.ssoDomainNotClaimed, statusCode: 404 } })] },
    async (request) => {
      const session = authOrThrow(request);
      return sso.verifyDomain(session, tenantOf(session), request.params.domain, request.ip);
    },
  );

  app.post<{ Body: SsoTestBody }>(
    '/v2/companies/settings/sso/test',
    { config: { apiDoc: { summary: 'Test the single sign-on configuration' } }, preHandler: [...owner, validateRequest({ body: { schema: SsoTestBodySchema, errorKey: badBody } })] },
    async (request) => sso.testConnection(request.body.issuer, tenantOf(authOrThrow(request)), request.ip),
  );
};
