import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_LOCALE, ERROR_KEYS, isObjectId, type LanguageQuery, type Locale, toLocale } from '@rec/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, sendError } from '../../http/errors';
import { languagePreferences, offerLanguagePreferences } from '../../http/page-language';
import { ifNoneMatchMatches, strongEtag } from '../../http/public-cache';
import { pathOf } from '../../http/public-paths';
import type { BoardService } from '../boards/service';
import type { OfferService } from '../offers/service';
import { boardPageParts, errorPageParts, offerPageParts, type PageParts, type PublicErrorKind, renderPage } from './render-page';

export interface SeoRoutesOptions {
  distDir: string;
  publicUrl: string;
  offers: OfferService;
  boards: BoardService;
}

type PageRequest = FastifyRequest<{ Params: { id: string }; Querystring: LanguageQuery }>;

/** Where a page that cannot be shown sends the visitor back: a board, else the page they came from. */
interface ErrorPageFor {
  kind(status: number): PublicErrorKind;
  /** The board (or other page) to go back to, in `locale`; undefined when none is known. */
  back(locale: Locale): Promise<string | undefined>;
}

/** The page the visitor came from, when it is a web page (the career site that linked the offer). */
function refererOf(request: FastifyRequest): string | undefined {
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The full-page offer and board routes answered with their content in the HTML (for crawlers
 * and link previews), when a browser asks for HTML. Anything else gets what the SPA fallback
 * would give: index.html as is, or a JSON 404 to non-HTML requests.
 */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { distDir, publicUrl, offers, boards }) => {
  const indexPath = join(distDir, 'host', 'index.html');

  async function answer(
    request: PageRequest,
    reply: FastifyReply,
    render: (preferences: Locale[]) => Promise<PageParts>,
    errorPage: ErrorPageFor,
    pick: typeof languagePreferences = languagePreferences,
    /** `/offer/{x}` also holds SPA pages (`/offer/message`): a non-id there is the app's, not a 404. */
    nonIdsToApp = false,
  ) {
    const query = request.query ?? {};
    const accept = request.headers.accept ?? '';
    const index = accept.includes('text/html') ? await readFile(indexPath, 'utf8').catch(() => undefined) : undefined;
    if (index === undefined) return sendError(reply, 404, ERROR_KEYS.notFound);
    if (nonIdsToApp && !isObjectId(request.params.id)) return sendPage(request, reply, 200, index);

    let status = 200;
    let html: string;
    const single = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const preferences = pick({ language: single(query.language), lang: single(query.lang) }, request.headers['accept-language']);
    try {
      // A malformed id names nothing: the same 404 page as an unknown one (never the router's debug text).
      if (!isObjectId(request.params.id)) throw new HttpError(404, ERROR_KEYS.notFound);
      html = renderPage(index, await render(preferences));
    } catch (error) {
      if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 410)) throw error;
      // The visitor's language, the page title and a way back; crawlers learn the page is gone.
      status = error.statusCode;
      const locale = preferences[0] ?? DEFAULT_LOCALE;
      const back = (await errorPage.back(locale).catch(() => undefined)) ?? refererOf(request);
      html = renderPage(index, errorPageParts(errorPage.kind(status), locale, `${publicUrl}${pathOf(request.url)}`, back));
    }
    return sendPage(request, reply, status, html);
  }

  function sendPage(request: PageRequest, reply: FastifyReply, status: number, html: string) {
    const etag = strongEtag(html);
    reply.header('cache-control', 'no-cache').header('etag', etag);
    // A closed or unknown offer leaves the index: the header as well as the page's meta robots.
    if (status === 404 || status === 410) reply.header('x-robots-tag', 'noindex');
    if (status === 200 && ifNoneMatchMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.code(status).type('text/html; charset=utf-8').send(html);
  }

  const offerError = (channelOf: () => Promise<string | undefined>): ErrorPageFor => ({
    kind: (status) => (status === 410 ? 'offerClosed' : 'offerNotFound'),
    back: async (locale) => {
      const channelId = await channelOf();
      const boardId = channelId ? await offers.findBoardOfChannel(channelId) : undefined;
      return boardId ? `${publicUrl}/board/${boardId}?language=${locale}` : undefined;
    },
  });
  const validId = (id: string) => (isObjectId(id) ? id : undefined);

  app.get<{ Params: { id: string }; Querystring: LanguageQuery }>('/offer/c/:id', (request, reply) =>
    answer(
      request,
      reply,
      async (preferences) => {
        const { offer, row } = await offers.getChannelOfferWithRow(request.params.id, preferences);
        return offerPageParts(offer, row.language);
      },
      offerError(async () => validId(request.params.id)),
      offerLanguagePreferences,
    ),
  );
  app.get<{ Params: { id: string }; Querystring: LanguageQuery }>('/offer/:id', (request, reply) =>
    answer(
      request,
      reply,
      async (preferences) => {
        const channelId = await offers.findPostingChannelId(request.params.id);
        if (!channelId) throw new HttpError(404, ERROR_KEYS.offerNotFound);
        const { offer, row } = await offers.getChannelOfferWithRow(channelId, preferences);
        return offerPageParts(offer, row.language);
      },
      offerError(async () => {
        const id = validId(request.params.id);
        return id ? offers.findPostingChannelId(id) : undefined;
      }),
      offerLanguagePreferences,
      true,
    ),
  );
  app.get<{ Params: { id: string }; Querystring: LanguageQuery }>('/board/:id', (request, reply) =>
    answer(
      request,
      reply,
      async () => {
        // The widget's rule: the link's language, else the board's own (not the browser's), so the
        // page the server renders is the one the board then shows.
        const query = request.query ?? {};
        const chosen = toLocale(typeof query.language === 'string' ? query.language : undefined) ?? toLocale(typeof query.lang === 'string' ? query.lang : undefined);
        const board = await boards.getBoard(request.params.id);
        const locale = chosen ?? board.language;
        const list = await boards.listOffers(request.params.id, [locale]);
        return boardPageParts(board, list, `${publicUrl}/board/${board._id}`, locale);
      },
      { kind: () => 'boardNotFound', back: async () => undefined },
    ),
  );
};
