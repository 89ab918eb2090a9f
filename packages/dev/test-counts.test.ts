import assert from 'node:assert/strict';
import { it } from 'node:test';
// @ts-expect-error: a plain .mjs script without types (packages/dev is not a TypeScript project)
import { countNode, countPlaywright } from './test.mjs';

/** The end of Playwright's list reporter after a run where one test passed only on its retry. */
const SUMMARY = `
  1) host/e2e/candidate.spec.ts:53:5 › the candidate page › goes to the previous candidate ─────────

    Error: expect(page).toHaveURL(expected) failed

  1 flaky
    host/e2e/candidate.spec.ts:53:5 › the candidate page › goes to the previous candidate ──────────
  2 skipped
  190 passed (8.4m)
`;

it('counts a test that passed only on its retry as flaky, by name, and as passed (not twice)', () => {
  const counts = countPlaywright(SUMMARY);
  assert.deepEqual(counts, {
    passed: 190,
    failed: 0,
    flaky: 1,
    flakyNames: ['host/e2e/candidate.spec.ts:53:5 › the candidate page › goes to the previous candidate ──────────'],
    failedNames: [],
  });
});

it('names no flaky test when there is none', () => {
  assert.deepEqual(countPlaywright('\n  12 passed (1.0m)\n'), { passed: 12, failed: 0, flaky: 0, flakyNames: [], failedNames: [] });
});

it('names the tests that failed after their retry, apart from the flaky ones', () => {
  const text = `
  1 failed
    host/e2e/offer.spec.ts:10:5 › the offer › applies ─────────
  1 flaky
    host/e2e/board.spec.ts:20:5 › the board › filters ─────────
  40 passed (2.0m)
`;
  const counts = countPlaywright(text);
  assert.equal(counts.failed, 1);
  assert.deepEqual(counts.failedNames, ['host/e2e/offer.spec.ts:10:5 › the offer › applies ─────────']);
  assert.deepEqual(counts.flakyNames, ['host/e2e/board.spec.ts:20:5 › the board › filters ─────────']);
});

/** node --test's TAP output with one failing test inside a suite (the suite fails because of it). */
const TAP = `
# Subtest: the suite
    # Subtest: passes
    ok 1 - passes
      ---
      duration_ms: 1.2
      ...
    # Subtest: breaks
    not ok 2 - breaks
      ---
      duration_ms: 3.4
      location: '${process.cwd()}/packages/server/src/x.test.ts:12:3'
      failureType: 'testCodeFailure'
      error: 'Expected values to be strictly equal'
      ...
    1..2
not ok 1 - the suite
  ---
  duration_ms: 5.1
  type: 'suite'
  location: '${process.cwd()}/packages/server/src/x.test.ts:5:1'
  failureType: 'subtestsFailed'
  error: '1 subtest failed'
  ...
# pass 1
# fail 1
`;

it('names a failing node test with its file and line, not the suite that failed because of it', () => {
  const counts = countNode(TAP);
  assert.equal(counts.passed, 1);
  assert.equal(counts.failed, 1);
  assert.deepEqual(counts.failedNames, ['breaks (packages/server/src/x.test.ts:12:3)']);
});
