import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { DEMO } from '../seed/demo-ids';
import { SMALL_PDF } from '../testing/multipart';
import { REPO, startServer } from '../testing/server-process';

/** `npm run <script> -- args` with DATA_DIR; answers the exit code and everything printed. */
function npmRun(script: string, args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: REPO,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function snapshot(db: Kysely<Database>) {
  const counts = await sql<{ applications: number; candidates: number; uploads: number; accounts: number }>`
    select (select count(*)::int from applications) as applications, (select count(*)::int from candidates) as candidates,
           (select count(*)::int from uploads) as uploads, (select count(*)::int from accounts) as accounts`.execute(db);
  const cv = await db
    .selectFrom('applications as a')
    .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
    .innerJoin('uploads as u', 'u.id', 'a.cv_upload_id')
    .where('c.email', '=', 'ana.backup@example.org')
    .select(['a.id', 'u.storage_key as storageKey'])
    .executeTakeFirst();
  return { counts: counts.rows[0], cv };
}

async function readDatabase(dataDir: string) {
  const handle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    return await snapshot(handle.db);
  } finally {
    await handle.close();
  }
}

describe('db:backup and db:restore (embedded database and uploads, real processes)', () => {
  const work = mkdtempSync(join(tmpdir(), 'rec-backup-test-'));
  const source = join(work, 'source');
  const archive = join(work, 'saved', 'rec-backup.tar.gz');
  let server: ChildProcess | undefined;
  after(() => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  it('restores a backup into a fresh data dir with the same rows and CV files, and refuses to overwrite', async () => {
    // A running platform with one application and its CV.
    const running = await startServer(source);
    server = running.child;
    const form = new FormData();
    form.append('file', new Blob([SMALL_PDF], { type: 'application/pdf' }), 'cv.pdf');
    const uploaded = await fetch(`${running.base}/v2/storage?scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`, { method: 'POST', body: form });
    assert.equal(uploaded.status, 201);
    const applied = await fetch(`${running.base}/v2/offers/channel/${DEMO.sampleChannelId}/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ submissionId: 'backup-1', firstName: 'Ana', lastName: 'Silva', email: 'ana.backup@example.org', birthDate: '21/04/1994', cv: await uploaded.json(), gdprConsent: true }),
    });
    assert.equal(applied.status, 201, await applied.text());

    // PGlite cannot be opened by two processes: no backup while the server runs.
    const whileRunning = await npmRun('db:backup', [archive], source);
    assert.equal(whileRunning.code, 1);
    assert.match(whileRunning.output, /in use by process \d+/);
    assert.equal(existsSync(archive), false);

    running.child.kill('SIGTERM');
    assert.equal(await running.exited, 0);
    const original = await readDatabase(source);
    assert.ok(original.cv, 'the application is stored');

    const backup = await npmRun('db:backup', [archive], source);
    assert.equal(backup.code, 0, backup.output);
    assert.ok(existsSync(archive));
    assert.deepEqual(
      readdirSync(join(work, 'saved')),
      ['rec-backup.tar.gz'],
      'one archive, no partial file left',
    );

    const fresh = join(work, 'fresh');
    const restore = await npmRun('db:restore', [archive], fresh);
    assert.equal(restore.code, 0, restore.output);
    const restored = await readDatabase(fresh);
    assert.deepEqual(restored, original, 'the same rows');
    const storageKey = restored.cv?.storageKey ?? '';
    assert.deepEqual(readFileSync(join(fresh, 'uploads', storageKey)), SMALL_PDF, 'the same CV file');
    assert.deepEqual(readdirSync(join(fresh, 'uploads'), { recursive: true }).sort(), readdirSync(join(source, 'uploads'), { recursive: true }).sort());

    // Over a data dir that holds a database: refused unless --force, which moves the old one aside.
    const refused = await npmRun('db:restore', [archive], fresh);
    assert.equal(refused.code, 1);
    assert.match(refused.output, /already holds pglite and uploads.*--force/);
    const forced = await npmRun('db:restore', [archive, '--force'], fresh);
    assert.equal(forced.code, 0, forced.output);
    const aside = readdirSync(fresh).filter((name) => name.startsWith('before-restore-'));
    assert.equal(aside.length, 1, 'the previous database and uploads were kept aside');
    assert.deepEqual(await readDatabase(fresh), original);

    // A server starts on the restored data dir and serves it.
    const again = await startServer(fresh);
    server = again.child;
    assert.equal((await fetch(`${again.base}/v2/boards/${DEMO.boardId}`)).status, 200);
    again.child.kill('SIGTERM');
    assert.equal(await again.exited, 0);
  });
});
