import { ERROR_KEYS } from '@rec/core';
import { FixtureAdminBodySchema, type FixtureAdminOptions, FixtureCompanyBodySchema, type FixtureCompanyOptions } from '@rec/core/test-fixtures';
import type { FastifyPluginAsync } from 'fastify';
import { validateRequest } from '../../http/validation';
import type { createFixtureAdmins } from './admins';
import type { TestFixtureService } from './service';

/**
 * End-to-end fixtures: registered only when NODE_ENV=test (app.ts), so a development or production
 * server answers 404. A test asks for a company of its own and works there.
 */
export const testFixtureRoutes: FastifyPluginAsync<{ fixtures: TestFixtureService; admins: ReturnType<typeof createFixtureAdmins> }> = async (app, { fixtures, admins }) => {
  app.post<{ Body: FixtureCompanyOptions }>(
    '/test/fixtures/companies',
    { preHandler: validateRequest({ body: { schema: FixtureCompanyBodySchema, errorKey: ERROR_KEYS.badRequest } }) },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await fixtures.createCompany(request.body));
    },
  );

  // A platform admin of the test's own (with a confirmed factor and a complete session, unless `enrolled: false`).
  app.post<{ Body: FixtureAdminOptions }>(
    '/test/fixtures/admins',
    { preHandler: validateRequest({ body: { schema: FixtureAdminBodySchema, errorKey: ERROR_KEYS.badRequest } }) },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await admins.create(request.body));
    },
  );
};
