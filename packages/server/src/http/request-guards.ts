import { ERROR_KEYS } from '@rec/core';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/**
 * A GET or HEAD carrying a body is refused with 400: Fastify would silently ignore the body, and
 * a body on a cacheable request is a classic request-smuggling and cache-poisoning vector.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const { 'content-length': length, 'transfer-encoding': encoding } = request.headers;
    if (encoding !== undefined || (length !== undefined && length !== '0')) {
      throw new HttpError(400, ERROR_KEYS.badRequest);
    }
  });
}
