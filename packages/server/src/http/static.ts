import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchMatches, strongEtag } from './public-cache';
import { isUnder, pathOf } from './public-paths';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The stable entry career sites paste; it must be revalidated so they pick up new builds. */
export const WIDGET_LOADER = 'rec-widgets.js';

/** `board-3f9a1c2b.js`, `index-B7x_Qa2k.css`: rollup's `[name]-[hash]` file names never change content. */
const HASHED_FILE = /-[A-Za-z0-9_-]{8,}\.(?:m?js|css|map|woff2?|svg|png|jpe?g|webp)$/;

/** Paths the SPA never owns: a miss there is a real 404, not the host app's index.html. */
const NOT_SPA_PREFIXES = ['/v2', '/auth', '/builds', '/widgets'];

export function cacheControlFor(filePath: string): string {
  // A precompressed copy (`board-3f9a1c2b.js.br`) is cached like the file it encodes.
  const name = basename(filePath).replace(/\.(?:br|gz)$/, '');
  if (name === WIDGET_LOADER) return REVALIDATE;
  return HASHED_FILE.test(name) ? IMMUTABLE : REVALIDATE;
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

export interface StaticHosting {
  /** Answers a GET for an HTML page nobody else served with the host app's index.html; false when it does not apply. */
  spaFallback(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * Serves what the build wrote into DIST_DIR, when it is there (the API runs without it):
 * `widgets/` under /widgets/ (precompressed copies preferred, the loader revalidated, hashed chunks cached for a year; CORS comes
 * from the public-path hook because career sites load them as cross-origin module scripts), and
 * `host/` at the root with an SPA fallback to its index.html.
 */
export async function registerStaticHosting(app: FastifyInstance, distDir: string): Promise<StaticHosting> {
  const widgetsDir = join(distDir, 'widgets');
  const hostDir = join(distDir, 'host');
  const common = {
    decorateReply: false,
    // Our own Cache-Control per file (below) instead of send's `max-age=0`.
    cacheControl: false,
    dotfiles: 'deny' as const,
    // The build writes `.br` and `.gz` beside each asset (packages/dev/precompress.mjs): sent with
    // their Content-Encoding and `Vary: Accept-Encoding` when the client accepts them.
    preCompressed: true,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  };

  if (isDirectory(widgetsDir)) {
    await app.register(fastifyStatic, { ...common, root: widgetsDir, prefix: '/widgets/', index: false });
  }
  if (isDirectory(hostDir)) {
    await app.register(fastifyStatic, { ...common, root: hostDir, prefix: '/' });
  }

  const indexPath = join(hostDir, 'index.html');
  return {
    async spaFallback(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      if (!request.headers.accept?.includes('text/html')) return false;
      const path = pathOf(request.url);
      if (NOT_SPA_PREFIXES.some((prefix) => isUnder(path, prefix))) return false;
      const html = await readFile(indexPath).catch(() => undefined);
      if (!html) return false;

      const etag = strongEtag(html);
      reply.header('cache-control', REVALIDATE).header('etag', etag);
      if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) reply.code(304).send();
      else reply.code(200).type('text/html; charset=utf-8').send(html);
      return true;
    },
  };
}
