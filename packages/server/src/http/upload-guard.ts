import { ERROR_KEYS } from '@rec/core';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { UploadLimits } from '../config';
import { HttpError } from './errors';
import { addressKey } from './client-address';
import { createRateLimiter, type SharedCounters } from './rate-limit';

/**
 * One upload guard for every route that accepts bytes (ARCHITECTURE "Limits"): a CV, a step's
 * file, an interview chunk, a logo, a profile picture, and whatever comes later. Issue 24:
 * - token before body: each upload route names an `admit` check (credentials, ids, the declared
 *   size, the rate, the room left, what the application already holds) that runs in `onRequest`,
 *   before Fastify reads a byte of the body; a refused request is answered at once and its body
 *   is thrown away by Node as it arrives, never held;
 * - a route that takes more than Fastify's default body (1 MiB) without declaring itself an upload
 *   route does not register at all (start-up fails), so a route built later cannot forget it.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route accepts bytes: see registerUploadGuard. */
    upload?: UploadRule;
  }
}

export interface UploadRule {
  /** What the route receives (`cv`, `step-file`, `interview-chunk`, `logo`, `profile-picture`): the route table names it. */
  kind: string;
  /** Runs in onRequest, before the body is read: throws an HttpError to refuse (401, 403, 404, 413, 415, 429, 507). */
  admit(request: FastifyRequest): Promise<void>;
}

/** Fastify's default body limit: a route that takes more is an upload route. */
export const SMALL_BODY_BYTES = 1024 * 1024;

/** Adds each upload route's admit check as its first onRequest hook; refuses large-body routes that declare none. */
export function registerUploadGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const rule = route.config?.upload;
    if (!rule) {
      if ((route.bodyLimit ?? 0) > SMALL_BODY_BYTES) {
        throw new Error(`${String(route.method)} ${route.url} accepts ${route.bodyLimit} bytes: declare it an upload route (config.upload) so its caller is checked before the body is read`);
      }
      return;
    }
    const admit: onRequestAsyncHookHandler = async (request) => rule.admit(request);
    route.onRequest = [admit, ...[route.onRequest ?? []].flat()];
  });
}

/** What is held, or may be held: files and their bytes. */
export interface Holding {
  count: number;
  bytes: number;
}

/** 413 `upload.limitReached` when one more file (of `incomingBytes`) would pass the bound. */
export function requireRoom(held: Holding, bound: Holding, incomingBytes = 0, newFile = true): void {
  if (held.count + (newFile ? 1 : 0) > bound.count || held.bytes + incomingBytes > bound.bytes) throw new HttpError(413, ERROR_KEYS.uploadLimitReached);
}

/** The body size the client announces; undefined for a chunked body (Fastify and the multipart limits stop that one). */
export function declaredBytes(request: FastifyRequest): number | undefined {
  const length = request.headers['content-length'];
  return length !== undefined && /^\d{1,15}$/.test(length) ? Number(length) : undefined;
}

/** 413 before reading when the announced body is larger than `maxBytes` (plus room for multipart framing). */
export function requireDeclaredSize(request: FastifyRequest, maxBytes: number, framing = 64 * 1024): void {
  const declared = declaredBytes(request);
  if (declared !== undefined && declared > maxBytes + framing) throw new HttpError(413, ERROR_KEYS.payloadTooLarge);
}

/** 415 before reading when the body is not of the route's type. */
export function requireContentType(request: FastifyRequest, type: RegExp): void {
  if (!type.test(request.headers['content-type'] ?? '')) throw new HttpError(415, ERROR_KEYS.unsupportedMediaType);
}

export interface UploadGuard {
  limits: UploadLimits;
  /** 429 `errors.tooManyRequests` when the client's address (its /64) or the credential (one application) sends too often. */
  requireRate(request: FastifyRequest, credential: string): Promise<void>;
  /** 507 `upload.storageFull` while the store has less free space than UPLOAD_MIN_FREE_MB. */
  requireFreeSpace(request: FastifyRequest, store: { freeBytes(): Promise<number | undefined> }): Promise<void>;
}

/** The shared parts of every upload route's admit check; `counters` (Redis) makes the rates count across instances. */
export function createUploadGuard(limits: UploadLimits, counters?: SharedCounters): UploadGuard {
  const shared = (name: string) => (counters ? { counters, name } : undefined);
  const perAddress = createRateLimiter({ limit: limits.perIpPerMinute, windowMs: 60_000 }, shared('upload-address'));
  const perCredential = createRateLimiter({ limit: limits.perTokenPerMinute, windowMs: 60_000 }, shared('upload-credential'));
  return {
    limits,
    async requireRate(request, credential) {
      if (!(await perAddress.allow(addressKey(request.ip))) || !(await perCredential.allow(credential))) throw new HttpError(429, ERROR_KEYS.tooManyRequests);
    },
    async requireFreeSpace(request, store) {
      const free = await store.freeBytes();
      if (free !== undefined && free < limits.minFreeBytes) {
        request.log.warn({ freeBytes: free, minFreeBytes: limits.minFreeBytes }, 'upload refused: the file store is nearly full');
        throw new HttpError(507, ERROR_KEYS.uploadStorageFull);
      }
    },
  };
}
