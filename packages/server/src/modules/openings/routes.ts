import {
  type ApplicantResource,
  ERROR_KEYS,
  OPENING_ACTION_PERMISSIONS,
  type OpeningCreateBody,
  OpeningCreateBodySchema,
  type OpeningListQuery,
  OpeningListQuerySchema,
  type OpeningParams,
  OpeningParamsSchema,
  type OpeningPatchBody,
  OpeningPatchBodySchema,
  type PageOf,
  type PageQuery,
  PERMISSIONS,
  hasPermission,
  PageQuerySchema,
  type SelectQuery,
  SelectQuerySchema,
} from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOrThrow, requirePermission, requireRole, tenantOf } from '../../http/auth';
import { pickFields } from '../../http/select';
import { type RequestRule, validateRequest } from '../../http/validation';
import { applicantResource } from '../applicants/fields';
import type { ApplicantRepository } from '../applicants/repository';
import { AUDIT_ACTIONS, type AuditLog } from '../audit/audit-log';
import type { OpeningService } from './service';

/** A malformed opening id names no opening: 404, like another company's. */
export const openingParams: RequestRule = { schema: OpeningParamsSchema, errorKey: ERROR_KEYS.openingNotFound, statusCode: 404 };
const selectQuery: RequestRule = { schema: SelectQuerySchema, errorKey: ERROR_KEYS.invalidQuery };
const badBody = (schema: RequestRule['schema']): RequestRule => ({ schema, errorKey: ERROR_KEYS.badRequest });

/** Every openings route answers private data: never cached. */
export function noStore(app: Parameters<FastifyPluginAsync>[0]): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });
}

export const openingRoutes: FastifyPluginAsync<{ openings: OpeningService; applicants: ApplicantRepository; audit: AuditLog }> = async (
  app,
  { openings, applicants, audit },
) => {
  const recruiter = requireRole('recruiter');
  const may = (permission: string) => [recruiter, requirePermission(permission)];
  noStore(app);

  app.get<{ Querystring: OpeningListQuery }>(
    '/v2/jobs',
    { config: { apiDoc: { summary: "The company's openings" } }, preHandler: [recruiter, validateRequest({ query: { schema: OpeningListQuerySchema, errorKey: ERROR_KEYS.invalidQuery } })] },
    async (request) => {
      const page = await openings.list(authOrThrow(request), request.query);
      const { select } = request.query;
      return { ...page, items: page.items.map((item) => pickFields(item, select)) };
    },
  );

  app.post<{ Body: OpeningCreateBody }>(
    '/v2/jobs',
    { config: { apiDoc: { summary: 'Create an opening' } }, preHandler: [...may(OPENING_ACTION_PERMISSIONS.create), validateRequest({ body: badBody(OpeningCreateBodySchema) })] },
    async (request, reply) => reply.code(201).send(await openings.create(authOrThrow(request), request.body)),
  );

  app.get<{ Params: OpeningParams; Querystring: SelectQuery }>(
    '/v2/jobs/:id',
    { config: { apiDoc: { summary: 'One opening' } }, preHandler: [recruiter, validateRequest({ params: openingParams, query: selectQuery })] },
    async (request) => pickFields(await openings.get(authOrThrow(request), request.params.id), request.query),
  );

  app.patch<{ Params: OpeningParams; Body: OpeningPatchBody }>(
    '/v2/jobs/:id',
    { config: { apiDoc: { summary: 'Change an opening' } }, preHandler: [...may(OPENING_ACTION_PERMISSIONS.edit), validateRequest({ params: openingParams, body: badBody(OpeningPatchBodySchema) })] },
    async (request) => openings.update(authOrThrow(request), request.params.id, request.body),
  );

  const transitions = [
    ['publish', OPENING_ACTION_PERMISSIONS.publish, 'Publish an opening'],
    ['archive', OPENING_ACTION_PERMISSIONS.archive, 'Archive an opening'],
    ['unarchive', OPENING_ACTION_PERMISSIONS.unarchive, 'Bring an archived opening back'],
  ] as const;
  for (const [action, permission, summary] of transitions) {
    app.post<{ Params: OpeningParams }>(
      `/v2/jobs/:id/${action}`,
      { config: { apiDoc: { summary } }, preHandler: [...may(permission), validateRequest({ params: openingParams })] },
      async (request) => openings[action](authOrThrow(request), request.params.id),
    );
  }

  app.get<{ Params: OpeningParams }>(
    '/v2/jobs/:id/can-delete',
    { config: { apiDoc: { summary: 'Whether an opening can be deleted' } }, preHandler: [...may(OPENING_ACTION_PERMISSIONS.delete), validateRequest({ params: openingParams })] },
    async (request) => openings.canDelete(authOrThrow(request), request.params.id),
  );

  app.delete<{ Params: OpeningParams }>(
    '/v2/jobs/:id',
    { config: { apiDoc: { summary: 'Delete an opening' } }, preHandler: [...may(OPENING_ACTION_PERMISSIONS.delete), validateRequest({ params: openingParams })] },
    async (request, reply) => {
      const auth = authOrThrow(request);
      await openings.delete(auth, request.params.id);
      await audit.record({ companyId: tenantOf(auth), actorId: auth.account.id, action: AUDIT_ACTIONS.openingDelete, openingId: request.params.id, details: {} });
      return reply.code(204).send();
    },
  );

  app.get<{ Params: OpeningParams; Querystring: PageQuery }>(
    '/v2/jobs/:id/applications',
    { config: { apiDoc: { summary: 'The applications to an opening' } }, preHandler: [recruiter, validateRequest({ params: openingParams, query: { schema: PageQuerySchema, errorKey: ERROR_KEYS.invalidQuery } })] },
    async (request): Promise<PageOf<ApplicantResource>> => {
      const auth = authOrThrow(request);
      const opening = await openings.get(auth, request.params.id);
      const { page, pageSize } = request.query;
      const { rows, total } = await applicants.page(tenantOf(auth), opening._id, pageSize, (page - 1) * pageSize);
      const sensitive = hasPermission(auth.permissions, PERMISSIONS.candidatesSensitiveRead);
      return { items: rows.map((row) => applicantResource(row, sensitive)), total, page, pageSize };
    },
  );
};
