// Lists the node-runner test files. Node 20's test runner takes no glob patterns, so we
// walk the source folders ourselves. Browser tests (*.browser.test.ts[x]) and widget
// tests belong to web-test-runner; end-to-end specs to Playwright.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const SKIP = new Set(['node_modules', 'dist', 'data', '.tsbuild', 'e2e']);

function walk(dir, found) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, found);
    else if (/\.test\.tsx?$/.test(entry.name) && !/\.browser\.test\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

export function nodeTestFiles(root, folders = ['packages', 'host/src']) {
  return folders.flatMap((folder) => walk(join(root, folder), [])).sort();
}
