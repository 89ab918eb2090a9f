import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { it } from 'node:test';
import { buildApp } from '../../app';
import { DEMO } from '../../seed/demo-ids';
import { uploadCv } from '../../testing/candidate';
import { describeEachBackend, testAppConfig } from '../../testing/test-database';
import { createPostgresStorage } from './drivers/postgres';
import { createDiskStorage } from './drivers/disk';
import type { FileStorage } from './file-storage';
import { PARTIAL_FILE_MAX_AGE_MS, removeOrphanFiles } from './orphan-files';
import { createUploadRepository } from './repository';
import { createUnusedUploadSweeper } from './unused-uploads';

const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** Starts a real process writing `file` chunk by chunk, and kills it (-9) once part of it is on disk. */
async function killedWrite(file: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['-e', `const fs = require('node:fs'); const fd = fs.openSync(${JSON.stringify(file)}, 'wx'); setInterval(() => fs.writeSync(fd, Buffer.alloc(4096, 37)), 5);`],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 400 && !(existsSync(file) && statSync(file).size > 0); i++) await sleep(10);
  child.kill('SIGKILL');
  await exited;
  assert.ok(statSync(file).size > 0, 'the killed write left a partial file');
}

async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await sleep(10);
  assert.ok(condition(), what);
}

describeEachBackend('files a crash leaves behind', (context) => {
  it('an upload is written under a temporary name and renamed only after its record committed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rec-staging-'));
    const disk = createDiskStorage(join(dataDir, 'uploads'));
    const seen: { fileBeforeCommit: boolean; rowBeforeCommit: boolean }[] = [];
    const storage: FileStorage = {
      ...disk,
      async stage(companyId, bytes, extension) {
        const staged = await disk.stage(companyId, bytes, extension);
        return {
          ...staged,
          commit: async () => {
            const row = await context.db.selectFrom('uploads').select('id').where('storage_key', '=', staged.key).executeTakeFirst();
            seen.push({ fileBeforeCommit: existsSync(join(dataDir, 'uploads', staged.key)), rowBeforeCommit: !!row });
            await staged.commit();
          },
        };
      },
    };
    const app = await buildApp({ db: context.db, config: testAppConfig({ dataDir }), logger: false, storage });
    try {
      const cv = await uploadCv(app);
      assert.deepEqual(seen, [{ fileBeforeCommit: false, rowBeforeCommit: true }]);
      const row = await context.db.selectFrom('uploads').select('storage_key').where('id', '=', cv.id).executeTakeFirstOrThrow();
      assert.ok(existsSync(join(dataDir, 'uploads', row.storage_key)), 'readable under its key after the commit');
    } finally {
      await app.close();
    }
  });

  it('removes partial files of killed writes and files no record names, at start and in the hourly sweep', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rec-orphans-'));
    const root = join(dataDir, 'uploads');
    const companyDir = join(root, DEMO.companyId);
    mkdirSync(companyDir, { recursive: true });

    // A CV that a record names: it stays.
    const first = await buildApp({ db: context.db, config: testAppConfig({ dataDir }), logger: false });
    const cv = await uploadCv(first);
    await first.close();
    const kept = join(root, (await context.db.selectFrom('uploads').select('storage_key').where('id', '=', cv.id).executeTakeFirstOrThrow()).storage_key);

    // A write killed half-way, long enough ago that it can be no write under way.
    const killed = join(companyDir, `.partial-${hex(32)}`);
    await killedWrite(killed);
    const old = new Date(Date.now() - PARTIAL_FILE_MAX_AGE_MS - 60_000);
    utimesSync(killed, old, old);
    // A partial file of a write that may still be under way (another instance on the same disk).
    const fresh = join(companyDir, `.partial-${hex(32)}`);
    writeFileSync(fresh, 'partial');
    // A complete file under a key no record names (what the old write-then-insert order left after a kill).
    const orphan = join(companyDir, `${hex(32)}.pdf`);
    writeFileSync(orphan, '%PDF-1.4 orphan');
    // Not ours: left alone.
    const foreign = join(companyDir, 'README.txt');
    writeFileSync(foreign, 'operator note');

    const app = await buildApp({ db: context.db, config: testAppConfig({ dataDir }), logger: false });
    try {
      await app.ready();
      await waitUntil(() => !existsSync(killed) && !existsSync(orphan), 'the start-up sweep removed the partial and the orphan file');
      assert.ok(existsSync(kept), 'a file its record names stays');
      assert.ok(existsSync(fresh), 'a recent partial file stays');
      assert.ok(existsSync(foreign), 'a file that is not ours stays');
    } finally {
      await app.close();
    }

    // The hourly sweep does the same for files left since the start.
    const later = join(companyDir, `${hex(32)}.docx`);
    writeFileSync(later, 'orphan');
    const sweeper = createUnusedUploadSweeper({ uploads: createUploadRepository(context.db), storage: createDiskStorage(root), now: () => new Date(), log: { error() {}, info() {} } });
    await sweeper.sweep();
    assert.equal(existsSync(later), false);
    assert.ok(existsSync(kept));
  });

  it('removes nothing when the database names almost none of the files (the wrong DATABASE_URL, not leftovers)', async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'rec-wrong-db-')), 'uploads');
    const companyDir = join(root, DEMO.companyId);
    mkdirSync(companyDir, { recursive: true });
    const files = Array.from({ length: 12 }, () => join(companyDir, `${hex(32)}.pdf`));
    for (const file of files) writeFileSync(file, '%PDF-1.4');
    const errors: string[] = [];
    const result = await removeOrphanFiles({ storage: createDiskStorage(root), uploads: createUploadRepository(context.db), log: { error: (_details, message) => errors.push(message) } });
    assert.deepEqual(result, { partial: 0, orphans: 0 });
    assert.ok(files.every((file) => existsSync(file)), 'every file kept');
    assert.match(errors.join('\n'), /right database/);
  });

  it('with the postgres store: spares another instance’s write under way, removes a stale one and files no record names', async () => {
    const storage = createPostgresStorage(context.db, `orphans-${Date.now()}`);
    const company = DEMO.companyId;
    const fresh = await storage.stage(company, Buffer.from('%PDF-1.4 under way on another instance'), 'pdf');
    const stale = await storage.stage(company, Buffer.from('%PDF-1.4 killed mid-write'), 'pdf');
    const orphan = await storage.stage(company, Buffer.from('%PDF-1.4 no record'), 'pdf');
    await orphan.commit();
    const staleName = (await storage.list()).temporary.map((file) => file.name);
    assert.equal(staleName.length, 2);
    // The killed write stopped touching its row 11 minutes ago.
    await context.db
      .updateTable('stored_files')
      .set({ modified_at: new Date(Date.now() - PARTIAL_FILE_MAX_AGE_MS - 60_000) })
      .where('name', 'in', staleName)
      .where('size', '=', 25)
      .execute();
    const result = await removeOrphanFiles({ storage, uploads: createUploadRepository(context.db), log: { error() {} } });
    assert.deepEqual(result, { partial: 1, orphans: 1 });
    const left = await storage.list();
    assert.equal(left.temporary.length, 1, 'the write under way is kept');
    assert.equal(left.stored.length, 0);
    await fresh.commit();
    assert.ok(await storage.get(fresh.key), 'and commits');
    await stale.discard();
  });
});
