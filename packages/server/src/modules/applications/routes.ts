import { ERROR_KEYS, type OfferChannelParams, OfferChannelParamsSchema } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import type { RateLimiter } from '../../http/rate-limit';
import { validateRequest } from '../../http/validation';
import type { ApplicationService } from './service';

export const applicationRoutes: FastifyPluginAsync<{ applications: ApplicationService; limiter: RateLimiter }> = async (app, { applications, limiter }) => {
  app.post<{ Params: OfferChannelParams }>(
    '/v2/offers/channel/:channelId/applications',
    { config: { apiDoc: { summary: 'Apply to an offer' } },
      bodyLimit: 64 * 1024,
      preHandler: [limiter.guard, validateRequest({ params: { schema: OfferChannelParamsSchema, errorKey: ERROR_KEYS.invalidId } })],
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const receipt = await applications.submit(request.params.channelId, request.body, typeof header === 'string' ? header : undefined);
      // 201 for a new application, 200 when a retried submission found the first one.
      return reply.code(receipt.created ? 201 : 200).send(receipt);
    },
  );
};
