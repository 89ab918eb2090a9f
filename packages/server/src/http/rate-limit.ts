import { ERROR_KEYS } from '@rec/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { addressKey } from './client-address';
import { isUnder, pathOf } from './public-paths';

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

/**
 * A named limit published to clients (issue 30): `name` is the policy the RateLimit headers name,
 * `limit` requests per `windowMs`.
 */
export interface RatePolicy {
  name: string;
  limit: number;
  windowMs: number;
}

/** Shared counters that also tell when a window ends (the sign-in store, memory or Redis, has both). */
export interface WindowCounters extends SharedCounters {
  window?(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
}

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window starts again (at least 1 while refused). */
  resetSeconds: number;
}

export interface PolicyLimiter {
  readonly policy: RatePolicy;
  /** Counts a request of `key` where the counters live. */
  take(key: string): Promise<RateDecision>;
  /**
   * Counts a request of `key` and answers 429 with Retry-After when it is over the limit. The
   * RateLimit-Policy and RateLimit headers go on every answer (`always`) or on refusals only (answers
   * a cache may keep, where a count would be stale).
   */
  enforce(reply: FastifyReply, key: string, headers: 'always' | 'refused'): Promise<void>;
}

/**
 * The headers of draft-ietf-httpapi-ratelimit-headers (structured fields): the policy, quota `q`
 * per window `w` seconds, and this client's remaining `r` and seconds to reset `t`.
 */
export function setRateLimitHeaders(reply: FastifyReply, policy: RatePolicy, decision: RateDecision): void {
  reply.header('ratelimit-policy', `"${policy.name}";q=${policy.limit};w=${Math.ceil(policy.windowMs / 1000)}`);
  reply.header('ratelimit', `"${policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`);
}

/**
 * The limiter of a published policy on the shared counters (Redis when REDIS_URL is set, so every
 * instance counts together; memory otherwise). Redis down: this instance's own counter still
 * bounds the client rather than failing the request.
 */
export function createPolicyLimiter(policy: RatePolicy, counters: WindowCounters): PolicyLimiter {
  const local = new Map<string, { start: number; count: number }>();
  function localWindow(key: string): { count: number; resetInMs: number } {
    const now = Date.now();
    if (local.size > 10_000) for (const [k, w] of local) if (now - w.start >= policy.windowMs) local.delete(k);
    const current = local.get(key);
    if (!current || now - current.start >= policy.windowMs) {
      local.set(key, { start: now, count: 1 });
      return { count: 1, resetInMs: policy.windowMs };
    }
    current.count += 1;
    return { count: current.count, resetInMs: current.start + policy.windowMs - now };
  }
  const name = `policy:${policy.name}:`;
  async function counted(key: string): Promise<{ count: number; resetInMs: number }> {
    try {
      if (counters.window) return await counters.window(name + key, policy.windowMs);
      return { count: await counters.hit(name + key, policy.windowMs), resetInMs: policy.windowMs };
    } catch {
      return localWindow(key);
    }
  }
  async function take(key: string): Promise<RateDecision> {
    const { count, resetInMs } = await counted(key);
    return { allowed: count <= policy.limit, remaining: Math.max(0, policy.limit - count), resetSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
  }
  return {
    policy,
    take,
    async enforce(reply, key, headers) {
      const decision = await take(key);
      if (headers === 'always' || !decision.allowed) setRateLimitHeaders(reply, policy, decision);
      if (decision.allowed) return;
      reply.header('retry-after', String(decision.resetSeconds));
      throw new HttpError(429, ERROR_KEYS.tooManyRequests);
    },
  };
}

/** The API a client calls (not the pages and built files, which caches and the CDN serve). */
const API_PREFIXES = ['/v2', '/auth', '/builds'];

/**
 * Anonymous calls to the API (no session, no key: the public widget API, sign-in, links) count per
 * client address, an IPv6 /64 as one (issue 30). Registered after the authentication hook, which
 * has set `request.auth` by then. Generous by design: the board and offer answers are cached, so a
 * busy career site behind one address is far below it. The RateLimit headers go on refusals only
 * (a public answer may be kept by a cache, where a count would be stale).
 */
export function registerAnonymousLimit(app: FastifyInstance, limiter: PolicyLimiter): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.auth || request.pendingAuth) return;
    const path = pathOf(request.url);
    if (!API_PREFIXES.some((prefix) => isUnder(path, prefix))) return;
    await limiter.enforce(reply, addressKey(request.ip), 'refused');
  });
}
