import { ERROR_KEYS } from '@rec/core';
import type { Redis } from 'ioredis';
import { HttpError } from '../../http/errors';
import type { Clock } from './tokens';

/**
 * Counters of a fixed window: `hit` adds one to `key` and answers the count in the current
 * window. In memory for one process; in Redis when several instances share the limits.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<number>;
  /** `hit`, also answering when the window ends: what the RateLimit and Retry-After headers tell (issue 30). */
  window?(key: string, windowMs: number): Promise<WindowCount>;
  close?(): Promise<void>;
}

export interface WindowCount {
  count: number;
  /** Milliseconds until the window of this key starts again. */
  resetInMs: number;
}

export function createMemoryRateLimitStore(now: Clock = () => new Date()): RateLimitStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  let sweeps = 0;
  function count(key: string, windowMs: number): WindowCount {
    const time = now().getTime();
    // Drop expired counters now and then so the map cannot grow without bound.
    if (++sweeps % 1000 === 0) for (const [k, entry] of counters) if (entry.resetAt <= time) counters.delete(k);
    const entry = counters.get(key);
    if (!entry || entry.resetAt <= time) {
      counters.set(key, { count: 1, resetAt: time + windowMs });
      return { count: 1, resetInMs: windowMs };
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - time };
  }
  return {
    async hit(key, windowMs) {
      return count(key, windowMs).count;
    },
    async window(key, windowMs) {
      return count(key, windowMs);
    },
  };
}

/**
 * INCR, and PEXPIRE when the key has no expiry yet (its first hit, or a hit after a crash between
 * the two commands): works on every Redis version, no script needed.
 */
export function createRedisRateLimitStore(redis: Redis, prefix = 'rec:rl:'): RateLimitStore {
  async function count(key: string, windowMs: number): Promise<WindowCount> {
    const name = prefix + key;
    const results = await redis.multi().incr(name).pttl(name).exec();
    const count = results?.[0]?.[1];
    const ttl = results?.[1]?.[1];
    if (typeof count !== 'number' || typeof ttl !== 'number') throw new Error('Redis rate limit: unexpected answer');
    if (ttl < 0) await redis.pexpire(name, windowMs);
    return { count, resetInMs: ttl < 0 ? windowMs : ttl };
  }
  return {
    async hit(key, windowMs) {
      return (await count(key, windowMs)).count;
    },
    window: count,
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface AuthRateLimits {
  perEmail: RateLimitRule;
  perIp: RateLimitRule;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  perEmail: { limit: 5, windowMs: 15 * 60_000 },
  perIp: { limit: 20, windowMs: 15 * 60_000 },
};

/** Counts one attempt of `action` for the email and the IP; 429 once either is over its limit. */
export function createAuthRateLimiter(store: RateLimitStore, limits: AuthRateLimits = DEFAULT_AUTH_RATE_LIMITS) {
  return {
    async check(action: string, email: string, ip: string): Promise<void> {
      const [byIp, byEmail] = await Promise.all([
        store.hit(`${action}:ip:${ip}`, limits.perIp.windowMs),
        store.hit(`${action}:email:${email}`, limits.perEmail.windowMs),
      ]);
      if (byIp > limits.perIp.limit || byEmail > limits.perEmail.limit) throw new HttpError(429, ERROR_KEYS.tooManyRequests);
    },
  };
}
export type AuthRateLimiter = ReturnType<typeof createAuthRateLimiter>;
