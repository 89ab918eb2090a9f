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
  // Synchronous (done, no promise): it runs before every route, the public GETs included (issue 27).
  app.addHook('preValidation', (request, _reply, done) => {
    if (queryCarriesControlCharacters(request.url, request.query) || carriesControlCharacters(request.body)) {
      done(new HttpError(400, ERROR_KEYS.controlCharacters));
      return;
    }
    done();
  });
}

/**
 * The parsed query's keys and values. Walked as such whatever its prototype: Fastify's parser
 * (fast-querystring) builds it on a prototype of its own, which the plain-container test above
 * refuses, so queries went unchecked until issue 27 found it.
 */
export function parsedQueryCarriesControlCharacters(query: unknown): boolean {
  if (query === null || typeof query !== 'object') return false;
  for (const [key, value] of Object.entries(query)) {
    if (hasControlCharacters(key) || carriesControlCharacters(value, 1)) return true;
  }
  return false;
}

/**
 * The query's check, from the raw URL when that settles it: the parsed keys and values are pieces
 * of the URL ('+' read as a space) unless it has a percent-escape, so a URL with neither an escape
 * nor a control character has none to find in its query (whichever of `?`, `#` the router split
 * it at). Otherwise every parsed key and value is walked.
 */
export function queryCarriesControlCharacters(url: string, query: unknown): boolean {
  if (!url.includes('%') && !hasControlCharacters(url)) return false;
  return parsedQueryCarriesControlCharacters(query);
}
