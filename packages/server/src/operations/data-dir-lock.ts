import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database may be opened by one process only: PGlite does not stop a second one
 * (it would corrupt the files). The server, a backup and a restore mark DATA_DIR with their pid
 * while they use it, and refuse a data dir another live process has marked.
 */
const LOCK_FILE = 'rec-process.pid';

/** The pid of the live process using `dataDir`, or undefined (none, or one that died: a stale mark). */
export function liveProcessUsing(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    // Signal 0 only asks whether the process exists.
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** Marks `dataDir` as used by this process; throws when another live process uses it. Answers the release. */
export function claimDataDir(dataDir: string, what: string): () => void {
  const other = liveProcessUsing(dataDir);
  if (other !== undefined) {
    throw new DataDirInUseError(`${dataDir} is in use by process ${other}: stop it before ${what}.`);
  }
  const file = join(dataDir, LOCK_FILE);
  writeFileSync(file, String(process.pid));
  return () => {
    // Only our own mark: a later process may have taken over after a forced exit.
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}
