import { ERROR_KEYS, LanguageQuerySchema, type LanguageQuery, ObjectIdSchema, type OfferChannelParams, OfferChannelParamsSchema } from '@rec/core';
import { ThemedOfferSchema } from '@rec/core/theme-schema';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { offerLanguagePreferences } from '../../http/page-language';
import { jsonAnswer, type PublicAnswerCache, sendCachedAnswer } from '../../http/public-answer-cache';
import { validateRequest } from '../../http/validation';
import { companyOfOffer, type OfferService } from './service';

export const OfferIdParamsSchema = v.object({ id: ObjectIdSchema });

export const offerRoutes: FastifyPluginAsync<{ offers: OfferService; cache: PublicAnswerCache }> = async (app, { offers, cache }) => {
  app.get<{ Params: OfferChannelParams; Querystring: LanguageQuery }>(
    '/v2/offers/channel/:channelId',
    {
      config: { publicCache: 'shared', apiDoc: { summary: 'An offer by its channel, with its description.', response: ThemedOfferSchema } },
      preHandler: validateRequest({
        params: { schema: OfferChannelParamsSchema, errorKey: ERROR_KEYS.invalidId },
        query: { schema: LanguageQuerySchema, errorKey: ERROR_KEYS.invalidQuery },
      }),
    },
    async (request, reply) => {
      const { channelId } = request.params;
      const preferences = offerLanguagePreferences(request);
      const answer = await cache.get(`offer-channel:${channelId}:${preferences.join(',')}`, async () => {
        const offer = await offers.getChannelOffer(channelId, preferences);
        return jsonAnswer(companyOfOffer(offer), offer);
      });
      return sendCachedAnswer(request, reply, answer);
    },
  );

  // `/offer/{_id}` pages name the posting itself; the offer comes through its board channel.
  app.get<{ Params: { id: string }; Querystring: LanguageQuery }>(
    '/v2/offers/:id',
    {
      config: { publicCache: 'shared', apiDoc: { summary: 'An offer by its posting id, through its board channel.', response: ThemedOfferSchema } },
      preHandler: validateRequest({
        params: { schema: OfferIdParamsSchema, errorKey: ERROR_KEYS.invalidId },
        query: { schema: LanguageQuerySchema, errorKey: ERROR_KEYS.invalidQuery },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const preferences = offerLanguagePreferences(request);
      const answer = await cache.get(`offer-posting:${id}:${preferences.join(',')}`, async () => {
        const offer = await offers.getPostingOffer(id, preferences);
        return jsonAnswer(companyOfOffer(offer), offer);
      });
      return sendCachedAnswer(request, reply, answer);
    },
  );
};
