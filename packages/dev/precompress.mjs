// Precompressed copies of the built assets: `x.js.br` and `x.js.gz` next to `x.js`, so the server
// (@fastify/static with preCompressed) sends the smallest encoding the client accepts without
// compressing on every request. Brotli at its best quality costs time once, at build time.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text assets worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:m?js|css|html|json|svg|txt|xml|map|ico|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

/** Writes the .br and .gz of every compressible file under `dir`; returns how many files it compressed. */
export function precompressDir(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      count += precompressDir(path);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(path).size < MIN_BYTES) continue;
    const content = readFileSync(path);
    const br = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gz = gzipSync(content, { level: 9 });
    // A copy that is not smaller would only cost a request its Vary (the server falls back to the file).
    if (br.length < content.length) writeFileSync(`${path}.br`, br);
    if (gz.length < content.length) writeFileSync(`${path}.gz`, gz);
    count += 1;
  }
  return count;
}

/** Rollup plugin: precompresses the output folder once everything (copied public files too) is written. */
export function precompress() {
  return {
    name: 'precompress',
    writeBundle: {
      sequential: true,
      order: 'post',
      handler(options) {
        if (options.dir) precompressDir(options.dir);
      },
    },
  };
}
