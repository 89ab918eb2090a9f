import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRateLimiter } from './rate-limit';

describe('createRateLimiter', () => {
  it('allows `limit` hits per key and window, then refuses until the window ends', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000 });
    assert.deepEqual([limiter.hit('a', 0), limiter.hit('a', 10), limiter.hit('a', 20), limiter.hit('b', 20)], [true, true, false, true]);
    assert.equal(limiter.hit('a', 1000), true, 'a new window');
  });
});
