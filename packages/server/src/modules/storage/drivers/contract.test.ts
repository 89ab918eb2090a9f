import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { testBackends, withTestDatabase } from '../../../testing/test-database';
import type { DatabaseHandle } from '../../../db/database';
import { collect, type FileStorage } from '../file-storage';
import { createDiskStorage } from './disk';
import { CHUNK_BYTES, createPostgresStorage } from './postgres';
import { createS3Client, createS3Storage, createS3Usage, s3SettingsFromUrl } from './s3';

const COMPANY = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = 'bbbbbbbbbbbbbbbbbbbbbbbb';

/** Bytes that differ at every offset, so a chunk read at the wrong place is seen. */
function pattern(size: number, seed = 7): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed + (i >> 8)) & 0xff;
  return bytes;
}

/** A stream in uneven pieces, like a request body. */
function streamOf(bytes: Buffer, piece = 70_001): Readable {
  return Readable.from(
    (function* () {
      for (let start = 0; start < bytes.length; start += piece) yield bytes.subarray(start, start + piece);
    })(),
  );
}

async function readAll(storage: FileStorage, key: string, range?: { start: number; end: number }) {
  const opened = await storage.openRead(key, range);
  assert.ok(opened, `${key} can be opened`);
  return { ...opened, bytes: await collect(opened.stream) };
}

interface DriverFactory {
  name: string;
  /** Why the driver is not run here, or undefined when it is. */
  skip?: string;
  /** `maxBytes`: the capacity a store that cannot measure its volume reports against (FILE_STORE_MAX_MB). */
  open(namespace: string, maxBytes?: number): Promise<FileStorage>;
  close(): Promise<void>;
  /** The driver measures the volume it writes to (disk): other processes change its free space. */
  measuresVolume?: true;
  /** The database of a driver that removes files inside a transaction (postgres). */
  db?(): Kysely<Database>;
}

/** The same cases for every driver: what callers may rely on whatever FILE_STORE says. */
function contract(factory: DriverFactory): void {
  describe(`file storage contract: ${factory.name}`, { skip: factory.skip }, () => {
    let storage: FileStorage;
    let neighbour: FileStorage;
    before(async () => {
      storage = await factory.open('contract');
      neighbour = await factory.open('contract-neighbour');
    });
    after(() => factory.close());

    it('reports its free space: the volume (disk), or FILE_STORE_MAX_MB less what it holds (postgres, s3), so the upload floor holds on every driver', async () => {
      const capacity = 64 * 1024 * 1024 * 1024;
      const capped = await factory.open('contract-capacity', capacity);
      const before = await capped.freeBytes();
      assert.ok(before !== undefined && before > 0, `free space is known (${before})`);
      const staged = await capped.stage(COMPANY, pattern(300_000), 'pdf');
      await staged.commit();
      const after = await capped.freeBytes();
      assert.ok(after !== undefined && after > 0);
      if (!factory.measuresVolume) assert.ok(before - after >= 300_000, `the stored file counts (${before} -> ${after})`);
      await capped.remove(staged.key);
    });

    it('stages, hides the file until commit, then reads it whole, by range and by stat', async () => {
      const bytes = pattern(CHUNK_BYTES * 2 + 12_345);
      const staged = await storage.stage(COMPANY, bytes, 'pdf');
      assert.match(staged.key, /^a{24}\/[0-9a-f]{32}\.pdf$/);
      assert.equal(await storage.get(staged.key), undefined, 'not readable before commit');
      assert.equal((await storage.list()).temporary.length >= 1, true, 'listed as temporary');
      await staged.commit();
      assert.ok((await storage.get(staged.key))?.equals(bytes));
      assert.equal((await storage.stat(staged.key))?.size, bytes.length);
      // Ranges across chunk boundaries, at the start, at the end, and past the end (clipped).
      for (const [start, end] of [
        [0, 0],
        [CHUNK_BYTES - 3, CHUNK_BYTES + 3],
        [100, CHUNK_BYTES * 2 + 100],
        [bytes.length - 10, bytes.length - 1],
        [bytes.length - 5, bytes.length + 1000],
      ] as const) {
        const read = await readAll(storage, staged.key, { start, end });
        assert.equal(read.size, bytes.length);
        assert.ok(read.bytes.equals(bytes.subarray(start, end + 1)), `range ${start}-${end}`);
        assert.equal(read.end, Math.min(end, bytes.length - 1));
      }
      await storage.remove(staged.key);
      assert.equal(await storage.get(staged.key), undefined);
      assert.equal(await storage.stat(staged.key), undefined);
      assert.equal(await storage.openRead(staged.key), undefined);
    });

    it('writes a stream without holding it and reads it back identical', async () => {
      const bytes = pattern(3 * 1024 * 1024 + 17, 3);
      const staged = await storage.stage(COMPANY, streamOf(bytes), 'webm');
      await staged.commit();
      const read = await readAll(storage, staged.key);
      assert.equal(read.size, bytes.length);
      assert.ok(read.bytes.equals(bytes));
      await storage.remove(staged.key);
    });

    it('discards a staged file and never lists another namespace', async () => {
      const staged = await storage.stage(OTHER, Buffer.from('%PDF-1.4 discard me'), 'pdf');
      const other = await neighbour.stage(OTHER, Buffer.from('%PDF-1.4 neighbour'), 'pdf');
      await other.commit();
      await staged.discard();
      const listed = await storage.list();
      assert.equal(
        listed.temporary.some((file) => file.name.startsWith(OTHER)),
        false,
      );
      assert.equal(
        listed.stored.some((file) => file.name === other.key),
        false,
        'the neighbour namespace is not listed',
      );
      assert.equal(await storage.get(other.key), undefined, 'nor readable through this namespace');
      assert.ok((await neighbour.list()).stored.some((file) => file.name === other.key));
      await neighbour.remove(other.key);
    });

    it('lists stored and temporary files and removes a temporary one by name', async () => {
      const kept = await storage.stage(OTHER, Buffer.from('kept'), 'txt');
      await kept.commit();
      const pending = await storage.stage(OTHER, Buffer.from('pending'), 'txt');
      const listed = await storage.list();
      assert.ok(listed.stored.some((file) => file.name === kept.key && file.modifiedAt instanceof Date));
      const temporary = listed.temporary.find((file) => file.name.startsWith(`${OTHER}/.partial-`));
      assert.ok(temporary, 'the pending write is listed as temporary');
      assert.ok(Date.now() - temporary.modifiedAt.getTime() < 60_000, 'with a recent time (the sweep keeps it)');
      await storage.removeTemporary(temporary.name);
      assert.equal((await storage.list()).temporary.some((file) => file.name === temporary.name), false);
      await storage.remove(kept.key);
      await pending.discard();
    });

    it('grows a created file by appends, readable and seekable at every moment', async () => {
      const key = await storage.create(COMPANY, 'video');
      assert.equal((await storage.stat(key))?.size, 0);
      assert.equal((await readAll(storage, key)).bytes.length, 0);
      const bytes = pattern(CHUNK_BYTES + 50_000, 11);
      const cuts = [0, 1000, CHUNK_BYTES - 7, bytes.length];
      for (let i = 1; i < cuts.length; i++) {
        await storage.append(key, bytes.subarray(cuts[i - 1], cuts[i]));
        assert.equal((await storage.stat(key))?.size, cuts[i]);
      }
      assert.ok((await storage.get(key))?.equals(bytes));
      const middle = await readAll(storage, key, { start: 900, end: CHUNK_BYTES + 10 });
      assert.ok(middle.bytes.equals(bytes.subarray(900, CHUNK_BYTES + 11)));
      assert.ok((await storage.list()).stored.some((file) => file.name === key));
      await storage.remove(key);
      assert.equal(await storage.stat(key), undefined);
    });

    it('removes files inside the owner’s transaction when it keeps them in the database', { skip: factory.db ? undefined : 'files outside the database' }, async () => {
      const db = factory.db?.();
      assert.ok(db && storage.removeWithin);
      const remove = storage.removeWithin;
      const staged = await storage.stage(COMPANY, Buffer.from('%PDF-1.4 owned'), 'pdf');
      await staged.commit();
      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await remove(trx, [staged.key]);
          throw new Error('the owner’s deletion failed');
        }),
      );
      assert.ok(await storage.stat(staged.key), 'rolled back with the transaction');
      await db.transaction().execute((trx) => remove(trx, [staged.key]));
      assert.equal(await storage.stat(staged.key), undefined, 'gone with the commit');
    });

    it('refuses keys that are not its own', async () => {
      await assert.rejects(storage.get('../../etc/passwd'));
      await assert.rejects(storage.remove(`${COMPANY}/../x.pdf`));
      await assert.rejects(storage.removeTemporary(`${COMPANY}/x.pdf`));
      await assert.rejects(storage.stage('not-a-company', Buffer.from('x'), 'pdf'));
    });
  });
}

