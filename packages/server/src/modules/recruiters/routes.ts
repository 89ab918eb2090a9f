import { ERROR_KEYS, type IdParams, IdParamsSchema, type RecruiterSettingsPatch, RecruiterSettingsPatchSchema, type SelectQuery, SelectQuerySchema } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOrThrow, requireRole } from '../../http/auth';
import { pickFields } from '../../http/select';
import { validateRequest } from '../../http/validation';
import type { RecruiterService } from './service';

export const selectQuery = { schema: SelectQuerySchema, errorKey: ERROR_KEYS.invalidQuery };
const idParams = { schema: IdParamsSchema, errorKey: ERROR_KEYS.invalidId };

export const recruiterRoutes: FastifyPluginAsync<{ recruiters: RecruiterService }> = async (app, { recruiters }) => {
  const recruiterOnly = requireRole('recruiter');
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get<{ Querystring: SelectQuery }>('/v2/recruiter/me', { config: { apiDoc: { summary: 'The signed-in recruiter' } }, preHandler: [recruiterOnly, validateRequest({ query: selectQuery })] }, async (request) =>
    pickFields(await recruiters.me(authOrThrow(request)), request.query),
  );

  app.get('/v2/recruiter/me/permissions', { config: { apiDoc: { summary: "The signed-in recruiter's permissions" } }, preHandler: recruiterOnly }, async (request) => recruiters.permissions(authOrThrow(request)));

  app.patch<{ Body: RecruiterSettingsPatch }>(
    '/v2/recruiter/me/settings',
    { config: { apiDoc: { summary: "Change the recruiter's preferences" } }, preHandler: [recruiterOnly, validateRequest({ body: { schema: RecruiterSettingsPatchSchema, errorKey: ERROR_KEYS.badRequest } })] },
    async (request) => recruiters.updateSettings(authOrThrow(request), request.body),
  );

  app.get<{ Querystring: SelectQuery }>('/v2/recruiters', { config: { apiDoc: { summary: "The company's recruiters" } }, preHandler: [recruiterOnly, validateRequest({ query: selectQuery })] }, async (request) =>
    (await recruiters.list(authOrThrow(request))).map((recruiter) => pickFields(recruiter, request.query)),
  );

  app.get<{ Params: IdParams; Querystring: SelectQuery }>(
    '/v2/recruiters/:id',
    { config: { apiDoc: { summary: 'One recruiter of the company' } }, preHandler: [recruiterOnly, validateRequest({ params: idParams, query: selectQuery })] },
    async (request) => pickFields(await recruiters.get(authOrThrow(request), request.params.id), request.query),
  );
};
