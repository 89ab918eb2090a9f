import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
// @ts-expect-error: a plain .mjs build script without types (packages/dev is not a TypeScript project)
import { precompressDir } from './precompress.mjs';

it('writes .br and .gz beside every compressible asset, in every folder, and leaves the rest alone', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rec-precompress-'));
  mkdirSync(join(dir, 'chunks'));
  const js = `export const offers = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `offer ${i}`))};`;
  writeFileSync(join(dir, 'rec-widgets.js'), js);
  writeFileSync(join(dir, 'chunks', 'board-3f9a1c2b.js'), js);
  writeFileSync(join(dir, 'tiny.css'), 'a{color:red}');
  writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4096));

  assert.equal(precompressDir(dir), 2);
  for (const file of ['rec-widgets.js', 'chunks/board-3f9a1c2b.js']) {
    const path = join(dir, file);
    assert.equal(brotliDecompressSync(readFileSync(`${path}.br`)).toString(), js, `${file}.br`);
    assert.equal(gunzipSync(readFileSync(`${path}.gz`)).toString(), js, `${file}.gz`);
    assert.ok(readFileSync(`${path}.br`).length < js.length / 3);
  }
  assert.ok(!existsSync(join(dir, 'tiny.css.br')), 'too small to gain anything');
  assert.ok(!existsSync(join(dir, 'photo.png.gz')), 'images are not text');
});
