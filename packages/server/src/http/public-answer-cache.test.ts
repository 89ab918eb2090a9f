import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type AnswerSource, createPublicAnswerCache, preferredCoding } from './public-answer-cache';

const source = (body: string, companyId = 'a'): AnswerSource => ({ companyId, body, contentType: 'application/json' });

/** A load the test finishes by hand, counting how often it was started. */
function manualLoad() {
  let calls = 0;
  let finish: (value: AnswerSource) => void = () => {};
  return {
    get calls() {
      return calls;
    },
    load: () => {
      calls += 1;
      return new Promise<AnswerSource>((resolve) => {
        finish = resolve;
      });
    },
    finish: (value: AnswerSource) => finish(value),
  };
}

describe('public answer cache', () => {
  it('shares one load between concurrent misses and serves the kept answer afterwards', async () => {
    const cache = createPublicAnswerCache();
    const loader = manualLoad();
    const first = cache.get('k', loader.load);
    const second = cache.get('k', loader.load);
    loader.finish(source('[1]'));
    assert.equal(await first, await second);
    assert.equal(loader.calls, 1);
    const third = await cache.get('k', () => Promise.reject(new Error('must not load')));
    assert.equal(third.body.toString(), '[1]');
    assert.equal(third.etag, (await first).etag, 'the ETag is computed once, with the body');
  });

  it('never keeps nor shares a load that started before an invalidation', async () => {
    const cache = createPublicAnswerCache();
    const before = manualLoad();
    const stale = cache.get('k', before.load);
    cache.invalidateCompany('a');
    const after = manualLoad();
    const fresh = cache.get('k', after.load);
    assert.equal(after.calls, 1, 'a request after the write does not join the older load');
    before.finish(source('"old"'));
    after.finish(source('"new"'));
    assert.equal((await stale).body.toString(), '"old"');
    assert.equal((await fresh).body.toString(), '"new"');
    assert.equal((await cache.get('k', () => Promise.reject(new Error('kept')))).body.toString(), '"new"');
  });

  it('keeps no failed load, drops only the written company, and expires entries', async () => {
    let time = 0;
    const cache = createPublicAnswerCache({ maxAgeMs: 1000, now: () => time });
    await assert.rejects(cache.get('missing', () => Promise.reject(new Error('404'))));
    assert.equal(cache.size, 0);
    await cache.get('a1', async () => source('1', 'a'));
    await cache.get('b1', async () => source('2', 'b'));
    cache.invalidateCompany('a');
    assert.equal(cache.size, 1);
    assert.equal((await cache.get('b1', () => Promise.reject(new Error('kept')))).body.toString(), '2');
    time = 1000;
    assert.equal((await cache.get('b1', async () => source('3', 'b'))).body.toString(), '3', 'expired: loaded again');
  });

  it('evicts the least recently used answer past its count or byte bound', async () => {
    const byCount = createPublicAnswerCache({ maxEntries: 2 });
    await byCount.get('x', async () => source('x'));
    await byCount.get('y', async () => source('y'));
    await byCount.get('x', () => Promise.reject(new Error('kept')));
    await byCount.get('z', async () => source('z'));
    assert.equal(byCount.size, 2);
    assert.equal((await byCount.get('x', () => Promise.reject(new Error('x was used last')))).body.toString(), 'x');
    assert.equal((await byCount.get('y', async () => source('y again'))).body.toString(), 'y again', 'y was evicted');

    const byBytes = createPublicAnswerCache({ maxBytes: 2500 });
    await byBytes.get('one', async () => source('a'.repeat(1000)));
    await byBytes.get('two', async () => source('b'.repeat(1000)));
    assert.equal(byBytes.size, 1, '2 × 1000 bytes × 1.5 is over 2500');
  });

  it('compresses once per coding', async () => {
    const cache = createPublicAnswerCache();
    const answer = await cache.get('k', async () => source(JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ i })))));
    assert.equal(answer.encoded('br'), answer.encoded('br'), 'the same promise: encoded once');
    assert.ok((await answer.encoded('gzip')).length < answer.body.length);
  });
});

describe('preferredCoding', () => {
  it('prefers br, then gzip, and honours q=0 and *', () => {
    assert.equal(preferredCoding('gzip, deflate, br, zstd'), 'br');
    assert.equal(preferredCoding('gzip'), 'gzip');
    assert.equal(preferredCoding('br;q=0, gzip'), 'gzip');
    assert.equal(preferredCoding('gzip;q=1, br;q=0.5'), 'gzip');
    assert.equal(preferredCoding('*'), 'br');
    assert.equal(preferredCoding('*, br;q=0'), 'gzip');
    assert.equal(preferredCoding('identity'), undefined);
    assert.equal(preferredCoding(undefined), undefined);
    assert.equal(preferredCoding('gzip;q=0'), undefined);
  });
});
