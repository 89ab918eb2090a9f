// `npm start` builds only when the build's inputs changed since the last build it made.
// A rebuild of the widgets and the host takes 40 s or more; a restart on an unchanged checkout
// should not pay it. The inputs are hashed by content (a fresh clone or a `git checkout` changes
// modification times, not content), and the hash is written next to the build only after
// rollup succeeded, so an interrupted build is redone. `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const stampFile = join(root, 'dist/build-inputs.json');

/** What rollup reads: the client packages, widgets, host, locales and the build's own config. */
const INPUT_ROOTS = ['packages', 'widgets', 'host', 'locales', 'rollup.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
/** Never bundled: the server, tests, generated output and local state. */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', '.tsbuild', 'e2e', 'test-results', 'server']);
const SKIP_FILE = /\.(test|browser\.test)\.tsx?$|\.tsbuildinfo$/;

function listFiles(base, path, found) {
  const full = join(base, path);
  if (!existsSync(full)) return found;
  const entries = readdirSync(full, { withFileTypes: true });
  for (const entry of entries) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) listFiles(base, child, found);
    } else if (!SKIP_FILE.test(entry.name)) found.push(child);
  }
  return found;
}

/** Content hash of every build input under `base` (the repository root). */
export function buildInputsHash(base = root) {
  const files = INPUT_ROOTS.flatMap((path) => (path.includes('.') ? (existsSync(join(base, path)) ? [path] : []) : listFiles(base, path, []))).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(join(base, file)));
    hash.update('\0');
  }
  return { hash: hash.digest('hex'), files: files.length };
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return null;
  }
}

function buildWhenChanged() {
  const started = Date.now();
  const { hash, files } = buildInputsHash();
  const stamp = readStamp();
  const built = existsSync(join(root, 'dist/build-info.json')) && existsSync(join(root, 'dist/host/index.html'));
  if (built && stamp?.hash === hash) {
    console.log(`build: up to date (${files} input files unchanged since ${stamp.builtAt}, checked in ${Date.now() - started} ms); \`npm run build\` forces a rebuild`);
  } else {
    console.log(`build: ${built ? 'inputs changed' : 'no build yet'}, building the widgets and the host app…`);
    const result = spawnSync(process.execPath, [join(root, 'node_modules/rollup/dist/bin/rollup'), '-c', '--silent'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    writeFileSync(stampFile, `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`);
    console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWhenChanged();
