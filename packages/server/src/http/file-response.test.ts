import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRange } from './file-response';

describe('parseRange', () => {
  it('reads one byte range against the size, and ignores what it cannot honour', () => {
    assert.deepEqual(parseRange('bytes=0-99', 1000), { start: 0, end: 99 });
    assert.deepEqual(parseRange('bytes=900-', 1000), { start: 900, end: 999 });
    assert.deepEqual(parseRange('bytes=990-5000', 1000), { start: 990, end: 999 });
    assert.deepEqual(parseRange('bytes=-100', 1000), { start: 900, end: 999 });
    assert.deepEqual(parseRange('bytes=-5000', 1000), { start: 0, end: 999 });
    assert.equal(parseRange('bytes=1000-', 1000), 'unsatisfiable');
    assert.equal(parseRange('bytes=-0', 1000), 'unsatisfiable');
    assert.equal(parseRange('bytes=0-', 0), 'unsatisfiable');
    for (const ignored of [undefined, '', 'bytes=', 'bytes=-', 'bytes=5-1', 'bytes=0-1,3-4', 'items=0-1', 'bytes=a-b']) {
      assert.equal(parseRange(ignored, 1000), undefined, String(ignored));
    }
  });
});
