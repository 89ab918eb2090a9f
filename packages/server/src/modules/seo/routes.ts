import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_KEYS, isObjectId, type LanguageQuery } from '@rec/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, sendError } from '../../http/errors';
import { languagePreferences } from '../../http/page-language';
import { ifNoneMatchMatches, strongEtag } from '../../http/public-cache';
import type { BoardService } from '../boards/service';
import type { OfferService } from '../offers/service';
import { boardPageParts, offerPageParts, type PageParts, renderPage } from './render-page';

export interface SeoRoutesOptions {
  distDir: string;
  publicUrl: string;
  offers: OfferService;
  boards: BoardService;
}

type PageRequest = FastifyRequest<{ Params: { id: string }; Querystring: LanguageQuery }>;

/**
 * The full-page offer and board routes answered with their content in the HTML (for crawlers
 * and link previews), when a browser asks for HTML. Anything else gets what the SPA fallback
 * would give: index.html as is, or a JSON 404 to non-HTML requests.
 */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { distDir, publicUrl, offers, boards }) => {
  const indexPath = join(distDir, 'host', 'index.html');

  async function answer(request: PageRequest, reply: FastifyReply, render: (preferences: ReturnType<typeof languagePreferences>) => Promise<PageParts>) {
    const query = request.query ?? {};
    const accept = request.headers.accept ?? '';
    const index = accept.includes('text/html') ? await readFile(indexPath, 'utf8').catch(() => undefined) : undefined;
    if (index === undefined) return sendError(reply, 404, ERROR_KEYS.notFound);

    let status = 200;
    let html = index;
    const single = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const preferences = languagePreferences({ language: single(query.language), lang: single(query.lang) }, request.headers['accept-language']);
    if (isObjectId(request.params.id)) {
      try {
        html = renderPage(index, await render(preferences));
      } catch (error) {
        if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 410)) throw error;
        // The app shows the closed-job message; crawlers learn the offer is gone.
        status = error.statusCode;
        html = index.replace('</head>', '  <meta name="robots" content="noindex" />\n  </head>');
      }
    }
    const etag = strongEtag(html);
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (status === 200 && ifNoneMatchMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.code(status).type('text/html; charset=utf-8').send(html);
  }

  app.get<{ Params: { id: string }; Querystring: LanguageQuery }>('/offer/c/:id', (request, reply) =>
    answer(request, reply, async (preferences) => offerPageParts(await offers.getChannelOffer(request.params.id, preferences))),
  );
  app.get<{ Params: { id: string }; Querystring: LanguageQuery }>('/offer/:id', (request, reply) =>
    answer(request, reply, async (preferences) => offerPageParts(await offers.getPostingOffer(request.params.id, preferences))),
  );
  app.get<{ Params: { id: string }; Querystring: LanguageQuery }>('/board/:id', (request, reply) =>
    answer(request, reply, async (preferences) => {
      const board = await boards.getBoard(request.params.id);
      const list = await boards.listOffers(request.params.id, preferences);
      return boardPageParts(board, list, `${publicUrl}/board/${board._id}`);
    }),
  );
};
