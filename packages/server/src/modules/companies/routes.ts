import { type CompanySettingsPatch, CompanySettingsPatchSchema, ERROR_KEYS, PERMISSIONS, type SelectQuery, type TenantParams, TenantParamsSchema } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOrThrow, requirePermission, requireRole, tenantOf } from '../../http/auth';
import { pickFields } from '../../http/select';
import { validateRequest } from '../../http/validation';
import { selectQuery } from '../recruiters/routes';
import type { CompanyService } from './service';

export const companyRoutes: FastifyPluginAsync<{ companies: CompanyService }> = async (app, { companies }) => {
  // Registered before `/v2/companies/:tenantId`; the router prefers the static segment anyway.
  app.get('/v2/companies/settings', { config: { apiDoc: { summary: "The company's settings" } }, preHandler: [requireRole('recruiter')] }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return companies.settings(tenantOf(authOrThrow(request)));
  });

  app.patch<{ Body: CompanySettingsPatch }>(
    '/v2/companies/settings',
    { config: { apiDoc: { summary: "Change the company's settings" } },
      preHandler: [
        requireRole('recruiter'),
        requirePermission(PERMISSIONS.companySettingsManage),
        validateRequest({ body: { schema: CompanySettingsPatchSchema, errorKey: ERROR_KEYS.badRequest } }),
      ],
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return companies.updateSettings(tenantOf(authOrThrow(request)), request.body);
    },
  );

  app.get<{ Params: TenantParams; Querystring: SelectQuery }>(
    '/v2/companies/:tenantId',
    { config: { apiDoc: { summary: "A company's profile" } },
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
