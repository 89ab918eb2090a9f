import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_LOCALE, ERROR_KEYS, isObjectId, type LanguageQuery, type Locale, type Offer } from '@rec/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, sendError } from '../../http/errors';
import { askedLanguage } from '../../http/page-language';
import { type PublicAnswerCache, sendCachedAnswer } from '../../http/public-answer-cache';
import { ifNoneMatchMatches, strongEtag } from '../../http/public-cache';
import { pathOf } from '../../http/public-paths';
import type { BoardService } from '../boards/service';
import { companyOfOffer, type OfferService } from '../offers/service';
import { boardPageParts, errorPageParts, offerPageParts, type PageParts, type PublicErrorKind, renderPage } from './render-page';

export interface SeoRoutesOptions {
  distDir: string;
  publicUrl: string;
  offers: OfferService;
  boards: BoardService;
  cache: PublicAnswerCache;
}

/** Without a build there is no page to fill: the route answers a plain 404. */
class MissingBuild extends Error {}

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

/** A page's content and the company whose writes change it. */
interface RenderedPage {
  parts: PageParts;
  companyId: string;
}

/**
 * The full-page offer and board routes answered with their content in the HTML, whatever the
 * Accept header: browsers, crawlers and link-preview bots (which often send `*\/*` or nothing)
 * all get the page; JSON lives under /v2 only. Rendered pages are kept in the public answer cache
 * per (offer or board, language) and invalidated with the JSON answers.
 */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { distDir, publicUrl, offers, boards, cache }) => {
  const indexPath = join(distDir, 'host', 'index.html');
  const readIndex = () => readFile(indexPath, 'utf8').catch(() => undefined);

  async function answer(
    request: PageRequest,
    reply: FastifyReply,
    /** `asked`: the visitor's language by the one rule (@rec/core visitor-language.ts), before the content's own. */
    page: { key: (asked: Locale | undefined) => string; render: (asked: Locale | undefined) => Promise<RenderedPage> },
    errorPage: ErrorPageFor,
    /** `/offer/{x}` also holds SPA pages (`/offer/message`): a non-id there is the app's, not a 404. */
    nonIdsToApp = false,
  ) {
    // Our own pages: the switcher's saved choice counts too, as it does in the host app.
    const asked = askedLanguage(request, { readSaved: true });
    reply.header('cache-control', 'no-cache');
    if (nonIdsToApp && !isObjectId(request.params.id)) {
      const index = await readIndex();
      if (index === undefined) return sendError(reply, 404, ERROR_KEYS.notFound);
      return sendPage(request, reply, 200, index);
    }
    try {
      // A malformed id names nothing: the same 404 page as an unknown one (never the router's debug text).
      if (!isObjectId(request.params.id)) throw new HttpError(404, ERROR_KEYS.notFound);
      const cached = await cache.get(page.key(asked), async () => {
        const index = await readIndex();
        if (index === undefined) throw new MissingBuild();
        const { parts, companyId } = await page.render(asked);
        return { companyId, body: renderPage(index, parts), contentType: 'text/html; charset=utf-8' };
      });
      return sendCachedAnswer(request, reply, cached);
    } catch (error) {
      if (error instanceof MissingBuild) return sendError(reply, 404, ERROR_KEYS.notFound);
      if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 410)) throw error;
      const index = await readIndex();
      if (index === undefined) return sendError(reply, 404, ERROR_KEYS.notFound);
      // The visitor's language, the page title and a way back; crawlers learn the page is gone.
      const status = error.statusCode;
      // A closed or unknown offer leaves the index: the header as well as the page's meta robots.
      reply.header('x-robots-tag', 'noindex');
      const locale = asked ?? DEFAULT_LOCALE;
      const back = (await errorPage.back(locale).catch(() => undefined)) ?? refererOf(request);
      return sendPage(request, reply, status, renderPage(index, errorPageParts(errorPage.kind(status), locale, `${publicUrl}${pathOf(request.url)}`, back)));
    }
  }

  function sendPage(request: PageRequest, reply: FastifyReply, status: number, html: string) {
    const etag = strongEtag(html);
    reply.header('cache-control', 'no-cache').header('etag', etag);
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
  const offerPage = (offer: Offer, ownLanguage: string): RenderedPage => ({ parts: offerPageParts(offer, ownLanguage), companyId: companyOfOffer(offer) });
  const validId = (id: string) => (isObjectId(id) ? id : undefined);

  app.get<{ Params: { id: string }; Querystring: LanguageQuery }>('/offer/c/:id', (request, reply) =>
    answer(
      request,
      reply,
      {
        key: (asked) => `page:offer-channel:${request.params.id}:${asked ?? ''}`,
        render: async (asked) => {
          const { offer, row } = await offers.getChannelOfferWithRow(request.params.id, asked ? [asked] : []);
          return offerPage(offer, row.language);
        },
      },
      offerError(async () => validId(request.params.id)),
    ),
  );
  app.get<{ Params: { id: string }; Querystring: LanguageQuery }>('/offer/:id', (request, reply) =>
    answer(
      request,
      reply,
      {
        key: (asked) => `page:offer-posting:${request.params.id}:${asked ?? ''}`,
        render: async (asked) => {
          const channelId = await offers.findPostingChannelId(request.params.id);
          if (!channelId) throw new HttpError(404, ERROR_KEYS.offerNotFound);
          const { offer, row } = await offers.getChannelOfferWithRow(channelId, asked ? [asked] : []);
          return offerPage(offer, row.language);
        },
      },
      offerError(async () => {
        const id = validId(request.params.id);
        return id ? offers.findPostingChannelId(id) : undefined;
      }),
      true,
    ),
  );
  app.get<{ Params: { id: string }; Querystring: LanguageQuery }>('/board/:id', (request, reply) =>
    answer(
      request,
      reply,
      {
        key: (asked) => `page:board:${request.params.id}:${asked ?? ''}`,
        render: async (asked) => {
          // The widget's rule (issue 25): the visitor's language (link, saved choice, browser), else
          // the board's own, so the page the server renders is the one the board then shows.
          const board = await boards.getBoard(request.params.id);
          const locale = asked ?? board.language;
          const list = await boards.listOffers(request.params.id, [locale]);
          return { parts: boardPageParts(board, list, `${publicUrl}/board/${board._id}`, locale), companyId: board.company._id };
        },
      },
      { kind: () => 'boardNotFound', back: async () => undefined },
    ),
  );
};
