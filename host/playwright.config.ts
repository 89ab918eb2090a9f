import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
// @ts-expect-error plain ESM helper without types
import { CHROMIUM_ARGS } from '../packages/dev/chromium.mjs';

// End-to-end tests run against the real server on a fresh embedded database; the
// build (dist/) must exist: `npm test` builds before it runs Playwright.
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3107);
const dataDir = join(tmpdir(), `rec-e2e-${port}`);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  // One retry in CI keeps a machine hiccup from blocking a landing; a retried test is reported
  // as flaky in the output and in `npm test`'s totals line, so it stays visible.
  retries: process.env.CI ? 1 : 0,
  // A journey of many pages can pass 30 s when both cores are busy (the node lane runs beside it);
  // the bound is a safety net, not a speed bar (budgets live in `npm run bench`).
  timeout: 60_000,
  // A check waits for what a user sees; 10 s (Playwright's default is 5) because the browser lane shares
  // 2 cores with the node tests in CI, where a page can take seconds to settle without being wrong.
  // Checks that are product bars (realtime delivery, mail sent) keep their own shorter timeouts.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: { executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  webServer: {
    command: `rm -rf "${dataDir}" && node --import tsx packages/server/src/main.ts`,
    cwd: root,
    url: `http://127.0.0.1:${port}/builds/latest.json`,
    reuseExistingServer: false,
    // The seeded start-up takes ~20 s on an idle machine and far longer under load.
    timeout: 180_000,
    // Passkeys need a host name, never an IP address (WebAuthn's RP ID): passkeys.spec.ts browses
    // http://localhost:<port>, and the server binds passkeys to that origin (docs/operations.md).
    // Every spec's visitors, candidates and recruiters share 127.0.0.1: the per-address limit for anonymous
    // callers (issue 30, 1200 a minute) would count a whole suite as one visitor. Its own tests are node tests.
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', PASSKEY_ORIGIN: `http://localhost:${port}`, ANONYMOUS_REQUESTS_PER_MINUTE: '0' },
  },
});
