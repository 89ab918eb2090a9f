import {
  ERROR_KEYS,
  type IdParams,
  IdParamsSchema,
  PERMISSIONS,
  type TeamInviteBody,
  TeamInviteBodySchema,
  type TeamRoleBody,
  TeamRoleBodySchema,
  TeamSchema,
} from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOrThrow, requirePermission } from '../../http/auth';
import { validateRequest } from '../../http/validation';
import type { TeamService } from './service';

const idParams = { schema: IdParamsSchema, errorKey: ERROR_KEYS.invalidId };
const badBody = ERROR_KEYS.badRequest;

/** `/v2/team`: the company's recruiters and invitations; TEAM:MANAGE (owners) only. */
export const teamRoutes: FastifyPluginAsync<{ team: TeamService }> = async (app, { team }) => {
  const manage = requirePermission(PERMISSIONS.teamManage);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get('/v2/team', { preHandler: manage, config: { apiDoc: { summary: 'The company’s recruiters and pending invitations', response: TeamSchema } } }, async (request) =>
    team.list(authOrThrow(request)),
  );

  app.post<{ Body: TeamInviteBody }>(
    '/v2/team/invitations',
    { config: { apiDoc: { summary: 'Invite a recruiter to the company' } }, preHandler: [manage, validateRequest({ body: { schema: TeamInviteBodySchema, errorKey: badBody } })] },
    async (request, reply) => reply.code(201).send(await team.invite(authOrThrow(request), request.body)),
  );

  app.post<{ Params: IdParams }>('/v2/team/invitations/:id/resend', { config: { apiDoc: { summary: 'Send an invitation again' } }, preHandler: [manage, validateRequest({ params: idParams })] }, async (request, reply) => {
    await team.resend(authOrThrow(request), request.params.id);
    return reply.code(204).send();
  });

  app.delete<{ Params: IdParams }>('/v2/team/invitations/:id', { config: { apiDoc: { summary: 'Revoke an invitation' } }, preHandler: [manage, validateRequest({ params: idParams })] }, async (request, reply) => {
    await team.revoke(authOrThrow(request), request.params.id);
    return reply.code(204).send();
  });

  app.patch<{ Params: IdParams; Body: TeamRoleBody }>(
    '/v2/team/members/:id',
    { config: { apiDoc: { summary: "Change a recruiter's role" } }, preHandler: [manage, validateRequest({ params: idParams, body: { schema: TeamRoleBodySchema, errorKey: badBody } })] },
    async (request, reply) => {
      await team.changeRole(authOrThrow(request), request.params.id, request.body.role);
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: IdParams }>('/v2/team/members/:id', { config: { apiDoc: { summary: 'Remove a recruiter from the company' } }, preHandler: [manage, validateRequest({ params: idParams })] }, async (request, reply) => {
    await team.remove(authOrThrow(request), request.params.id);
    return reply.code(204).send();
  });
};
