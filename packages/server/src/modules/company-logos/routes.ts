import { ERROR_KEYS, type LogoCreateBody, LogoCreateBodySchema, type LogoParams, LogoParamsSchema, type LogoUpdateBody, LogoUpdateBodySchema, PERMISSIONS } from '@rec/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { checkPermission, checkRole, requirePermission, requireRole, tenantOf, authOrThrow } from '../../http/auth';
import { requireContentType, requireDeclaredSize, type UploadGuard } from '../../http/upload-guard';
import { HttpError } from '../../http/errors';
import { type RequestRule, validateRequest } from '../../http/validation';
import { noStore } from '../openings/routes';
import type { LogoService } from './service';

const logoParams: RequestRule = { schema: LogoParamsSchema, errorKey: ERROR_KEYS.logoNotFound, statusCode: 404 };
const badBody = (schema: RequestRule['schema']): RequestRule => ({ schema, errorKey: ERROR_KEYS.badRequest });
/** A 5 MB image is 6.7 MB as base64: room for that and a little more, so a slightly larger file gets the logo's own 413. */
const LOGO_BODY_LIMIT = 12 * 1024 * 1024;
const JSON_BODY = /^application\/json\b/i;

/** Spec §7 logo calls, guarded by COMPANIES:LOGOS:MANAGE (spec §6). */
export const logoRoutes: FastifyPluginAsync<{ logos: LogoService; guard: UploadGuard; storage: { freeBytes(): Promise<number | undefined> } }> = async (app, { logos, guard, storage }) => {
  const may = [requireRole('recruiter'), requirePermission(PERMISSIONS.logosManage)];
  noStore(app);
  /** A signed-in logo manager, a body that can fit, room in the store: checked before the image is read. */
  const admitLogo = async (request: FastifyRequest) => {
    checkRole(request, 'recruiter');
    checkPermission(request, PERMISSIONS.logosManage);
    requireContentType(request, JSON_BODY);
    requireDeclaredSize(request, LOGO_BODY_LIMIT, 0);
    await guard.requireFreeSpace(request, storage);
  };

  app.get('/v2/companies/settings/logos', { config: { apiDoc: { summary: "The company's logos" } }, preHandler: [requireRole('recruiter')] }, async (request) => logos.list(tenantOf(authOrThrow(request))));

  app.post<{ Body: LogoCreateBody }>(
    '/v2/companies/settings/logos',
    { config: { apiDoc: { summary: 'Upload a logo' }, upload: { kind: 'logo', admit: admitLogo } }, preHandler: [...may, validateRequest({ body: badBody(LogoCreateBodySchema) })], bodyLimit: LOGO_BODY_LIMIT },
    async (request, reply) => reply.code(201).send(await logos.create(tenantOf(authOrThrow(request)), request.body)),
  );

  app.put<{ Params: LogoParams; Body: LogoUpdateBody }>(
    '/v2/companies/settings/logos/:id',
    { config: { apiDoc: { summary: "Replace a logo's image" } }, preHandler: [...may, validateRequest({ params: logoParams, body: badBody(LogoUpdateBodySchema) })] },
    async (request) => logos.update(tenantOf(authOrThrow(request)), request.params.id, request.body),
  );

  app.post<{ Params: LogoParams }>(
    '/v2/companies/settings/logos/:id/default',
    { config: { apiDoc: { summary: "Make a logo the company's default" } }, preHandler: [...may, validateRequest({ params: logoParams })] },
    async (request) => logos.setDefault(tenantOf(authOrThrow(request)), request.params.id),
  );

  app.delete<{ Params: LogoParams }>('/v2/companies/settings/logos/:id', { config: { apiDoc: { summary: 'Delete a logo' } }, preHandler: [...may, validateRequest({ params: logoParams })] }, async (request, reply) => {
    await logos.remove(tenantOf(authOrThrow(request)), request.params.id, request.log);
    return reply.code(204).send();
  });
};

/**
 * The logo images, public (career sites show them): a logo id always names the same bytes (a new
 * image is a new logo), so browsers and CDNs keep them for a year.
 */
export const publicLogoRoutes: FastifyPluginAsync<{ logos: LogoService }> = async (app, { logos }) => {
  app.get<{ Params: LogoParams }>('/v2/logos/:id', { config: { apiDoc: { summary: 'A logo image, as the widgets and pages show it', access: 'public' } }, preHandler: [validateRequest({ params: logoParams })] }, async (request, reply) => {
    const image = await logos.image(request.params.id);
    if (!image) throw new HttpError(404, ERROR_KEYS.logoNotFound);
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('content-type', image.type);
    // Shown as an image on any career site; never sniffed as anything else.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return reply.send(image.bytes);
  });
};
