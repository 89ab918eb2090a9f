import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { claimDataDir, DataDirInUseError, liveProcessUsing } from './data-dir-lock';

describe('one process per embedded data dir', () => {
  it('refuses a data dir a live process marked, takes over a stale mark, and releases only its own', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rec-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dataDir, 'rec-process.pid'), String(other.pid));
      assert.equal(liveProcessUsing(dataDir), other.pid);
      assert.throws(() => claimDataDir(dataDir, 'the restore'), (error: unknown) => error instanceof DataDirInUseError && /in use by process \d+: stop it before the restore/.test(error.message));
    } finally {
      const exited = new Promise((resolve) => other.once('exit', resolve));
      other.kill('SIGKILL');
      await exited;
    }
    // The process died without cleaning up (kill -9): its mark no longer counts.
    assert.equal(liveProcessUsing(dataDir), undefined);
    const release = claimDataDir(dataDir, 'the backup');
    assert.ok(existsSync(join(dataDir, 'rec-process.pid')));
    release();
    assert.equal(existsSync(join(dataDir, 'rec-process.pid')), false);
  });
});
