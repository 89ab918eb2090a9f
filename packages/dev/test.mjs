// `npm test`: every check CI runs, failing fast.
//   1. type check (tsc -b over the project references), lint (biome, zero warnings) and the dependency
//      check (knip: every declared dependency imported, every import declared), side by side
//   2. then two lanes at once, as they share nothing (the node tests build no dist/, use their own
//      databases and ports):
//      node lane:    node test runner (packages, server on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set;
//                    the s3 file store against a local s3rver started here, or S3_TEST_URL)
//      browser lane: build + size budgets -> Storybook build + its smoke check (stories in Chromium, axe)
//                    -> web-test-runner (widgets in Chromium) -> Playwright end to end
// Each runner's lines are prefixed with its name, so the lanes stay readable when they interleave;
// the first failure stops the other runners. It ends with each runner's time and one line
// `Tests: N passed, N failed, N flaky` summing the four counting runners (flaky: passed only on a retry).
//
// The node lane runs its files in batches of 4 (node-lane.mjs): TEST_NODE_CONCURRENCY (default 1)
// batches at once while the browser lane runs (on 2 cores, 1 leaves a core to Playwright's server and
// Chromium, whose timings must not starve), then one per core once the browser lane has finished.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';
import { startS3TestServer } from './s3-test-server.mjs';
import { batchesOf, batchPool } from './node-lane.mjs';
import { nodeTestFiles } from './test-files.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const totals = { passed: 0, failed: 0, flaky: 0 };
/** Tests that passed only on their retry, by name (Playwright's list under "N flaky"). */
const flakyTests = [];
/** Tests that failed, by name and place, so a CI log's tail says what to look at. */
const failedTests = [];
/** Each runner's time, in the order they finished. */
const timings = [];
/** Runners still going: stopped when another one fails. */
const running = new Set();
const started = Date.now();
let finished = false;

/** Writes `text` line by line with `[tag] ` in front; a partial last line waits for the rest. */
function prefixer(tag, target) {
  let pending = '';
  return {
    write(chunk) {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) target.write(`[${tag}] ${line}\n`);
    },
    flush() {
      if (pending) target.write(`[${tag}] ${pending}\n`);
      pending = '';
    },
  };
}

