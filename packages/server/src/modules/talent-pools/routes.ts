import {
  CandidatePoolsSchema,
  ERROR_KEYS,
  type IdParams,
  IdParamsSchema,
  PERMISSIONS,
  type TalentPoolBody,
  TalentPoolBodySchema,
  type TalentPoolMemberParams,
  TalentPoolMemberParamsSchema,
  TalentPoolMembersSchema,
  TalentPoolSchema,
  TalentPoolsSchema,
} from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOrThrow, requirePermission, requireRole } from '../../http/auth';
import { validateRequest } from '../../http/validation';
import type { TalentPoolService } from './service';

const idParams = { schema: IdParamsSchema, errorKey: ERROR_KEYS.invalidId };
const memberParams = { schema: TalentPoolMemberParamsSchema, errorKey: ERROR_KEYS.invalidId };
const body = { schema: TalentPoolBodySchema, errorKey: ERROR_KEYS.badRequest };

/**
 * `/v2/talent-pools` (issue 13): every recruiter of the company reads the pools; changing them
 * (pools and members) takes CANDIDATES:MANAGE, so viewers only look.
 */
export const talentPoolRoutes: FastifyPluginAsync<{ pools: TalentPoolService }> = async (app, { pools }) => {
  const read = requireRole('recruiter');
  const manage = [read, requirePermission(PERMISSIONS.candidatesManage)];
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get('/v2/talent-pools', { preHandler: read, config: { apiDoc: { summary: 'The company’s talent pools', response: TalentPoolsSchema } } }, async (request) =>
    pools.list(authOrThrow(request)),
  );

  app.post<{ Body: TalentPoolBody }>(
    '/v2/talent-pools',
    { preHandler: [...manage, validateRequest({ body })], config: { apiDoc: { summary: 'Creates a talent pool', response: TalentPoolSchema } } },
    async (request, reply) => reply.code(201).send(await pools.create(authOrThrow(request), request.body.name)),
  );

  app.patch<{ Params: IdParams; Body: TalentPoolBody }>(
    '/v2/talent-pools/:id',
    { preHandler: [...manage, validateRequest({ params: idParams, body })], config: { apiDoc: { summary: 'Renames a talent pool', response: TalentPoolSchema } } },
    async (request) => pools.rename(authOrThrow(request), request.params.id, request.body.name),
  );

  app.delete<{ Params: IdParams }>('/v2/talent-pools/:id', { config: { apiDoc: { summary: 'Delete a talent pool' } }, preHandler: [...manage, validateRequest({ params: idParams })] }, async (request, reply) => {
    await pools.remove(authOrThrow(request), request.params.id);
    return reply.code(204).send();
  });

  app.get<{ Params: IdParams }>(
    '/v2/talent-pools/:id/candidates',
    { preHandler: [read, validateRequest({ params: idParams })], config: { apiDoc: { summary: 'A talent pool’s candidates', response: TalentPoolMembersSchema } } },
    async (request) => pools.members(authOrThrow(request), request.params.id),
  );

  app.put<{ Params: TalentPoolMemberParams }>(
    '/v2/talent-pools/:id/candidates/:candidateId',
    { config: { apiDoc: { summary: 'Add a candidate to a talent pool' } }, preHandler: [...manage, validateRequest({ params: memberParams })] },
    async (request, reply) => {
      await pools.add(authOrThrow(request), request.params.id, request.params.candidateId);
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: TalentPoolMemberParams }>(
    '/v2/talent-pools/:id/candidates/:candidateId',
    { config: { apiDoc: { summary: 'Remove a candidate from a talent pool' } }, preHandler: [...manage, validateRequest({ params: memberParams })] },
    async (request, reply) => {
      await pools.removeMember(authOrThrow(request), request.params.id, request.params.candidateId);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: IdParams }>(
    '/v2/talent-pools/of-candidate/:id',
    { preHandler: [read, validateRequest({ params: idParams })], config: { apiDoc: { summary: 'The pools a candidate is in', response: CandidatePoolsSchema } } },
    async (request) => pools.poolsOf(authOrThrow(request), request.params.id),
  );
};
