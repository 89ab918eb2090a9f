import type { FastifyPluginAsync } from 'fastify';
import { ifNoneMatchMatches, strongEtag } from '../../http/public-cache';
import { robotsTxt } from './robots';
import { sitemapXml } from './sitemap';
import type { SitemapRepository } from './sitemap-repository';

export interface CrawlerRoutesOptions {
  publicUrl: string;
  sitemap: SitemapRepository;
}

/** What search engines fetch first: `/robots.txt` and the `/sitemap.xml` it points at. */
export const crawlerRoutes: FastifyPluginAsync<CrawlerRoutesOptions> = async (app, { publicUrl, sitemap }) => {
  const robots = robotsTxt(publicUrl);
  app.get('/robots.txt', { config: { apiDoc: { summary: 'The crawler rules', access: 'public' } } }, async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots));

  app.get('/sitemap.xml', { config: { apiDoc: { summary: 'The sitemap of the published offers', access: 'public' } } }, async (request, reply) => {
    const [boardIds, offers] = await Promise.all([sitemap.boardIds(), sitemap.openOffers()]);
    const xml = sitemapXml(publicUrl, boardIds, offers);
    const etag = strongEtag(xml);
    // Crawlers revalidate; a new or closed offer shows on the next fetch.
    reply.header('cache-control', 'public, max-age=300').header('etag', etag);
    if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/xml; charset=utf-8').send(xml);
  });
};
