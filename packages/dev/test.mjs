// `npm test`: every check CI runs, in order, failing fast.
//   1. type check (tsc -b over the project references)   2. lint (biome, zero warnings; knip: dependencies declared = imported)
//   3. node test runner (packages, server on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set)
//   4. build + size budgets   5. Storybook build + its smoke check (stories in Chromium, axe)
//   6. web-test-runner (widgets in Chromium)   7. Playwright end to end
// It ends with one line `Tests: N passed, N failed` summing the four runners.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';
import { nodeTestFiles } from './test-files.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const totals = { passed: 0, failed: 0, flaky: 0 };
const started = Date.now();

function run(label, command, args, { env = {}, count } = {}) {
  return new Promise((resolve) => {
    const stepStart = Date.now();
    console.log(`\n▶ ${label}`);
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const forward = (stream, target) =>
      stream.on('data', (chunk) => {
        output += chunk;
        target.write(chunk);
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('close', (code) => {
      // Strip colour codes before counting (String.fromCharCode keeps the regexp free of control characters).
      const clean = output.replaceAll(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
      if (count) {
        const { passed, failed, flaky = 0 } = count(clean);
        totals.passed += passed + flaky;
        totals.failed += failed;
        totals.flaky += flaky;
      }
      console.log(`◀ ${label}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - stepStart) / 1000).toFixed(1)} s`);
      if (code !== 0) finish(code ?? 1);
      resolve();
    });
  });
}

const lastNumber = (text, regexp) => {
  const all = [...text.matchAll(regexp)];
  return all.length ? Number(all[all.length - 1][1]) : 0;
};
const countNode = (text) => ({ passed: lastNumber(text, /^ℹ pass (\d+)/gm) || lastNumber(text, /^# pass (\d+)/gm), failed: lastNumber(text, /^ℹ fail (\d+)/gm) || lastNumber(text, /^# fail (\d+)/gm) });
const countWtr = (text) => ({ passed: lastNumber(text, /(\d+) passed/g), failed: lastNumber(text, /(\d+) failed/g) });
const countStorybook = (text) => ({ passed: lastNumber(text, /^storybook check: (\d+) passed/gm), failed: lastNumber(text, /^storybook check: \d+ passed, (\d+) failed/gm) });
// Playwright retries once in CI; a test that passed on its retry is counted as passed and named flaky.
const countPlaywright = (text) => ({
  passed: lastNumber(text, /^\s*(\d+) passed/gm),
  failed: lastNumber(text, /^\s*(\d+) failed/gm),
  flaky: lastNumber(text, /^\s*(\d+) flaky/gm),
});

function finish(code) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\nnpm test ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  const flaky = totals.flaky ? ` (${totals.flaky} flaky: passed on retry)` : '';
  console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed${flaky}`);
  process.exit(code);
}

/** The storybook CLI of the stories workspace (npm may install it there rather than at the root). */
function storybookCli() {
  const packageJson = createRequire(join(root, 'stories/package.json')).resolve('storybook/package.json');
  const { bin } = JSON.parse(readFileSync(packageJson, 'utf8'));
  return join(dirname(packageJson), typeof bin === 'string' ? bin : bin.storybook);
}

const chromium = await findChromium();
const browserEnv = { CHROME_PATH: chromium };

await run('type check (tsc -b)', bin('tsc'), ['-b']);
await run('lint (biome)', bin('biome'), ['check', '--error-on-warnings', '.']);
await run('dependencies (knip: every declared one imported, every import declared)', bin('knip'), ['--dependencies', '--no-progress']);
const files = nodeTestFiles(root).map((file) => relative(root, file));
await run(
  `node test runner (${files.length} files${process.env.TEST_DATABASE_URL ? ', PGlite + PostgreSQL' : ', PGlite'})`,
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', ...files],
  { count: countNode },
);
await run('build (rollup)', bin('rollup'), ['-c', '--silent']);
await run('size budgets', process.execPath, [join(root, 'packages/dev/size.mjs')]);
await run('Storybook build', process.execPath, [storybookCli(), 'build', '-c', 'stories/.storybook', '-o', 'dist/storybook', '--quiet', '--loglevel', 'warn', '--disable-telemetry']);
await run('Storybook check (stories in Chromium)', process.execPath, [join(root, 'packages/dev/storybook-check.mjs')], { env: browserEnv, count: countStorybook });
await run('web-test-runner (widgets in Chromium)', bin('web-test-runner'), ['--config', 'widgets/web-test-runner.config.mjs'], { env: browserEnv, count: countWtr });
await run('Playwright end to end', bin('playwright'), ['test', '--config', 'host/playwright.config.ts'], { env: browserEnv, count: countPlaywright });
finish(0);
