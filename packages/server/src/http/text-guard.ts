import { ERROR_KEYS, hasControlCharacters } from '@rec/core';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** Deeper or larger inputs are refused by the route schemas anyway; the walk stays bounded. */
const MAX_DEPTH = 20;

/**
 * Only what a JSON or query parser builds: plain objects and arrays. A Buffer (an octet-stream
 * upload), a stream or a typed array is bytes, not text: `Object.entries` of an 8 MiB Buffer
 * would build 8 million pairs and stall the whole server (issue 24, H1).
 */
function isPlainContainer(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

export function carriesControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacters(value);
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object' || !isPlainContainer(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacters(key) || carriesControlCharacters(item, depth + 1)) return true;
  }
  return false;
}

/**
 * The shared schemas refuse control characters field by field (so forms can say which field);
 * this backstop refuses them in any query or JSON body a schema does not look at (a new route, an
 * ignored key), so U+0000 never reaches PostgreSQL and answers a 500. Route parameters are left to
 * each route's id or token pattern, which answers its own key (`errors.invalidId`...).
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (carriesControlCharacters(request.query) || carriesControlCharacters(request.body)) {
      throw new HttpError(400, ERROR_KEYS.controlCharacters);
    }
  });
}