/** Runs one runner; `timing: false` leaves it out of the closing times (a batch of a lane that is timed as a whole). */
function run(label, tag, command, args, { env = {}, count, timing = true } = {}) {
  return new Promise((resolve) => {
    if (finished) return resolve();
    const stepStart = Date.now();
    console.log(`[${tag}] ▶ ${label}`);
    // Its own process group, so a failure elsewhere stops it with everything it started (servers, browsers).
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    let output = '';
    const forward = (stream, target) => {
      const out = prefixer(tag, target);
      stream.on('data', (chunk) => {
        output += chunk;
        out.write(String(chunk));
      });
      stream.on('end', () => out.flush());
    };
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('close', (code, signal) => {
      running.delete(child);
      if (finished) return resolve();
      // Strip colour codes before counting (String.fromCharCode keeps the regexp free of control characters).
      const clean = output.replaceAll(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
      if (count) {
        const { passed, failed, flaky = 0, flakyNames = [], failedNames = [] } = count(clean);
        totals.passed += passed + flaky;
        totals.failed += failed;
        totals.flaky += flaky;
        flakyTests.push(...flakyNames);
        failedTests.push(...failedNames.map((name) => `[${tag}] ${name}`));
      }
      const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
      if (timing) timings.push(`${label}: ${seconds} s`);
      console.log(`[${tag}] ◀ ${label}: ${code === 0 ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      if (code !== 0) finish(code ?? 1);
      resolve();
    });
  });
}

const lastNumber = (text, regexp) => {
  const all = [...text.matchAll(regexp)];
  return all.length ? Number(all[all.length - 1][1]) : 0;
};
export const countNode = (text) => ({
  passed: lastNumber(text, /^ℹ pass (\d+)/gm) || lastNumber(text, /^# pass (\d+)/gm),
  failed: lastNumber(text, /^ℹ fail (\d+)/gm) || lastNumber(text, /^# fail (\d+)/gm),
  failedNames: failedNodeTests(text),
});
/**
 * The failing tests of node's TAP output: each `not ok N - name` with the `location` of its YAML block;
 * a suite that failed only because a test in it did (`subtestsFailed`) is not named again.
 */
export function failedNodeTests(text) {
  const lines = text.split('\n');
  const names = [];
  lines.forEach((line, index) => {
    const match = /^\s*not ok \d+ - (.*)$/.exec(line);
    if (!match) return;
    const block = [];
    for (let next = index + 1; next < lines.length && !/^\s*\.\.\.\s*$/.test(lines[next]); next += 1) block.push(lines[next]);
    if (block.some((entry) => /failureType: 'subtestsFailed'/.test(entry))) return;
    const location = block.map((entry) => /location: '(.*)'/.exec(entry)?.[1]).find(Boolean);
    names.push(location ? `${match[1]} (${relative(root, location)})` : match[1]);
  });
  return names;
}
const countWtr = (text) => ({ passed: lastNumber(text, /(\d+) passed/g), failed: lastNumber(text, /(\d+) failed/g) });
const countStorybook = (text) => ({ passed: lastNumber(text, /^storybook check: (\d+) passed/gm), failed: lastNumber(text, /^storybook check: \d+ passed, (\d+) failed/gm) });
/**
 * Playwright retries once in CI; a test that passed on its retry is counted as passed and named flaky
 * (the indented lines under its summary's "N flaky").
 */
export const countPlaywright = (text) => {
  const flaky = lastNumber(text, /^\s*(\d+) flaky\s*$/gm);
  const failed = lastNumber(text, /^\s*(\d+) failed\s*$/gm);
  return {
    passed: lastNumber(text, /^\s*(\d+) passed/gm),
    failed,
    flaky,
    flakyNames: namesUnder(text, 'flaky', flaky),
    failedNames: namesUnder(text, 'failed', failed),
  };
};

/** The `count` indented test names Playwright lists under its summary's last "N flaky" or "N failed" line. */
function namesUnder(text, word, count) {
  if (!count) return [];
  const list = text.split(new RegExp(`^\\s*\\d+ ${word}\\s*$`, 'm')).at(-1) ?? '';
  return list
    .split('\n')
    .slice(1)
    .filter((line) => /^\s+\S/.test(line) && !/^\s*\d+ (passed|failed|flaky|skipped|did not run|interrupted)/.test(line))
    .slice(0, count)
    .map((line) => line.trim());
}

function finish(code) {
  if (finished) return;
  finished = true;
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\nRunner times:\n${timings.map((line) => `  ${line}`).join('\n')}`);
  console.log(`\nnpm test ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  if (flakyTests.length || totals.flaky) {
    console.log(`FLAKY (failed first, passed only on their retry; count as failures for a clean run):`);
    for (const name of flakyTests) console.log(`  ${name}`);
  }
  if (failedTests.length) {
    console.log('FAILED:');
    for (const name of failedTests) console.log(`  ${name}`);
  }
  console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.flaky} flaky`);
  process.exit(code);
}

/** The storybook CLI of the stories workspace (npm may install it there rather than at the root). */
function storybookCli() {
  const packageJson = createRequire(join(root, 'stories/package.json')).resolve('storybook/package.json');
  const { bin } = JSON.parse(readFileSync(packageJson, 'utf8'));
  return join(dirname(packageJson), typeof bin === 'string' ? bin : bin.storybook);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => finish(130));
  const chromium = await findChromium();
  const browserEnv = { CHROME_PATH: chromium };
  const nodeConcurrency = Number(process.env.TEST_NODE_CONCURRENCY ?? 1) || 1;

  await Promise.all([
    run('type check (tsc -b)', 'tsc', bin('tsc'), ['-b']),
    run('lint (biome)', 'lint', bin('biome'), ['check', '--error-on-warnings', '.']),
    run('dependencies (knip: every declared one imported, every import declared)', 'knip', bin('knip'), ['--dependencies', '--no-progress']),
  ]);

  const files = nodeTestFiles(root).map((file) => relative(root, file));
  // The s3 file store's tests need a bucket: a local S3-compatible server unless S3_TEST_URL names one.
  const s3 = process.env.S3_TEST_URL ? undefined : await startS3TestServer();
  process.on('exit', () => s3?.removeFiles());
  const batches = batchesOf(files, 4);
  const nodeLabel = `node test runner (${files.length} files in ${batches.length} batches, ${nodeConcurrency} at once then one per core${process.env.TEST_DATABASE_URL ? ', PGlite + PostgreSQL' : ', PGlite'}, s3 ${s3 ? 'on a local s3rver' : 'on S3_TEST_URL'})`;
  console.log(`[node] ▶ ${nodeLabel}`);
  const nodeStart = Date.now();
  const nodePool = batchPool(
    batches,
    (batch, index) =>
      run(`node batch ${index + 1}/${batches.length}: ${batch.map((file) => file.replace(/^.*\//, '')).join(' ')}`, 'node', process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...batch], {
        count: countNode,
        env: s3 ? { S3_TEST_URL: s3.url } : {},
        timing: false,
      }),
    nodeConcurrency,
  );
  let nodeLaneDone = false;
  const nodeLane = nodePool.done.then(() => {
    nodeLaneDone = true;
    const seconds = ((Date.now() - nodeStart) / 1000).toFixed(1);
    if (!finished) timings.push(`${nodeLabel}: ${seconds} s`);
    return s3?.stop();
  });
  const browserLane = (async () => {
    await run('build (rollup)', 'build', bin('rollup'), ['-c', '--silent']);
    await run('size budgets', 'size', process.execPath, [join(root, 'packages/dev/size.mjs')]);
    await run('Storybook build', 'storybook', process.execPath, [storybookCli(), 'build', '-c', 'stories/.storybook', '-o', 'dist/storybook', '--quiet', '--loglevel', 'warn', '--disable-telemetry']);
    await run('Storybook check (stories in Chromium)', 'storybook', process.execPath, [join(root, 'packages/dev/storybook-check.mjs')], { env: browserEnv, count: countStorybook });
    await run('web-test-runner (widgets in Chromium)', 'wtr', bin('web-test-runner'), ['--config', 'widgets/web-test-runner.config.mjs'], { env: browserEnv, count: countWtr });
    // One Playwright run: one server (playwright.config.ts's webServer) for every spec.
    await run('Playwright end to end', 'e2e', bin('playwright'), ['test', '--config', 'host/playwright.config.ts'], { env: browserEnv, count: countPlaywright });
  })();
  // The browser lane's core is free from here on: the node lane takes it.
  browserLane.then(() => {
    if (!finished && !nodeLaneDone) console.log(`[node] browser lane done: up to ${Math.max(nodeConcurrency, availableParallelism())} batches at once`);
    nodePool.widen(Math.max(nodeConcurrency, availableParallelism()));
  });
  await Promise.all([nodeLane, browserLane]);
  finish(0);
}
