import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DEMO } from './seed/demo-ids';
import { freePort, REPO, waitForOutput } from './testing/server-process';

describe('main (embedded PGlite, no dist/)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rec-main-'));
  let child: ChildProcess | undefined;
  after(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, seeds, serves, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: REPO,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist'), DATABASE_URL: '', PUBLIC_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = await waitForOutput(child, /Job board/, 120_000);
    assert.match(output, /Recruitment platform ready in \d+ ms \(PGlite at /);
    assert.ok(output.includes(`  API            ${base}/v2/boards/${DEMO.boardId}`), output);
    assert.ok(output.includes(`  Career site    ${base}/demo/career-site.html`), output);
    assert.ok(output.includes(`  Job board      ${base}/board/${DEMO.boardId}`), output);

    const board = await fetch(`${base}/v2/boards/${DEMO.boardId}`);
    assert.equal(board.status, 200);
    assert.equal((await board.json()).spontaneousOfferChannelUrl, `${base}/offer/c/${DEMO.spontaneousChannelId}`);
    const offers = await fetch(`${base}/v2/boards/${DEMO.boardId}/offers`, { headers: { 'accept-language': 'en' } });
    assert.ok(((await offers.json()) as unknown[]).length >= 12);
    assert.equal((await fetch(`${base}/v2/offers/channel/${DEMO.closedChannelId}`)).status, 410);

    const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});
