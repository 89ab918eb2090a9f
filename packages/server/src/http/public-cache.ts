import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Opts a route into the public caching rules below. */
    publicCache?: PublicCachePolicy;
  }
}

/**
 * - `shared`: board and offer answers; a CDN or browser may reuse them for a minute and serve a
 *   stale copy while revalidating, and they differ by Accept-Language.
 * - `revalidate`: answers a poller must see change at once (the build version).
 */
export type PublicCachePolicy = 'shared' | 'revalidate';

const POLICIES: Record<PublicCachePolicy, { cacheControl: string; varyLanguage: boolean }> = {
  shared: { cacheControl: 'public, max-age=60, stale-while-revalidate=300', varyLanguage: true },
  revalidate: { cacheControl: 'no-cache', varyLanguage: false },
};

/** A strong validator: the quoted hash of the exact bytes sent. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`, and `*`
 * matches any current representation.
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/** Adds to Vary rather than replacing what another hook (compression, CORS) put there. */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  // The usual case on the public routes (none yet, or the one this adds), without splitting strings (issue 27).
  if (current === undefined || current === '' || typeof current !== 'string') {
    reply.header('vary', field);
    return;
  }
  if (current === field) return;
  const fields = current.split(',').map((name) => name.trim());
  if (fields.includes('*') || fields.some((name) => name.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields.filter(Boolean), field].join(', '));
}

/**
 * An onSend hook on every route with `config.publicCache`: Cache-Control, Vary, ETag, and a 304
 * without body when the client's copy is current. Errors on those routes get `no-cache`, so a CDN
 * never keeps a 404 after the board appears. Added to those routes alone when they are declared
 * (no per-request look-up of the route's config on the others), first among their own onSend
 * hooks, as a global hook registered before them would run; synchronous, no promise per request.
 */
export function registerPublicCache(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const policyName = route.config?.publicCache;
    if (!policyName) return;
    const hook = publicCacheHook(POLICIES[policyName]);
    route.onSend = [hook, ...[route.onSend ?? []].flat()];
  });
}

function publicCacheHook(policy: { cacheControl: string; varyLanguage: boolean }): onSendHookHandler {
  return (request, reply, payload, done) => {
    if (policy.varyLanguage) addVary(reply, 'Accept-Language');

    // A cached answer (public-answer-cache.ts) brings its ETag, computed once, and its own 304.
    if (reply.hasHeader('etag') && (reply.statusCode === 200 || reply.statusCode === 304)) {
      reply.header('cache-control', policy.cacheControl);
      done(null, payload);
      return;
    }
    if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
      reply.header('cache-control', 'no-cache');
      done(null, payload);
      return;
    }
    const etag = strongEtag(payload);
    reply.header('etag', etag).header('cache-control', policy.cacheControl);
    // HEAD keeps its 200: it has no body to save, and Fastify's HEAD handler, which runs after
    // this hook, cannot take the null payload a 304 needs (it would fail with a 500).
    if (request.method !== 'HEAD' && ifNoneMatchMatches(request.headers['if-none-match'], etag)) {
      reply.code(304).removeHeader('content-type');
      done(null, null);
      return;
    }
    done(null, payload);
  };
}
