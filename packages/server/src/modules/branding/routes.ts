import { ERROR_KEYS } from '@rec/core';
import { type CompanyThemeParams, CompanyThemeParamsSchema, CompanyThemeSchema } from '@rec/core/theme-schema';
import type { FastifyPluginAsync } from 'fastify';
import { jsonAnswer, type PublicAnswerCache, sendCachedAnswer } from '../../http/public-answer-cache';
import { validateRequest } from '../../http/validation';
import type { BrandingService } from './service';

export const brandingRoutes: FastifyPluginAsync<{ branding: BrandingService; cache: PublicAnswerCache }> = async (app, { branding, cache }) => {
  // Public like the board: the branding previews and any page may show a company's brand. Cached
  // with the board answers, so a brand or logo change (BRAND_CHANGED, LOGO_CHANGED) drops it too.
  app.get<{ Params: CompanyThemeParams }>(
    '/v2/companies/:companyId/theme',
    {
      config: { publicCache: 'shared', apiDoc: { summary: "A company's brand and default logo, as the widgets apply them.", access: 'public', response: CompanyThemeSchema } },
      preHandler: validateRequest({ params: { schema: CompanyThemeParamsSchema, errorKey: ERROR_KEYS.invalidId } }),
    },
    async (request, reply) => {
      const answer = await cache.get(`company-theme:${request.params.companyId}`, async () => {
        const { companyId, theme } = await branding.theme(request.params);
        return jsonAnswer(companyId, { theme });
      });
      return sendCachedAnswer(request, reply, answer);
    },
  );
};
