import { ERROR_KEYS, PERMISSIONS } from '@rec/core';
import {
  type ApplicationParams,
  ApplicationParamsSchema,
  type BulkBody,
  BulkBodySchema,
  type MoveStageBody,
  MoveStageBodySchema,
  type PipelineParams,
  PipelineParamsSchema,
  type PipelineQuery,
  PipelineQuerySchema,
  type RejectBody,
  RejectBodySchema,
} from '@rec/core/pipeline';
import type { FastifyPluginAsync } from 'fastify';
import { authOrThrow, requirePermission, requireRole } from '../../http/auth';
import { type RequestRule, validateRequest } from '../../http/validation';
import { noStore } from '../openings/routes';
import type { PipelineService } from './service';

/** A malformed opening or application id names nothing: 404, like another company's. */
const pipelineParams: RequestRule = { schema: PipelineParamsSchema, errorKey: ERROR_KEYS.openingNotFound, statusCode: 404 };
const applicationParams: RequestRule = { schema: ApplicationParamsSchema, errorKey: ERROR_KEYS.applicationNotFound, statusCode: 404 };
const pipelineQuery: RequestRule = { schema: PipelineQuerySchema, errorKey: ERROR_KEYS.invalidQuery };
const body = (schema: RequestRule['schema']): RequestRule => ({ schema, errorKey: ERROR_KEYS.badRequest });

/**
 * The recruiter's pipeline of an opening (issue 11): every recruiter of the company reads it;
 * decisions need CANDIDATES:MANAGE (viewers get 403).
 */
export const pipelineRoutes: FastifyPluginAsync<{ pipeline: PipelineService }> = async (app, { pipeline }) => {
  const recruiter = requireRole('recruiter');
  const manage = [recruiter, requirePermission(PERMISSIONS.candidatesManage)];
  noStore(app);

  app.get<{ Params: PipelineParams; Querystring: PipelineQuery }>(
    '/v2/recruiter/openings/:openingId/pipeline',
    {
      config: { apiDoc: { summary: 'The pipeline of an opening: counts per stage and one page of applications (view=board: the first rowsPerPage of every stage).' } },
      preHandler: [recruiter, validateRequest({ params: pipelineParams, query: pipelineQuery })],
    },
    async (request) => pipeline.pipeline(authOrThrow(request), request.params.openingId, request.query),
  );

  app.post<{ Params: ApplicationParams; Body: MoveStageBody }>(
    '/v2/recruiter/openings/:openingId/applications/:applicationId/stage',
    { config: { apiDoc: { summary: 'Moves an application to a stage (not the rejected one: use reject).' } }, preHandler: [...manage, validateRequest({ params: applicationParams, body: body(MoveStageBodySchema) })] },
    async (request) => pipeline.move(authOrThrow(request), request.params.openingId, request.params.applicationId, request.body.stage),
  );

  app.post<{ Params: ApplicationParams; Body: RejectBody }>(
    '/v2/recruiter/openings/:openingId/applications/:applicationId/reject',
    {
      config: { apiDoc: { summary: 'Rejects an application with a reason code, optionally mailing the candidate.' } },
      preHandler: [...manage, validateRequest({ params: applicationParams, body: body(RejectBodySchema) })],
    },
    async (request) => pipeline.reject(authOrThrow(request), request.params.openingId, request.params.applicationId, request.body),
  );

  app.get<{ Params: ApplicationParams }>(
    '/v2/recruiter/openings/:openingId/applications/:applicationId/reject-mail',
    {
      config: { apiDoc: { summary: 'The default rejection mail for this candidate, in the application’s language.' } },
      preHandler: [...manage, validateRequest({ params: applicationParams })],
    },
    async (request) => pipeline.rejectionMail(authOrThrow(request), request.params.openingId, request.params.applicationId),
  );

  app.post<{ Params: PipelineParams; Body: BulkBody }>(
    '/v2/recruiter/openings/:openingId/applications/bulk',
    {
      config: { apiDoc: { summary: 'Moves or rejects up to 200 applications of the opening at once (all or nothing).' } },
      preHandler: [...manage, validateRequest({ params: pipelineParams, body: body(BulkBodySchema) })],
    },
    async (request) => pipeline.bulk(authOrThrow(request), request.params.openingId, request.body),
  );
};
