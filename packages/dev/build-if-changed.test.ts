import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
// @ts-expect-error plain ESM helper without types
import { buildInputsHash } from './build-if-changed.mjs';

const base = mkdtempSync(join(tmpdir(), 'rec-build-inputs-'));
after(() => rmSync(base, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(base, path)), { recursive: true });
  writeFileSync(join(base, path), text);
}

// A tree shaped like the repository: a widget, a client package, the server, a test, a locale.
write('widgets/board/src/Board.tsx', 'export const a = 1;');
write('packages/core/src/index.ts', 'export const b = 2;');
write('packages/server/src/main.ts', 'console.log(1);');
write('widgets/board/src/board.test.ts', 'test');
write('locales/fr.json', '{}');
write('rollup.config.mjs', 'export default [];');

test('a restart skips the build: the inputs hash is stable while nothing the build reads changes', () => {
  const first = buildInputsHash(base);
  write('packages/server/src/main.ts', 'console.log(2);');
  write('widgets/board/src/board.test.ts', 'another test');
  write('data/pglite/file', 'database');
  assert.equal(buildInputsHash(base).hash, first.hash);
});

test('a changed widget source, locale or build config rebuilds', () => {
  for (const [path, text] of [
    ['widgets/board/src/Board.tsx', 'export const a = 2;'],
    ['locales/fr.json', '{"a":"b"}'],
    ['rollup.config.mjs', 'export default [1];'],
    ['packages/core/src/new-schema.ts', 'export const c = 3;'],
  ]) {
    const before = buildInputsHash(base).hash;
    write(path, text);
    assert.notEqual(buildInputsHash(base).hash, before, path);
  }
});
