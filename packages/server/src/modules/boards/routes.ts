import { BoardOffersSchema, type BoardParams, BoardParamsSchema, ERROR_KEYS, LanguageQuerySchema, type LanguageQuery } from '@rec/core';
import { ThemedBoardSchema } from '@rec/core/theme-schema';
import type { FastifyPluginAsync } from 'fastify';
import { askedLanguage } from '../../http/page-language';
import { jsonAnswer, type PublicAnswerCache, sendCachedAnswer } from '../../http/public-answer-cache';
import { validateRequest } from '../../http/validation';
import type { BoardService } from './service';

const boardParams = { schema: BoardParamsSchema, errorKey: ERROR_KEYS.invalidId };
const languageQuery = { schema: LanguageQuerySchema, errorKey: ERROR_KEYS.invalidQuery };

export const boardRoutes: FastifyPluginAsync<{ boards: BoardService; cache: PublicAnswerCache }> = async (app, { boards, cache }) => {
  app.get<{ Params: BoardParams }>(
    '/v2/boards/:id',
    { config: { publicCache: 'shared', apiDoc: { summary: 'A job board with its company.', response: ThemedBoardSchema } }, preHandler: validateRequest({ params: boardParams }) },
    async (request, reply) => {
      const { id } = request.params;
      const answer = await cache.get(`board:${id}`, async () => {
        const board = await boards.getBoard(id);
        return jsonAnswer(board.company._id, board);
      });
      return sendCachedAnswer(request, reply, answer);
    },
  );

  app.get<{ Params: BoardParams; Querystring: LanguageQuery }>(
    '/v2/boards/:id/offers',
    { config: { publicCache: 'shared', apiDoc: { summary: 'The open offers of a board, sorted for the page language.', response: BoardOffersSchema } }, preHandler: validateRequest({ params: boardParams, query: languageQuery }) },
    async (request, reply) => {
      const { id } = request.params;
      // The visitor's language by the one rule picks the answer (the sort language), so it alone names the entry.
      const language = askedLanguage(request);
      const answer = await cache.get(`board-offers:${id}:${language ?? ''}`, async () => {
        const { companyId, offers } = await boards.boardOffers(id, language ? [language] : []);
        return jsonAnswer(companyId, offers);
      });
      return sendCachedAnswer(request, reply, answer);
    },
  );
};
