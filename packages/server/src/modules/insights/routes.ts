import { ERROR_KEYS, type SelectQuery, SelectQuerySchema } from '@rec/core';
import {
  type DashboardBody,
  DashboardBodySchema,
  DashboardParamsSchema,
  type DashboardPutBody,
  DashboardPutBodySchema,
  DashboardRecruiterParamsSchema,
  type DashboardResultsQuery,
  DashboardResultsQuerySchema,
  DASHBOARD_MANAGE,
  INSIGHTS_ERRORS,
  type RemoveRecruitersBody,
  RemoveRecruitersBodySchema,
} from '@rec/core/insights';
import type { FastifyPluginAsync } from 'fastify';
import { authOrThrow, requirePermission, requireRole } from '../../http/auth';
import { pickFields } from '../../http/select';
import { type RequestRule, validateRequest } from '../../http/validation';
import type { InsightsService } from './service';

/** A malformed dashboard id names no dashboard: 404, like another company's. */
const dashboardParams: RequestRule = { schema: DashboardParamsSchema, errorKey: INSIGHTS_ERRORS.notFound, statusCode: 404 };
const recruiterParams: RequestRule = { schema: DashboardRecruiterParamsSchema, errorKey: INSIGHTS_ERRORS.notFound, statusCode: 404 };
const selectQuery: RequestRule = { schema: SelectQuerySchema, errorKey: ERROR_KEYS.invalidQuery };
const body = (schema: RequestRule['schema']): RequestRule => ({ schema, errorKey: INSIGHTS_ERRORS.invalidDashboard });

interface IdParams {
  id: string;
}

/**
 * The seven dashboard calls of spec §7, plus two of ours:
 *   GET  /v2/insights/recruiters                   the company's recruiters for the share dialog
 *   GET  /v2/insights/dashboards/{id}/results      every panel's numbers (query: period, from, to, openingIds[])
 * Reading needs a recruiter session and a dashboard the recruiter owns or was shared; every change
 * needs ANALYTICS:DASHBOARD:MANAGE (spec §6).
 */
export const insightsRoutes: FastifyPluginAsync<{ insights: InsightsService }> = async (app, { insights }) => {
  const recruiter = requireRole('recruiter');
  const manage = [recruiter, requirePermission(DASHBOARD_MANAGE)];
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get<{ Querystring: SelectQuery }>('/v2/insights/dashboards', { config: { apiDoc: { summary: "The recruiter's dashboards" } }, preHandler: [recruiter, validateRequest({ query: selectQuery })] }, async (request) =>
    (await insights.list(authOrThrow(request))).map((dashboard) => pickFields(dashboard, request.query)),
  );

  app.get<{ Params: IdParams; Querystring: SelectQuery }>(
    '/v2/insights/dashboards/:id',
    { config: { apiDoc: { summary: 'One dashboard' } }, preHandler: [recruiter, validateRequest({ params: dashboardParams, query: selectQuery })] },
    async (request) => pickFields(await insights.get(authOrThrow(request), request.params.id), request.query),
  );

  app.get<{ Params: IdParams; Querystring: DashboardResultsQuery }>(
    '/v2/insights/dashboards/:id/results',
    { config: { apiDoc: { summary: "A dashboard's figures" } },
      preHandler: [
        recruiter,
        validateRequest({ params: dashboardParams, query: { schema: DashboardResultsQuerySchema, errorKey: INSIGHTS_ERRORS.invalidQuery } }),
      ],
    },
    async (request) => insights.results(authOrThrow(request), request.params.id, request.query),
  );

  app.put<{ Params: IdParams; Body: DashboardPutBody }>(
    '/v2/insights/dashboards/:id',
    { config: { apiDoc: { summary: 'Save a dashboard' } }, preHandler: [...manage, validateRequest({ params: dashboardParams, body: body(DashboardPutBodySchema) })] },
    async (request) => insights.update(authOrThrow(request), request.params.id, request.body),
  );

  app.post<{ Body: DashboardBody }>(
    '/v2/insights/dashboards',
    { config: { apiDoc: { summary: 'Create a dashboard' } }, preHandler: [...manage, validateRequest({ body: body(DashboardBodySchema) })] },
    async (request, reply) => reply.code(201).send(await insights.create(authOrThrow(request), request.body)),
  );

  app.post<{ Params: IdParams & { recruiterId: string } }>(
    '/v2/insights/dashboards/:id/recruiters/:recruiterId/add',
    { config: { apiDoc: { summary: 'Share a dashboard with a recruiter' } }, preHandler: [...manage, validateRequest({ params: recruiterParams })] },
    async (request) => insights.addRecruiter(authOrThrow(request), request.params.id, request.params.recruiterId),
  );

  app.post<{ Params: IdParams; Body: RemoveRecruitersBody }>(
    '/v2/insights/dashboards/:id/recruiters/remove',
    { config: { apiDoc: { summary: 'Stop sharing a dashboard with recruiters' } }, preHandler: [...manage, validateRequest({ params: dashboardParams, body: body(RemoveRecruitersBodySchema) })] },
    async (request, reply) => {
      const after = await insights.removeRecruiters(authOrThrow(request), request.params.id, request.body.recruiterIds);
      return after ? after : reply.code(204).send();
    },
  );

  app.delete<{ Params: IdParams }>(
    '/v2/insights/dashboards/:id',
    { config: { apiDoc: { summary: 'Delete a dashboard' } }, preHandler: [...manage, validateRequest({ params: dashboardParams })] },
    async (request, reply) => {
      await insights.delete(authOrThrow(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get('/v2/insights/recruiters', { config: { apiDoc: { summary: 'The recruiters a dashboard can be shared with' } }, preHandler: recruiter }, async (request) => insights.recruiters(authOrThrow(request)));
};
