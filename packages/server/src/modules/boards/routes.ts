import { type BoardParams, BoardParamsSchema, ERROR_KEYS, LanguageQuerySchema, type LanguageQuery } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { languagePreferences } from '../../http/page-language';
import { validateRequest } from '../../http/validation';
import type { BoardService } from './service';

const boardParams = { schema: BoardParamsSchema, errorKey: ERROR_KEYS.invalidId };
const languageQuery = { schema: LanguageQuerySchema, errorKey: ERROR_KEYS.invalidQuery };

export const boardRoutes: FastifyPluginAsync<{ boards: BoardService }> = async (app, { boards }) => {
  app.get<{ Params: BoardParams }>(
    '/v2/boards/:id',
    { config: { publicCache: 'shared' }, preHandler: validateRequest({ params: boardParams }) },
    (request) => boards.getBoard(request.params.id),
  );

  app.get<{ Params: BoardParams; Querystring: LanguageQuery }>(
    '/v2/boards/:id/offers',
    { config: { publicCache: 'shared' }, preHandler: validateRequest({ params: boardParams, query: languageQuery }) },
    (request) => boards.listOffers(request.params.id, languagePreferences(request.query, request.headers['accept-language'])),
  );
};
