// The node lane as a queue of small batches of test files, run by a pool whose width can grow.
//
// Why: the node tests and the browser lane share 2 cores. While the browser lane runs (Playwright's
// server and Chromium), one node test process at a time keeps its timings from starving; once it has
// finished, a second core sits idle for the rest of the node lane (about a fifth of it). One
// `node --test` over every file cannot change its concurrency on the way, so the files are cut into
// batches and the pool starts a second batch at once when it is widened.
import { statSync } from 'node:fs';

/**
 * `files` cut into batches of at most `size`, largest files first (a file's size stands in for its
 * duration: the long suites start early, and the small ones fill the end, where the pool is widest).
 * Each batch keeps the sorted order of its files, so a log reads in a stable order.
 */
export function batchesOf(files, size, weigh = (file) => statSync(file).size) {
  const weighed = files.map((file) => ({ file, weight: weigh(file) })).sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file));
  const batches = [];
  for (let index = 0; index < weighed.length; index += size) {
    batches.push(
      weighed
        .slice(index, index + size)
        .map((entry) => entry.file)
        .sort(),
    );
  }
  return batches;
}

/**
 * Runs `runBatch(batch, index)` for every batch, `width` at a time; `widen(n)` lets up to `n` run at
 * once from then on. Resolves when every batch has finished; a batch's failure is its runner's
 * business (test.mjs stops everything on the first one).
 */
export function batchPool(batches, runBatch, width = 1) {
  let next = 0;
  let active = 0;
  let limit = Math.max(1, width);
  let resolveAll;
  const done = new Promise((resolve) => {
    resolveAll = resolve;
  });
  const fill = () => {
    while (active < limit && next < batches.length) {
      const index = next;
      next += 1;
      active += 1;
      Promise.resolve(runBatch(batches[index], index)).finally(() => {
        active -= 1;
        fill();
      });
    }
    if (active === 0 && next >= batches.length) resolveAll();
  };
  fill();
  return {
    done,
    widen(n) {
      limit = Math.max(limit, n);
      fill();
    },
  };
}
