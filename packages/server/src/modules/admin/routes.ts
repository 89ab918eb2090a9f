import { fullName } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { requireRole } from '../../http/auth';
import type { CompanyRepository } from '../companies/repository';

/** Admin-only reads across companies. */
export const adminRoutes: FastifyPluginAsync<{ companies: CompanyRepository }> = async (app, { companies }) => {
  app.get('/v2/admin/companies', { preHandler: requireRole('admin') }, async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { companies: rows, recruiters } = await companies.listWithRecruiters();
    return rows.map((company) => ({
      _id: company.id,
      name: company.name,
      recruiters: recruiters
        .filter((recruiter) => recruiter.company_id === company.id)
        .map((recruiter) => ({ _id: recruiter.id, fullName: fullName(recruiter.first_name, recruiter.last_name), email: recruiter.email, role: recruiter.company_role })),
    }));
  });
};
