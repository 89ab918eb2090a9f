import { ERROR_KEYS, LanguageQuerySchema, type LanguageQuery, ObjectIdSchema, type OfferChannelParams, OfferChannelParamsSchema } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { offerLanguagePreferences } from '../../http/page-language';
import { validateRequest } from '../../http/validation';
import type { OfferService } from './service';

const OfferIdParamsSchema = v.object({ id: ObjectIdSchema });

export const offerRoutes: FastifyPluginAsync<{ offers: OfferService }> = async (app, { offers }) => {
  app.get<{ Params: OfferChannelParams; Querystring: LanguageQuery }>(
    '/v2/offers/channel/:channelId',
    {
      config: { publicCache: 'shared' },
      preHandler: validateRequest({
        params: { schema: OfferChannelParamsSchema, errorKey: ERROR_KEYS.invalidId },
        query: { schema: LanguageQuerySchema, errorKey: ERROR_KEYS.invalidQuery },
      }),
    },
    (request) =>
      offers.getChannelOffer(request.params.channelId, offerLanguagePreferences(request.query, request.headers['accept-language'])),
  );

  // `/offer/{_id}` pages name the posting itself; the offer comes through its board channel.
  app.get<{ Params: { id: string }; Querystring: LanguageQuery }>(
    '/v2/offers/:id',
    {
      config: { publicCache: 'shared' },
      preHandler: validateRequest({
        params: { schema: OfferIdParamsSchema, errorKey: ERROR_KEYS.invalidId },
        query: { schema: LanguageQuerySchema, errorKey: ERROR_KEYS.invalidQuery },
      }),
    },
    (request) => offers.getPostingOffer(request.params.id, offerLanguagePreferences(request.query, request.headers['accept-language'])),
  );
};
