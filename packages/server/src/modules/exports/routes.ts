import { PassThrough } from 'node:stream';
import { ERROR_KEYS, type ExportQuery, parseAcceptLanguage, ExportQuerySchema, exportFileName, OPENING_ACTION_PERMISSIONS, type OpeningParams, XLSX_CONTENT_TYPE } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOrThrow, requirePermission, requireRole, tenantOf } from '../../http/auth';
import { validateRequest } from '../../http/validation';
import type { ApplicantRepository } from '../applicants/repository';
import { AUDIT_ACTIONS, type AuditLog } from '../audit/audit-log';
import { noStore, openingParams } from '../openings/routes';
import type { OpeningService } from '../openings/service';
import { writeApplicationsWorkbook } from './applications-workbook';
import { attachmentDisposition } from '../../http/content-disposition';
import { serverT } from '../../i18n/server-texts';

/**
 * `GET /v2/jobs/{id}/export/applications?categories[]=...`: the opening's applications as an
 * xlsx download, streamed while it is written. Everything that can fail with a clean status
 * (session, permission, opening, categories) is checked before the first byte.
 */
export const exportRoutes: FastifyPluginAsync<{ openings: OpeningService; applicants: ApplicantRepository; audit: AuditLog }> = async (
  app,
  { openings, applicants, audit },
) => {
  noStore(app);
  app.get<{ Params: OpeningParams; Querystring: ExportQuery }>(
    '/v2/jobs/:id/export/applications',
    { config: { apiDoc: { summary: "Export an opening's applications as a spreadsheet" } },
      preHandler: [
        requireRole('recruiter'),
        requirePermission(OPENING_ACTION_PERMISSIONS.export),
        validateRequest({ params: openingParams, query: { schema: ExportQuerySchema, errorKey: ERROR_KEYS.invalidQuery } }),
      ],
    },
    async (request, reply) => {
      const auth = authOrThrow(request);
      const companyId = tenantOf(auth);
      const opening = await openings.get(auth, request.params.id);
      const { categories, applicationIds } = request.query;
      // What the recruiter's page shows (the host sends its locale), else their account setting.
      const language = parseAcceptLanguage(request.headers['accept-language'])[0] ?? auth.account.settings.language;
      const stream = new PassThrough();
      reply
        .header('content-type', XLSX_CONTENT_TYPE)
        // The one place the file is named (the host saves it under this name): in the recruiter's language.
        .header('content-disposition', attachmentDisposition(exportFileName(opening.title, opening.referenceCode, serverT(language, 'export')('fileNamePrefix'))))
        .header('x-content-type-options', 'nosniff');
      writeApplicationsWorkbook({
        stream,
        applicants,
        companyId,
        openingId: opening._id,
        categories,
        applicationIds,
        language,
        beforeFinish: async (rowCount) => {
          await audit.record({
            companyId,
            actorId: auth.account.id,
            action: AUDIT_ACTIONS.applicationsExport,
            openingId: opening._id,
            details: { categories, rowCount, ...(applicationIds.length ? { applicationIds } : {}) },
          });
        },
      }).catch((error: unknown) => {
        // Headers are gone: the only honest signal left is a broken download.
        request.log.error({ err: error }, 'applications export failed');
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply.send(stream);
    },
  );
};
