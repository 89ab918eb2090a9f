import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where uploaded files live. Local disk under DATA_DIR/uploads by default; an object storage
 * implements the same three calls when the API scales out.
 */
export interface FileStorage {
  /** Stores the bytes under a new generated key (never the client's file name) and returns the key. */
  put(companyId: string, bytes: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
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

const KEY = /^[0-9a-f]{24}\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/;

export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    // Keys are ours, but a corrupted row must never reach outside the folder.
    if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return join(root, key);
  };
  return {
    async put(companyId, bytes, extension) {
      const key = `${companyId}/${randomBytes(16).toString('hex')}.${extension}`;
      await mkdir(join(root, companyId), { recursive: true });
      await writeFile(pathOf(key), bytes, { flag: 'wx', mode: 0o600 });
      return key;
    },
    async get(key) {
      return readFile(pathOf(key)).catch(() => undefined);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
