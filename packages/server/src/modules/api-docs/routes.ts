import { DEFAULT_LOCALE, type LanguageQuery } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../../http/page-language';
import { DOCS_CSS, renderDocsPage } from './docs-page';
import { openApiDocument } from './openapi';
import type { RegisteredRoute } from './route-registry';

/**
 * `/openapi.json` and its human-readable page `/docs`. The document is generated on first request,
 * when every route is registered, and kept: routes do not change while the process runs.
 */
export const apiDocsRoutes: FastifyPluginAsync<{ routes: readonly RegisteredRoute[]; publicUrl: string }> = async (app, { routes, publicUrl }) => {
  let document: Record<string, unknown> | undefined;
  const documentNow = () => {
    document ??= openApiDocument(routes, publicUrl);
    return document;
  };

  app.get('/openapi.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(documentNow()));

  app.get<{ Querystring: LanguageQuery }>('/docs', async (request, reply) => {
    const locale = requestLanguage(request, DEFAULT_LOCALE, { readSaved: true });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(renderDocsPage(documentNow(), locale));
  });

  app.get('/docs/docs.css', async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(DOCS_CSS));
};
