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
  // Synchronous (done, no promise): it runs on every request (issue 27).
  app.addHook('onRequest', (request, reply, done) => {
    if (!isPublicPath(request.url)) {
      done();
      return;
    }
    reply.header('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      // Answered here: the hooks after this one and the route are skipped (done is not called).
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, HEAD, POST, OPTIONS')
        .header('access-control-allow-headers', '*')
        .header('access-control-max-age', '86400')
        .send();
      return;
    }
    done();
  });
}
