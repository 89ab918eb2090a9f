import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A file written under a temporary name: readable under `key` only once committed. */
export interface StagedFile {
  key: string;
  /** Makes the file readable under its key (a rename: all or nothing). */
  commit(): Promise<void>;
  /** Removes the temporary file (the record could not be written). */
  discard(): Promise<void>;
}

/** A file found on the storage, for the sweep of files no record names. */
export interface ListedFile {
  /** The storage key of a stored file, or the storage's own name of a temporary file. */
  name: string;
  modifiedAt: Date;
}

/**
 * Where uploaded files live. Local disk under DATA_DIR/uploads by default; an object storage
 * implements the same calls when the API scales out.
 *
 * Writing is two steps so a crash never leaves a file that looks stored but has no record:
 * `stage` writes under a temporary name, the caller writes the record, then `commit` renames.
 */
export interface FileStorage {
  /** Writes the bytes under a temporary name, for a new generated key (never the client's file name). */
  stage(companyId: string, bytes: Buffer, extension: string): Promise<StagedFile>;
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
  /** Every stored file and every temporary file (left by a crash, or a write under way). */
  list(): Promise<{ stored: ListedFile[]; temporary: ListedFile[] }>;
  removeTemporary(name: string): Promise<void>;
  /** Free bytes on the volume the files are written to; undefined when the storage cannot tell. */
  freeBytes(): Promise<number | undefined>;
}

/** Where a failed removal is reported. */
export interface RemovalLog {
  error(details: object, message: string): void;
}

/**
 * Removes stored files whose records are already gone (a deleted application, an unused upload).
 * A file that cannot be removed is logged, not thrown: nothing points at it any more, and the
 * deletion it follows has happened either way.
 */
export async function removeStoredFiles(storage: FileStorage, keys: readonly string[], log: RemovalLog): Promise<void> {
  for (const key of keys) {
    await storage.remove(key).catch((error: unknown) => log.error({ err: error, storageKey: key }, 'could not remove a stored file'));
  }
}

const COMPANY_DIR = /^[0-9a-f]{24}$/;
const KEY = /^[0-9a-f]{24}\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/;
/** `<company>/.partial-<random>`: a leading dot and no extension, so it can never be taken for a key. */
const TEMPORARY = /^[0-9a-f]{24}\/\.partial-[0-9a-f]{32}$/;

export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    // Keys are ours, but a corrupted row must never reach outside the folder.
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return join(root, key);
  };
  const temporaryPathOf = (name: string) => {
    if (!TEMPORARY.test(name)) throw new Error('invalid temporary file name');
    return join(root, name);
  };
  return {
    async stage(companyId, bytes, extension) {
      const key = `${companyId}/${randomBytes(16).toString('hex')}.${extension}`;
      const temporary = `${companyId}/.partial-${randomBytes(16).toString('hex')}`;
      const finalPath = pathOf(key);
      const temporaryPath = temporaryPathOf(temporary);
      await mkdir(join(root, companyId), { recursive: true });
      await writeFile(temporaryPath, bytes, { flag: 'wx', mode: 0o600 });
      return {
        key,
        commit: () => rename(temporaryPath, finalPath),
        discard: () => rm(temporaryPath, { force: true }),
      };
    },
    async get(key) {
      return readFile(pathOf(key)).catch(() => undefined);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async list() {
      const stored: ListedFile[] = [];
      const temporary: ListedFile[] = [];
      const companies = await readdir(root).catch(() => [] as string[]);
      for (const company of companies) {
        if (!COMPANY_DIR.test(company)) continue;
        const names = await readdir(join(root, company)).catch(() => [] as string[]);
        for (const file of names) {
          const name = `${company}/${file}`;
          const kind = KEY.test(name) ? stored : TEMPORARY.test(name) ? temporary : undefined;
          // Anything else in the folder is not ours to judge: left alone.
          if (!kind) continue;
          const info = await stat(join(root, name)).catch(() => undefined);
          if (info?.isFile()) kind.push({ name, modifiedAt: info.mtime });
        }
      }
      return { stored, temporary };
    },
    async removeTemporary(name) {
      await rm(temporaryPathOf(name), { force: true });
    },
    async freeBytes() {
      await mkdir(root, { recursive: true });
      const info = await statfs(root);
      // bavail: what an unprivileged process may still write (bfree includes root's reserve).
      return info.bavail * info.bsize;
    },
  };
}
