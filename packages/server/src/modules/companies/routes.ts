import { ERROR_KEYS, type SelectQuery, type TenantParams, TenantParamsSchema } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOrThrow, requireRole } from '../../http/auth';
import { pickFields } from '../../http/select';
import { validateRequest } from '../../http/validation';
import { selectQuery } from '../recruiters/routes';
import type { CompanyService } from './service';

export const companyRoutes: FastifyPluginAsync<{ companies: CompanyService }> = async (app, { companies }) => {
  app.get<{ Params: TenantParams; Querystring: SelectQuery }>(
    '/v2/companies/:tenantId',
    {
      preHandler: [
        requireRole('recruiter', 'admin'),
        validateRequest({ params: { schema: TenantParamsSchema, errorKey: ERROR_KEYS.invalidId }, query: selectQuery }),
      ],
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return pickFields(await companies.get(authOrThrow(request), request.params.tenantId), request.query);
    },
  );
};
