import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without types (packages/dev is not a TypeScript project)
import { batchesOf, batchPool } from './node-lane.mjs';

const sizes: Record<string, number> = { 'a.test.ts': 10, 'b.test.ts': 900, 'c.test.ts': 50, 'd.test.ts': 700, 'e.test.ts': 20 };
const weigh = (file: string) => sizes[file] ?? 0;

/** A batch runner whose batches end when the test says so, recording what ran at once. */
function controlledRunner() {
  const ends: Array<() => void> = [];
  const started: number[] = [];
  let active = 0;
  let peak = 0;
  return {
    started,
    get peak() {
      return peak;
    },
    run: (_batch: string[], index: number) =>
      new Promise<void>((resolve) => {
        started.push(index);
        active += 1;
        peak = Math.max(peak, active);
        ends[index] = () => {
          active -= 1;
          resolve();
        };
      }),
    end: (index: number) => ends[index]?.(),
  };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('node lane batches', () => {
  it('cuts the files into batches, largest first, each batch in sorted order, every file once', () => {
    const batches: string[][] = batchesOf(Object.keys(sizes), 2, weigh);
    assert.deepEqual(batches, [['b.test.ts', 'd.test.ts'], ['c.test.ts', 'e.test.ts'], ['a.test.ts']]);
    assert.deepEqual(batches.flat().sort(), Object.keys(sizes).sort());
    assert.deepEqual(batchesOf([], 4, weigh), []);
  });

  it('runs one batch at a time until widened, then as many as allowed, and ends after the last', async () => {
    const runner = controlledRunner();
    const pool = batchPool([['a'], ['b'], ['c'], ['d']], runner.run, 1);
    let done = false;
    pool.done.then(() => {
      done = true;
    });
    await tick();
    assert.deepEqual(runner.started, [0]);
    runner.end(0);
    await tick();
    assert.deepEqual(runner.started, [0, 1]);
    pool.widen(2);
    await tick();
    assert.deepEqual(runner.started, [0, 1, 2], 'widening starts a second batch at once');
    assert.equal(runner.peak, 2);
    runner.end(1);
    await tick();
    assert.deepEqual(runner.started, [0, 1, 2, 3]);
    runner.end(2);
    await tick();
    assert.equal(done, false, 'a batch is still running');
    runner.end(3);
    await tick();
    assert.equal(done, true);
    assert.equal(runner.peak, 2);
  });

  it('never narrows, and an empty queue is done at once', async () => {
    const runner = controlledRunner();
    const pool = batchPool([['a'], ['b'], ['c']], runner.run, 2);
    pool.widen(1);
    await tick();
    assert.deepEqual(runner.started, [0, 1]);
    for (const index of [0, 1, 2]) {
      runner.end(index);
      await tick();
    }
    await pool.done;
    let emptyDone = false;
    await batchPool([], runner.run, 1).done.then(() => {
      emptyDone = true;
    });
    assert.equal(emptyDone, true);
  });
});
