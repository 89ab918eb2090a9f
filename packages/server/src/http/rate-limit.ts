import { ERROR_KEYS } from '@rec/core';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { addressKey } from './client-address';

export interface RateLimit {
  /** Requests allowed per key within the window. */
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts a request of `key`; false when it is over the limit. */
  hit(key: string, now?: number): boolean;
  /** Counts a request of `key` where the counters live (Redis when shared); false when it is over the limit. */
  allow(key: string): Promise<boolean>;
  /** A pre-handler answering 429 `errors.tooManyRequests` per client address (an IPv6 /64 counts as one). */
  guard(request: FastifyRequest): Promise<void>;
}

/** Counters every instance shares (Redis): `hit` adds one and answers the count in the window. */
export interface SharedCounters {
  hit(key: string, windowMs: number): Promise<number>;
}

/**
 * A fixed-window counter per key. In this process's memory by default; with `shared` (Redis,
 * when REDIS_URL is set) the guard counts in the store every instance uses, so a client behind a
 * load balancer gets `limit` requests in all, not `limit` per instance. `name` keeps the limiters
 * of different routes apart in the shared store.
 */
export function createRateLimiter({ limit, windowMs }: RateLimit, shared?: { counters: SharedCounters; name: string }): RateLimiter {
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

  async function allowed(key: string): Promise<boolean> {
    if (!shared) return hit(key);
    // Redis down: this instance's own counter still bounds the client rather than failing the request.
    return shared.counters.hit(`public:${shared.name}:${key}`, windowMs).then(
      (count) => count <= limit,
      () => hit(key),
    );
  }

  return {
    hit,
    allow: allowed,
    async guard(request) {
      if (!(await allowed(addressKey(request.ip)))) throw new HttpError(429, ERROR_KEYS.tooManyRequests);
    },
  };
}
