import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { create, extract } from 'tar';
import { claimDataDir } from './data-dir-lock';

/**
 * One archive file holding everything the embedded setup keeps: the PGlite database (its own
 * `dumpDataDir` tarball) and the uploaded files, plus a manifest. PostgreSQL users back up the
 * database with pg_dump instead (docs/operations.md) and the uploads folder alongside.
 *
 *   manifest.json     { format, createdAt, uploads }
 *   pglite.tar.gz     PGlite.dumpDataDir('gzip')
 *   uploads/…         DATA_DIR/uploads as is
 */
const FORMAT = 'rec-backup/1';

interface Manifest {
  format: string;
  createdAt: string;
  uploads: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).length;
}

const hasEntries = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** Writes the backup of `dataDir` to `file` (replaced only once complete). The server must be stopped. */
export async function createBackup(dataDir: string, file: string): Promise<Manifest> {
  const databaseDir = join(dataDir, 'pglite');
  if (!hasEntries(databaseDir)) throw new BackupError(`No embedded database in ${databaseDir}.`);
  const release = claimDataDir(dataDir, 'the backup');
  const staging = await mkdtemp(join(tmpdir(), 'rec-backup-'));
  const partial = `${resolve(file)}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const pglite = await PGlite.create({ dataDir: databaseDir });
    try {
      const dump = await pglite.dumpDataDir('gzip');
      await writeFile(join(staging, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
    }
    const uploadsDir = join(dataDir, 'uploads');
    // Packed through a link so the files are read where they are, not copied first.
    if (existsSync(uploadsDir)) await symlink(uploadsDir, join(staging, 'uploads'), 'dir');
    else await mkdir(join(staging, 'uploads'));
    const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), uploads: countFiles(uploadsDir) };
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    await mkdir(dirname(partial), { recursive: true });
    await create({ gzip: true, file: partial, cwd: staging, follow: true, portable: true }, ['manifest.json', 'pglite.tar.gz', 'uploads']);
    await rename(partial, resolve(file));
    return manifest;
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
    release();
  }
}

/**
 * Restores `file` into `dataDir`. Refuses a data dir a live process uses, and one that already
 * holds a database or uploads unless `force` (then they are moved aside to
 * `DATA_DIR/before-restore-<time>/`, never deleted).
 */
export async function restoreBackup(dataDir: string, file: string, options: { force?: boolean } = {}): Promise<Manifest & { movedAside?: string }> {
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  mkdirSync(dataDir, { recursive: true });
  const release = claimDataDir(dataDir, 'the restore');
  const databaseDir = join(dataDir, 'pglite');
  const uploadsDir = join(dataDir, 'uploads');
  // Inside DATA_DIR: the same volume, so moving the files into place is a rename.
  const staging = join(dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  try {
    const occupied = [databaseDir, uploadsDir].filter(hasEntries);
    if (occupied.length && !options.force) {
      throw new BackupError(`${dataDir} already holds ${occupied.map((dir) => basename(dir)).join(' and ')}: restore into an empty data dir, or add --force (the current ones are moved aside).`);
    }

    await mkdir(staging);
    await extract({ file, cwd: staging, strict: true });
    const manifest = JSON.parse(await readFile(join(staging, 'manifest.json'), 'utf8').catch(() => '{}')) as Partial<Manifest>;
    if (manifest.format !== FORMAT || !existsSync(join(staging, 'pglite.tar.gz'))) throw new BackupError(`${file} is not a backup of this platform.`);

    let movedAside: string | undefined;
    if (occupied.length) {
      movedAside = join(dataDir, `before-restore-${new Date().toISOString().replaceAll(':', '-')}`);
      await mkdir(movedAside);
      for (const dir of occupied) await rename(dir, join(movedAside, basename(dir)));
    }
    await rm(databaseDir, { recursive: true, force: true });
    await rm(uploadsDir, { recursive: true, force: true });

    const dump = new Blob([await readFile(join(staging, 'pglite.tar.gz'))]);
    await mkdir(databaseDir, { recursive: true });
    const pglite = await PGlite.create({ dataDir: databaseDir, loadDataDir: dump });
    try {
      // Fails here, not at the next start, when the dump is unreadable.
      await pglite.query('select 1');
    } finally {
      await pglite.close();
    }
    const restoredUploads = join(staging, 'uploads');
    if (existsSync(restoredUploads)) await rename(restoredUploads, uploadsDir).catch(() => cp(restoredUploads, uploadsDir, { recursive: true }));
    return { format: FORMAT, createdAt: String(manifest.createdAt), uploads: countFiles(uploadsDir), ...(movedAside ? { movedAside } : {}) };
  } finally {
    await rm(staging, { recursive: true, force: true });
    release();
  }
}
