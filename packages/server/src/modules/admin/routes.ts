import {
  type AdminCompanyBody,
  AdminCompanyBodySchema,
  type AdminCompanyParams,
  AdminCompanyParamsSchema,
  type AuditLogQuery,
  AuditLogQuerySchema,
  ERROR_KEYS,
  fullName,
} from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOrThrow, requireRole } from '../../http/auth';
import { validateRequest } from '../../http/validation';
import type { AdminService } from './service';

const companyParams = { schema: AdminCompanyParamsSchema, errorKey: ERROR_KEYS.companyNotFound, statusCode: 404 };
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The admin area: every company, its recruiters, suspension, the audit log. Admins only. */
export const adminRoutes: FastifyPluginAsync<{ admin: AdminService }> = async (app, { admin }) => {
  const adminOnly = requireRole('admin');
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get('/v2/admin/companies', { config: { apiDoc: { summary: 'All companies (platform admins)' } }, preHandler: adminOnly }, async () => {
    const { companies: rows, recruiters } = await admin.listCompanies();
    return rows.map((company) => ({
      _id: company.id,
      name: company.name,
      suspended: company.suspended_at !== null,
      createdAt: iso(company.created_at),
      recruiters: recruiters
        .filter((recruiter) => recruiter.company_id === company.id)
        .map((recruiter) => ({
          _id: recruiter.id,
          fullName: fullName(recruiter.first_name, recruiter.last_name),
          email: recruiter.email,
          role: recruiter.company_role,
          lastSignInAt: iso(recruiter.last_sign_in_at),
        })),
    }));
  });

  app.post<{ Body: AdminCompanyBody }>(
    '/v2/admin/companies',
    { config: { apiDoc: { summary: 'Create a company with its owner (platform admins)' } }, preHandler: [adminOnly, validateRequest({ body: { schema: AdminCompanyBodySchema, errorKey: ERROR_KEYS.badRequest } })] },
    async (request, reply) => reply.code(201).send(await admin.createCompany(authOrThrow(request), request.body)),
  );

  app.post<{ Params: AdminCompanyParams }>(
    '/v2/admin/companies/:companyId/suspend',
    { config: { apiDoc: { summary: 'Suspend a company (platform admins)' } }, preHandler: [adminOnly, validateRequest({ params: companyParams })] },
    async (request, reply) => {
      await admin.suspend(authOrThrow(request), request.params.companyId);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: AdminCompanyParams }>(
    '/v2/admin/companies/:companyId/reactivate',
    { config: { apiDoc: { summary: 'Reactivate a suspended company (platform admins)' } }, preHandler: [adminOnly, validateRequest({ params: companyParams })] },
    async (request, reply) => {
      await admin.reactivate(authOrThrow(request), request.params.companyId);
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: AuditLogQuery }>(
    '/v2/admin/audit-log',
    { config: { apiDoc: { summary: 'The account audit log (platform admins)' } }, preHandler: [adminOnly, validateRequest({ query: { schema: AuditLogQuerySchema, errorKey: ERROR_KEYS.invalidQuery } })] },
    async (request) => admin.auditLog(request.query),
  );

  app.get('/v2/admin/audit-log/actions', { config: { apiDoc: { summary: 'The actions the audit log records (platform admins)' } }, preHandler: adminOnly }, async () => admin.auditActions());
};