const diskRoots: string[] = [];
contract({
  name: 'disk',
  measuresVolume: true,
  async open(namespace) {
    const root = mkdtempSync(join(tmpdir(), `rec-contract-${namespace}-`));
    diskRoots.push(root);
    return createDiskStorage(root);
  },
  async close() {
    for (const root of diskRoots) rmSync(root, { recursive: true, force: true });
  },
});

for (const backend of testBackends()) {
  let handle: DatabaseHandle | undefined;
  let release: (() => void) | undefined;
  contract({
    name: `postgres (${backend.name})`,
    async open(namespace, maxBytes) {
      if (!handle) {
        // Kept open for the whole suite: withTestDatabase closes (and drops) it when released.
        const opened = new Promise<DatabaseHandle>((resolve) => {
          void withTestDatabase(backend, (db) => {
            resolve(db);
            return new Promise<void>((done) => {
              release = done;
            });
          }, { empty: false });
        });
        handle = await opened;
      }
      return createPostgresStorage(handle.db, namespace, { maxBytes });
    },
    db: () => {
      if (!handle) throw new Error('not open yet');
      return handle.db;
    },
    async close() {
      release?.();
    },
  });
}

const s3Url = process.env.S3_TEST_URL?.trim();
if (!s3Url) console.log('# s3 driver: S3_TEST_URL is not set, its contract tests are SKIPPED (set it to an S3-compatible bucket URL to run them)');
contract({
  name: 's3',
  skip: s3Url ? undefined : 'S3_TEST_URL is not set: the s3 driver was not tested',
  async open(namespace, maxBytes) {
    const settings = s3SettingsFromUrl(s3Url ?? '');
    const client = createS3Client(settings);
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket })).catch(() => undefined);
    // A namespace of this run alone, so runs sharing a bucket never see each other's files.
    // The bucket is measured at every ask here (the app reuses a measure for a minute).
    return createS3Storage(client, settings.bucket, `${namespace}-${process.pid}-${Date.now()}`, { maxBytes, usage: createS3Usage(client, settings.bucket, 0) });
  },
  async close() {},
});
