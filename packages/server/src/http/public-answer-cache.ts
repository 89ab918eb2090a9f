import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary, ifNoneMatchMatches, strongEtag } from './public-cache';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentCoding = 'br' | 'gzip';

/** One public answer, serialised once: its bytes, its ETag and (lazily, once each) its compressed forms. */
export interface CachedAnswer {
  readonly body: Buffer;
  readonly contentType: string;
  readonly etag: string;
  /** The company whose writes make this answer stale. */
  readonly companyId: string;
  encoded(coding: ContentCoding): Promise<Buffer>;
}

export interface AnswerSource {
  companyId: string;
  body: string;
  contentType: string;
}

export interface PublicAnswerCache {
  /**
   * The cached answer for `key`, else `load()`'s, kept for the next request. Concurrent misses
   * share one load. A load that fails (404, 410) is not kept: the next request asks again.
   */
  get(key: string, load: () => Promise<AnswerSource>): Promise<CachedAnswer>;
  /** Drops every answer of the company (a write changed its postings, openings, boards or brand). */
  invalidateCompany(companyId: string): void;
  /** Drops everything (after a Redis reconnect, when events may have been missed). */
  clear(): void;
  readonly size: number;
}

/** Bodies this small gain nothing from compression (the headers outweigh the saving). */
const MIN_COMPRESS_BYTES = 256;

function cachedAnswer(source: AnswerSource): CachedAnswer {
  const body = Buffer.from(source.body);
  const encodings = new Map<ContentCoding, Promise<Buffer>>();
  return {
    body,
    contentType: source.contentType,
    etag: strongEtag(body),
    companyId: source.companyId,
    encoded(coding) {
      let encoded = encodings.get(coding);
      if (!encoded) {
        encoded =
          coding === 'br'
            ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
            : gzipAsync(body, { level: 9 });
        encodings.set(coding, encoded);
      }
      return encoded;
    },
  };
}

/**
 * Public board and offer answers (JSON and server-rendered pages) kept in process per key (board
 * or channel and language), so a career site's traffic peak never queues behind the database.
 *
 * Never stale after a write on this instance: every invalidation bumps an epoch, and a load that
 * started before it is neither kept nor shared with requests that arrive after it. Bounded: the
 * least recently used answer goes first past `maxEntries`; `maxAgeMs` is a backstop for an event
 * lost between instances.
 */
export function createPublicAnswerCache(
  options: { maxEntries?: number; maxBytes?: number; maxAgeMs?: number; now?: () => number } = {},
): PublicAnswerCache {
  const maxEntries = options.maxEntries ?? 5000;
  // Bodies plus their compressed copies (at most about half again): a bound on memory, not only on count.
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  let bytes = 0;
  const weight = (answer: CachedAnswer) => Math.ceil(answer.body.length * 1.5);
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { answer: CachedAnswer; storedAt: number }>();
  const loading = new Map<string, Promise<CachedAnswer>>();
  let epoch = 0;
  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= weight(entry.answer);
    entries.delete(key);
  }

  return {
    get(key, load) {
      const entry = entries.get(key);
      if (entry && now() - entry.storedAt < maxAgeMs) {
        // Map order is the recency order: re-inserting marks it most recently used.
        entries.delete(key);
        entries.set(key, entry);
        return Promise.resolve(entry.answer);
      }
      const loadKey = `${epoch}\u0000${key}`;
      const pending = loading.get(loadKey);
      if (pending) return pending;
      const startedIn = epoch;
      const promise = load()
        .then((source) => {
          const answer = cachedAnswer(source);
          if (startedIn === epoch) {
            remove(key);
            entries.set(key, { answer, storedAt: now() });
            bytes += weight(answer);
            while (entries.size > maxEntries || (bytes > maxBytes && entries.size > 1)) {
              const oldest = entries.keys().next().value;
              if (oldest === undefined) break;
              remove(oldest);
            }
          }
          return answer;
        })
        .finally(() => loading.delete(loadKey));
      loading.set(loadKey, promise);
      return promise;
    },
    invalidateCompany(companyId) {
      epoch += 1;
      for (const [key, entry] of entries) if (entry.answer.companyId === companyId) remove(key);
    },
    clear() {
      epoch += 1;
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
  };
}

/** The coding to send for an Accept-Encoding header: br, else gzip, else none (`q=0` refuses one). */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: ContentCoding) => accepted.get(coding) ?? (accepted.has('*') ? (accepted.get('*') ?? 0) : 0);
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return undefined;
}

/** The ETag of one coding of the answer: each representation has its own strong validator. */
function etagFor(answer: CachedAnswer, coding: ContentCoding | undefined): string {
  return coding ? `${answer.etag.slice(0, -1)}-${coding === 'br' ? 'br' : 'gz'}"` : answer.etag;
}

/**
 * Sends a cached answer: its ETag (no hashing per request), 304 when the client's copy is
 * current (in any coding: they are the same content), else the body in the best coding the
 * client accepts. Cache-Control stays with the route (public-cache.ts or the page route).
 */
export async function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): Promise<FastifyReply> {
  addVary(reply, 'Accept-Encoding');
  const coding = answer.body.length >= MIN_COMPRESS_BYTES ? preferredCoding(request.headers['accept-encoding']) : undefined;
  reply.header('etag', etagFor(answer, coding));
  // Most requests carry no If-None-Match: no validator strings to build for them.
  const ifNoneMatch = request.headers['if-none-match'];
  const current = ifNoneMatch !== undefined && [answer.etag, etagFor(answer, 'br'), etagFor(answer, 'gzip')].some((etag) => ifNoneMatchMatches(ifNoneMatch, etag));
  // HEAD keeps its 200 (see public-cache.ts: Fastify's HEAD handling cannot take a 304's null body).
  if (current && request.method !== 'HEAD') return reply.code(304).send();
  reply.type(answer.contentType);
  if (!coding) return reply.send(answer.body);
  reply.header('content-encoding', coding);
  return reply.send(await answer.encoded(coding));
}

/** A JSON answer to cache, tagged with the company whose writes change it. */
export function jsonAnswer(companyId: string, value: unknown): AnswerSource {
  return { companyId, body: JSON.stringify(value), contentType: 'application/json; charset=utf-8' };
}
