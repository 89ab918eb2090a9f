import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { HttpError } from '../../http/errors';
import { createAuthRateLimiter, createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from './rate-limit';

function checkStore(name: string, open: () => Promise<{ store: RateLimitStore; close(): Promise<void> }>, wait: (ms: number) => Promise<void>) {
  it(`${name}: counts per key within the window, then starts again`, async () => {
    const { store, close } = await open();
    try {
      const key = `k-${randomBytes(4).toString('hex')}`;
      assert.equal(await store.hit(key, 200), 1);
      assert.equal(await store.hit(key, 200), 2);
      assert.equal(await store.hit(`${key}-other`, 200), 1);
      await wait(250);
      assert.equal(await store.hit(key, 200), 1);
    } finally {
      await close();
    }
  });
}

describe('rate-limit stores', () => {
  let time = Date.now();
  checkStore(
    'memory',
    async () => ({ store: createMemoryRateLimitStore(() => new Date(time)), close: async () => undefined }),
    async (ms) => {
      time += ms;
    },
  );

  const redisUrl = process.env.TEST_REDIS_URL?.trim();
  describe('redis', { skip: redisUrl ? false : 'TEST_REDIS_URL is not set' }, () => {
    checkStore(
      'redis',
      async () => {
        const store = createRedisRateLimitStore(new Redis(redisUrl ?? ''), `rec:test:${randomBytes(4).toString('hex')}:`);
        return { store, close: async () => store.close?.() };
      },
      (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    );
  });

  it('answers 429 on the 6th attempt for one email, and on the 21st for one IP', async () => {
    const limiter = createAuthRateLimiter(createMemoryRateLimitStore());
    for (let n = 0; n < 5; n++) await limiter.check('sign-in', 'a@example.com', '1.1.1.1');
    await assert.rejects(limiter.check('sign-in', 'a@example.com', '1.1.1.2'), (error: HttpError) => error.statusCode === 429);
    await limiter.check('magic-link', 'a@example.com', '1.1.1.3');
    for (let n = 0; n < 20; n++) await limiter.check('recover', `u${n}@example.com`, '2.2.2.2');
    await assert.rejects(limiter.check('recover', 'fresh@example.com', '2.2.2.2'), (error: HttpError) => error.statusCode === 429);
  });
});
