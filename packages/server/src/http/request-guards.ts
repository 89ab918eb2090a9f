import { ERROR_KEYS } from '@rec/core';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/**
 * A GET or HEAD carrying a body is refused with 400: Fastify would silently ignore the body, and
 * a body on a cacheable request is a classic request-smuggling and cache-poisoning vector.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  // Synchronous (done, no promise): it runs on every request (issue 27).
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      done();
      return;
    }
    const { 'content-length': length, 'transfer-encoding': encoding } = request.headers;
    done(encoding !== undefined || (length !== undefined && length !== '0') ? new HttpError(400, ERROR_KEYS.badRequest) : undefined);
  });
}
