import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import type { HttpError } from './errors';
import { createRateLimiter } from './rate-limit';

describe('createRateLimiter', () => {
  it('allows `limit` hits per key and window, then refuses until the window ends', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000 });
    assert.deepEqual([limiter.hit('a', 0), limiter.hit('a', 10), limiter.hit('a', 20), limiter.hit('b', 20)], [true, true, false, true]);
    assert.equal(limiter.hit('a', 1000), true, 'a new window');
  });
});

describe('createRateLimiter with shared counters', () => {
  it('counts in the shared store, so two instances together allow `limit` requests', async () => {
    const counts = new Map<string, number>();
    const counters = {
      async hit(key: string) {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return counts.get(key) ?? 0;
      },
    };
    const first = createRateLimiter({ limit: 3, windowMs: 60_000 }, { counters, name: 'upload' });
    const second = createRateLimiter({ limit: 3, windowMs: 60_000 }, { counters, name: 'upload' });
    const request = (ip: string) => ({ ip }) as FastifyRequest;
    await first.guard(request('10.0.0.1'));
    await second.guard(request('10.0.0.1'));
    await first.guard(request('10.0.0.1'));
    await assert.rejects(second.guard(request('10.0.0.1')), (error: HttpError) => error.statusCode === 429);
    await second.guard(request('10.0.0.2'));
    assert.deepEqual([...counts.keys()], ['public:upload:10.0.0.1', 'public:upload:10.0.0.2']);
  });

  it('falls back to its own counter when the shared store fails', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 }, { counters: { hit: () => Promise.reject(new Error('down')) }, name: 'apply' });
    await limiter.guard({ ip: '10.0.0.3' } as FastifyRequest);
    await assert.rejects(limiter.guard({ ip: '10.0.0.3' } as FastifyRequest), (error: HttpError) => error.statusCode === 429);
  });
});
