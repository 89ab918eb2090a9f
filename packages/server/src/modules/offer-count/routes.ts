import { type BoardParams, BoardParamsSchema, ERROR_KEYS, type OfferCountQuery, OfferCountQuerySchema } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguageSources } from '../../http/page-language';
import { validateRequest } from '../../http/validation';
import type { OfferCountService } from './service';

/**
 * `GET /v2/boards/:id/offer-count?location=…&contract=…&language=…` -> `{ count, language, properties? }`.
 * A few bytes instead of the whole offers list for a badge shown on every page of a career site;
 * the same public cache policy (Cache-Control, ETag, 304) as the board's own answers.
 */
export const offerCountRoutes: FastifyPluginAsync<{ offerCount: OfferCountService }> = async (app, { offerCount }) => {
  app.get<{ Params: BoardParams; Querystring: OfferCountQuery }>(
    '/v2/boards/:id/offer-count',
    {
      config: { apiDoc: { summary: 'The number of open offers of a board' }, publicCache: 'shared' },
      preHandler: validateRequest({
        params: { schema: BoardParamsSchema, errorKey: ERROR_KEYS.invalidId },
        query: { schema: OfferCountQuerySchema, errorKey: ERROR_KEYS.invalidQuery },
      }),
    },
    // The answer varies by Accept-Language (the shared cache policy says so): the rule's browser step.
    (request) => offerCount.countOffers(request.params.id, request.query, requestLanguageSources(request)),
  );
};
