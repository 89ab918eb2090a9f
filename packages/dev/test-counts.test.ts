import assert from 'node:assert/strict';
import { it } from 'node:test';
// @ts-expect-error: a plain .mjs script without types (packages/dev is not a TypeScript project)
import { countPlaywright } from './test.mjs';

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
  });
});

it('names no flaky test when there is none', () => {
  assert.deepEqual(countPlaywright('\n  12 passed (1.0m)\n'), { passed: 12, failed: 0, flaky: 0, flakyNames: [] });
});
