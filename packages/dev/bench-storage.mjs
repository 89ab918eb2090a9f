// The `storage` case of `npm run bench` (issue 18): upload and download throughput of a 10 MB
// file through the postgres file store (chunked rows) against the disk driver, in one run.
// Database: PostgreSQL of TEST_DATABASE_URL when set (a fresh database, dropped after), else an
// in-memory PGlite. Each driver writes the file as a stream of 64 KB pieces (as a request body
// arrives) and reads it back as a stream; the median of RUNS rounds is reported. The postgres
// driver must never hold the file whole: the RSS it adds while streaming is printed and checked.
// Goal: postgres >= 5 MB/s each way and adds < 40 MB of RSS for a 10 MB file (the disk driver is
// the reference, not a goal).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SIZE = 10 * 1024 * 1024;
const PIECE = 64 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_MB_S = 5;
const GOAL_RSS_MB = 40;
const MB = 1024 * 1024;
const COMPANY = 'abcdefabcdefabcdefabcdef';

const { openDatabase } = await import('../server/src/db/database.ts');
const { migrateToLatest } = await import('../server/src/db/migrate.ts');
const { createDiskStorage } = await import('../server/src/modules/storage/drivers/disk.ts');
const { createPostgresStorage } = await import('../server/src/modules/storage/drivers/postgres.ts');
const pg = (await import('pg')).default;

async function admin(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function* body(bytes) {
  for (let start = 0; start < bytes.length; start += PIECE) yield bytes.subarray(start, start + PIECE);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Rounds of stage+commit then openRead, answering MB/s each way and the peak RSS added. */
async function measure(storage, bytes) {
  const up = [];
  const down = [];
  let peak = 0;
  for (let run = 0; run < RUNS; run++) {
    global.gc?.();
    const base = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss - base);
    }, 10);
    let start = performance.now();
    const staged = await storage.stage(COMPANY, body(bytes), 'webm');
    await staged.commit();
    up.push(SIZE / MB / ((performance.now() - start) / 1000));
    start = performance.now();
    const opened = await storage.openRead(staged.key);
    let read = 0;
    for await (const chunk of opened.stream) read += chunk.length;
    down.push(SIZE / MB / ((performance.now() - start) / 1000));
    clearInterval(sampler);
    if (read !== SIZE) throw new Error(`read ${read} bytes of ${SIZE}`);
    await storage.remove(staged.key);
  }
  return { up: median(up), down: median(down), peakMb: peak / MB };
}

export async function benchStorage() {
  const url = process.env.TEST_DATABASE_URL?.trim();
  const dbName = `rec_bench_${randomBytes(5).toString('hex')}`;
  let handle;
  if (url) {
    await admin(url, `create database ${dbName}`);
    const target = new URL(url);
    target.pathname = `/${dbName}`;
    handle = await openDatabase({ kind: 'postgres', url: target.toString() });
  } else {
    handle = await openDatabase({ kind: 'pglite' });
  }
  const root = mkdtempSync(join(tmpdir(), 'rec-bench-storage-'));
  try {
    await migrateToLatest(handle.db);
    const bytes = randomBytes(SIZE);
    const disk = await measure(createDiskStorage(root), bytes);
    const postgres = await measure(createPostgresStorage(handle.db, 'bench'), bytes);
    const line = (name, result) =>
      `${name.padEnd(24)} upload ${result.up.toFixed(1).padStart(7)} MB/s   download ${result.down.toFixed(1).padStart(7)} MB/s   RSS added <= ${result.peakMb.toFixed(0)} MB`;
    console.log(`10 MB file, median of ${RUNS} rounds (${url ? 'PostgreSQL' : 'PGlite'})`);
    console.log(line('disk', disk));
    console.log(line(`postgres (${url ? 'PostgreSQL' : 'PGlite'})`, postgres));
    console.log(`postgres / disk: upload ${(postgres.up / disk.up).toFixed(2)}, download ${(postgres.down / disk.down).toFixed(2)}`);
    let met = true;
    if (postgres.up < GOAL_MB_S || postgres.down < GOAL_MB_S) {
      console.error(`FAIL: postgres driver below ${GOAL_MB_S} MB/s`);
      met = false;
    }
    if (postgres.peakMb > GOAL_RSS_MB) {
      console.error(`FAIL: postgres driver added ${postgres.peakMb.toFixed(0)} MB of RSS (> ${GOAL_RSS_MB} MB): is the file held whole?`);
      met = false;
    }
    if (met) console.log('OK: within goals');
    return met;
  } finally {
    await handle.close();
    rmSync(root, { recursive: true, force: true });
    if (url) await admin(url, `drop database if exists ${dbName} with (force)`);
  }
}
