import type { FastifyPluginAsync } from 'fastify';
import { requireRole } from '../../http/auth';
import { noStore } from '../openings/routes';

/** What settings_new/integrations shows: how mails leave and whether "apply with Indeed" is on. No secret is ever answered. */
export interface IntegrationsStatus {
  mail: 'smtp' | 'outbox';
  indeed: boolean;
}

export const integrationRoutes: FastifyPluginAsync<{ smtpConfigured: boolean; indeedConfigured: boolean }> = async (app, options) => {
  noStore(app);
  app.get('/v2/companies/settings/integrations', { config: { apiDoc: { summary: 'Which integrations the server has configured' } }, preHandler: [requireRole('recruiter')] }, async (): Promise<IntegrationsStatus> => ({
    mail: options.smtpConfigured ? 'smtp' : 'outbox',
    indeed: options.indeedConfigured,
  }));
};
