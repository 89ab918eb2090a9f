import type { FastifyInstance } from 'fastify';
import { isPublicPath } from './public-paths';

/**
 * `Access-Control-Allow-Origin: *` (never with credentials) on the public paths, errors
 * included so a widget can tell a closed offer from a missing one, and an answer to every
 * OPTIONS preflight there.
 *
 * Not @fastify/cors: a per-path policy there needs its delegator, which always adds
 * `Vary: Origin`, and that would split every CDN cache entry per career site for no gain since
 * the answer is the same `*` for all origins.
 */
export function registerPublicCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isPublicPath(request.url)) return;
    reply.header('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('access-control-allow-methods', 'GET, HEAD, POST, OPTIONS')
        .header('access-control-allow-headers', '*')
        .header('access-control-max-age', '86400')
        .send();
    }
  });
}
