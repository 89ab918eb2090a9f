import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, it } from 'node:test';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain .mjs script without types (packages/dev is not a TypeScript project)
import { describeCircles, importCircles, importGraph } from './import-graph.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

it("the repository's sources import each other without a circle (a circle: move the shared part into a file both import)", () => {
  const graph = importGraph(root);
  assert.ok(graph.size > 500, `the walk found the sources (${graph.size} files)`);
  assert.deepEqual(describeCircles(graph, importCircles(graph), root), []);
});

// A small workspace of its own: two packages linked under node_modules/@rec like npm links them.
const fixture = realpathSync(mkdtempSync(join(tmpdir(), 'rec-import-circles-')));
after(() => rmSync(fixture, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(fixture, path)), { recursive: true });
  writeFileSync(join(fixture, path), text);
};
write('packages/a/package.json', JSON.stringify({ name: '@rec/a', type: 'module', exports: { '.': './src/index.ts', './leaf': './src/leaf.ts' } }));
write('packages/b/package.json', JSON.stringify({ name: '@rec/b', type: 'module', exports: { '.': './src/index.ts' } }));
mkdirSync(join(fixture, 'node_modules/@rec'), { recursive: true });
symlinkSync('../../packages/a', join(fixture, 'node_modules/@rec/a'));
symlinkSync('../../packages/b', join(fixture, 'node_modules/@rec/b'));
write('packages/a/src/leaf.ts', 'export const LEAF = 1;\n');
write('packages/b/src/index.ts', "import { LEAF } from '@rec/a/leaf';\nexport const B = LEAF + 1;\n");

it('finds no circle where imports go one way, across packages too', () => {
  write('packages/a/src/index.ts', "export { LEAF } from './leaf';\n");
  const graph = importGraph(fixture);
  assert.deepEqual(graph.get(join(fixture, 'packages/b/src/index.ts')), [join(fixture, 'packages/a/src/leaf.ts')], "the exports map's subpath resolves to its source file");
  assert.deepEqual(importCircles(graph), []);
});

it("finds a circle closed through a workspace package's exports map by a type-only import", () => {
  write('packages/a/src/leaf.ts', "import type { B } from '@rec/b';\nexport const LEAF = 1;\nexport type Both = typeof B;\n");
  const graph = importGraph(fixture);
  assert.deepEqual(describeCircles(graph, importCircles(graph), fixture), ['packages/a/src/leaf.ts -> packages/b/src/index.ts\n  packages/b/src/index.ts -> packages/a/src/leaf.ts']);
});

it('finds a circle closed by a re-export, a dynamic import or a file importing itself', () => {
  write('packages/a/src/leaf.ts', 'export const LEAF = 1;\n');
  write('packages/a/src/index.ts', "export * from './lazy';\n");
  write('packages/a/src/lazy.ts', "export const load = () => import('./index');\n");
  write('packages/b/src/index.ts', "import { LEAF } from './index';\nexport const B = LEAF;\n");
  const circles = importCircles(importGraph(fixture)).map((group: string[]) => group.map((file) => file.slice(fixture.length + 1)));
  assert.deepEqual(circles.sort(), [['packages/a/src/index.ts', 'packages/a/src/lazy.ts'], ['packages/b/src/index.ts']]);
});
