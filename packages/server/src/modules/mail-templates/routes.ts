import { ERROR_KEYS, type MailTemplateBody, MailTemplateBodySchema, type MailTemplateParams, MailTemplateParamsSchema, MAIL_PLACEHOLDERS, PERMISSIONS, placeholdersOf } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { authOrThrow, requirePermission, requireRole, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { validateRequest } from '../../http/validation';
import { noStore } from '../openings/routes';
import { listMailTemplates } from './render';

const params = { schema: MailTemplateParamsSchema, errorKey: ERROR_KEYS.notFound, statusCode: 404 };

/** settings_new/templates: the candidate mails per kind and language (COMPANIES:SETTINGS:MANAGE to change). */
export const mailTemplateRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  const may = [requireRole('recruiter'), requirePermission(PERMISSIONS.companySettingsManage)];
  noStore(app);
  const one = async (companyId: string, kind: string, language: string) =>
    (await listMailTemplates(db, companyId)).find((template) => template.kind === kind && template.language === language);

  app.get('/v2/companies/settings/mail-templates', { config: { apiDoc: { summary: "The company's mail templates" } }, preHandler: [requireRole('recruiter')] }, async (request) => listMailTemplates(db, tenantOf(authOrThrow(request))));

  app.put<{ Params: MailTemplateParams; Body: MailTemplateBody }>(
    '/v2/companies/settings/mail-templates/:kind/:language',
    { config: { apiDoc: { summary: 'Save a mail template for one language' } }, preHandler: [...may, validateRequest({ params, body: { schema: MailTemplateBodySchema, errorKey: ERROR_KEYS.badRequest } })] },
    async (request) => {
      const companyId = tenantOf(authOrThrow(request));
      const { kind, language } = request.params;
      const { subject, body } = request.body;
      // Only the kind's own placeholders: a typo would otherwise reach candidates as an empty gap.
      const allowed = MAIL_PLACEHOLDERS[kind];
      if ([...placeholdersOf(subject), ...placeholdersOf(body)].some((name) => !allowed.includes(name))) throw new HttpError(422, ERROR_KEYS.mailTemplateInvalid);
      await db
        .insertInto('mail_templates')
        .values({ company_id: companyId, kind, language, subject, body })
        .onConflict((oc) => oc.columns(['company_id', 'kind', 'language']).doUpdateSet({ subject, body, updated_at: new Date() }))
        .execute();
      return one(companyId, kind, language);
    },
  );

  app.delete<{ Params: MailTemplateParams }>('/v2/companies/settings/mail-templates/:kind/:language', { config: { apiDoc: { summary: 'Reset a mail template to the default' } }, preHandler: [...may, validateRequest({ params })] }, async (request) => {
    const companyId = tenantOf(authOrThrow(request));
    const { kind, language } = request.params;
    await db.deleteFrom('mail_templates').where('company_id', '=', companyId).where('kind', '=', kind).where('language', '=', language).execute();
    return one(companyId, kind, language);
  });
};
