import { ERROR_KEYS } from '@rec/core';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export interface RateLimit {
  /** Requests allowed per key within the window. */
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts a request of `key`; false when it is over the limit. */
  hit(key: string, now?: number): boolean;
  /** A pre-handler answering 429 `errors.tooManyRequests` per client IP. */
  guard(request: FastifyRequest): Promise<void>;
}

/**
 * A fixed-window counter per key, in this process's memory. Enough for one API process; when
 * the API scales out the counters move to Redis (same interface).
 */
export function createRateLimiter({ limit, windowMs }: RateLimit): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = 0;

  function hit(key: string, now = Date.now()): boolean {
    // Forget finished windows now and then, so the map cannot grow without bound.
    if (now - lastSweep > windowMs) {
      for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
      lastSweep = now;
    }
    const current = windows.get(key);
    if (!current || now - current.start >= windowMs) {
      windows.set(key, { start: now, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= limit;
  }

  return {
    hit,
    async guard(request) {
      if (!hit(request.ip)) throw new HttpError(429, ERROR_KEYS.tooManyRequests);
    },
  };
}
