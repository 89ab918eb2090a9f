import { type ApiKeyCreate, ApiKeyCreateSchema, ApiKeysSchema, CreatedApiKeySchema, ERROR_KEYS, type IdParams, IdParamsSchema, PERMISSIONS } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOrThrow, requirePermission, requireRole } from '../../http/auth';
import { validateRequest } from '../../http/validation';
import type { ApiKeyService } from './service';

const idParams = { schema: IdParamsSchema, errorKey: ERROR_KEYS.invalidId };
const body = { schema: ApiKeyCreateSchema, errorKey: ERROR_KEYS.badRequest };

/**
 * `/v2/companies/settings/api-keys` (issue 30): the company's owners (INTEGRATIONS:MANAGE) list,
 * create and revoke keys. Keys themselves can never call these routes (api-keys/access.ts).
 */
export const apiKeyRoutes: FastifyPluginAsync<{ keys: ApiKeyService }> = async (app, { keys }) => {
  const manage = [requireRole('recruiter'), requirePermission(PERMISSIONS.integrationsManage)];
  // A created token is in the answer: no cache may keep it.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/v2/companies/settings/api-keys', { preHandler: manage, config: { apiDoc: { summary: 'The company’s API keys (never their tokens)', response: ApiKeysSchema } } }, async (request) => ({
    keys: await keys.list(authOrThrow(request)),
  }));

  app.post<{ Body: ApiKeyCreate }>(
    '/v2/companies/settings/api-keys',
    { preHandler: [...manage, validateRequest({ body })], config: { apiDoc: { summary: 'Creates an API key; its token is answered this once', response: CreatedApiKeySchema } } },
    async (request, reply) => reply.code(201).send(await keys.create(authOrThrow(request), request.body)),
  );

  app.post<{ Params: IdParams }>(
    '/v2/companies/settings/api-keys/:id/revoke',
    { preHandler: [...manage, validateRequest({ params: idParams })], config: { apiDoc: { summary: 'Revokes an API key: it stops working at once' } } },
    async (request, reply) => {
      await keys.revoke(authOrThrow(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
