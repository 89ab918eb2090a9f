import { type BoardParams, BoardParamsSchema, ERROR_KEYS } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import type { PublicAnswerCache } from '../../http/public-answer-cache';
import { sendCachedAnswer } from '../../http/public-answer-cache';
import { validateRequest } from '../../http/validation';
import type { FeedService } from './feed-items';
import { indeedXml } from './indeed-xml';
import { jsonFeed } from './json-feed';

const boardParams = { schema: BoardParamsSchema, errorKey: ERROR_KEYS.invalidId };

/**
 * A board's job feeds (issue 30): XML for job boards that ingest Indeed's format, JSON Feed 1.1.
 * Public like the board, kept in the public answer cache and dropped with the company's other
 * answers on every write (a posting published or closed shows on the next fetch).
 */
export const feedRoutes: FastifyPluginAsync<{ feeds: FeedService; cache: PublicAnswerCache; publicUrl: string }> = async (app, { feeds, cache, publicUrl }) => {
  app.get<{ Params: BoardParams }>(
    '/v2/boards/:id/feed.xml',
    { config: { publicCache: 'shared', apiDoc: { summary: 'The open offers of a board as an XML job feed (Indeed format), one job per language.' } }, preHandler: validateRequest({ params: boardParams }) },
    async (request, reply) => {
      const answer = await cache.get(`feed-xml:${request.params.id}`, async () => {
        const feed = await feeds.boardFeed(request.params.id);
        return { companyId: feed.companyId, body: indeedXml(feed), contentType: 'application/xml; charset=utf-8' };
      });
      return sendCachedAnswer(request, reply, answer);
    },
  );

  app.get<{ Params: BoardParams }>(
    '/v2/boards/:id/feed.json',
    { config: { publicCache: 'shared', apiDoc: { summary: 'The open offers of a board as a JSON Feed 1.1, one item per language.' } }, preHandler: validateRequest({ params: boardParams }) },
    async (request, reply) => {
      const answer = await cache.get(`feed-json:${request.params.id}`, async () => {
        const feed = await feeds.boardFeed(request.params.id);
        // application/feed+json is the type JSON Feed registers for itself.
        return { companyId: feed.companyId, body: JSON.stringify(jsonFeed(feed, publicUrl)), contentType: 'application/feed+json; charset=utf-8' };
      });
      return sendCachedAnswer(request, reply, answer);
    },
  );
};
