// biome-ignore lint/style/noRestrictedImports: the one place that extends Playwright's test
import { test as base, expect } from '@playwright/test';

/** Back-office pages: a CSP violation there is a bug of ours (a blocked stylesheet, script or frame). */
export const BACK_OFFICE_PAGE = /^\/(recruiter|admin|account-select)(\/|$)/;

/** What the guard saw (`page directive blocked sample` per line), and the refusals a test expects. */
export interface CspGuard {
  violations: string[];
  /** A refusal the test causes on purpose (pasting styled HTML from Word): not a failure. */
  allow(pattern: RegExp): void;
}

/**
 * Playwright's `test` with one automatic check (issue 26): every `securitypolicyviolation` that a
 * back-office page of the test's browser context reports fails the test, named with its page and
 * directive, unless the test allowed it. Our pages' policy is strict (no inline styles or scripts);
 * a library that injects a `<style>` shows as an empty box under it, which no visual assertion
 * would catch. Specs import `test` from here (biome refuses `test` from '@playwright/test' in
 * host/e2e), so later specs are covered too. Reports arrive asynchronously: the check runs when the
 * test has ended.
 */
export const test = base.extend<{ csp: CspGuard }>({
  csp: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const allowed: RegExp[] = [];
      await context.exposeBinding('__recCspViolation', (_source, text: string) => {
        violations.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __recCspViolation?: (text: string) => void }).__recCspViolation;
          report?.(`${location.pathname} ${event.effectiveDirective} ${event.blockedURI || 'inline'} ${event.sample}`.trim());
        });
      });
      await use({ violations, allow: (pattern) => allowed.push(pattern) });
      expect(
        violations.filter((line) => BACK_OFFICE_PAGE.test(line.split(' ')[0] ?? '') && !allowed.some((pattern) => pattern.test(line))),
        'Content-Security-Policy violations on back-office pages',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
