import {
  ERROR_KEYS,
  OPENING_ACTION_PERMISSIONS,
  type OpeningParams,
  type PostingCreateBody,
  PostingCreateBodySchema,
  type PostingParams,
  PostingParamsSchema,
  type PostingPatchBody,
  PostingPatchBodySchema,
} from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOrThrow, requirePermission, requireRole } from '../../http/auth';
import { type RequestRule, validateRequest } from '../../http/validation';
import { noStore, openingParams } from '../openings/routes';
import type { PostingService } from './service';

/** A malformed id names nothing: 404 like another company's opening. */
const postingParams: RequestRule = { schema: PostingParamsSchema, errorKey: ERROR_KEYS.openingNotFound, statusCode: 404 };

export const postingRoutes: FastifyPluginAsync<{ postings: PostingService }> = async (app, { postings }) => {
  const recruiter = requireRole('recruiter');
  const mayPost = [recruiter, requirePermission(OPENING_ACTION_PERMISSIONS.createPosting)];
  noStore(app);

  app.get<{ Params: OpeningParams }>('/v2/jobs/:id/postings', { config: { apiDoc: { summary: 'The postings of an opening' } }, preHandler: [recruiter, validateRequest({ params: openingParams })] }, async (request) =>
    postings.list(authOrThrow(request), request.params.id),
  );

  app.post<{ Params: OpeningParams; Body: PostingCreateBody }>(
    '/v2/jobs/:id/postings',
    { config: { apiDoc: { summary: 'Create a posting of an opening' } }, preHandler: [...mayPost, validateRequest({ params: openingParams, body: { schema: PostingCreateBodySchema, errorKey: ERROR_KEYS.badRequest } })] },
    async (request, reply) => reply.code(201).send(await postings.create(authOrThrow(request), request.params.id, request.body)),
  );

  app.patch<{ Params: PostingParams; Body: PostingPatchBody }>(
    '/v2/jobs/:id/postings/:postingId',
    { config: { apiDoc: { summary: 'Change a posting' } }, preHandler: [...mayPost, validateRequest({ params: postingParams, body: { schema: PostingPatchBodySchema, errorKey: ERROR_KEYS.badRequest } })] },
    async (request) => postings.update(authOrThrow(request), request.params.id, request.params.postingId, request.body),
  );

  app.post<{ Params: PostingParams }>(
    '/v2/jobs/:id/postings/:postingId/close',
    { config: { apiDoc: { summary: 'Close a posting' } }, preHandler: [...mayPost, validateRequest({ params: postingParams })] },
    async (request) => postings.close(authOrThrow(request), request.params.id, request.params.postingId),
  );
};
