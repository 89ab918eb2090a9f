import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { appendFile, mkdir, open, readdir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { COMPANY_DIR, checkKey, checkTemporaryName, clipRange, collect, type FileStorage, KEY, type ListedFile, newNames, TEMPORARY } from '../file-storage';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** Files under `root` on the local disk: the default with the embedded database (one instance). */
export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, checkKey(key));
  const temporaryPathOf = (name: string) => join(root, checkTemporaryName(name));

  const storage: FileStorage = {
    async stage(companyId, body, extension) {
      const { key, temporary } = newNames(companyId, extension, hex);
      const finalPath = pathOf(key);
      const temporaryPath = temporaryPathOf(temporary);
      await mkdir(join(root, companyId), { recursive: true });
      if (Buffer.isBuffer(body)) await writeFile(temporaryPath, body, { flag: 'wx', mode: 0o600 });
      else {
        try {
          await pipeline(Readable.from(body), createWriteStream(temporaryPath, { flags: 'wx', mode: 0o600 }));
        } catch (error) {
          await rm(temporaryPath, { force: true });
          throw error;
        }
      }
      return {
        key,
        commit: () => rename(temporaryPath, finalPath),
        discard: () => rm(temporaryPath, { force: true }),
      };
    },
    async get(key) {
      const opened = await storage.openRead(key);
      return opened && collect(opened.stream);
    },
    async openRead(key, range) {
      // Opened first, then measured: a file removed in between is simply not found.
      const handle = await open(pathOf(key), 'r').catch(() => undefined);
      if (!handle) return undefined;
      const info = await handle.stat();
      const { start, end } = clipRange(info.size, range);
      if (end < start) {
        await handle.close();
        return { stream: Readable.from([]), size: info.size, start, end };
      }
      return { stream: handle.createReadStream({ start, end, autoClose: true }), size: info.size, start, end };
    },
    async stat(key) {
      const info = await stat(pathOf(key)).catch(() => undefined);
      return info?.isFile() ? { size: info.size, modifiedAt: info.mtime } : undefined;
    },
    async create(companyId, extension) {
      const { key } = newNames(companyId, extension, hex);
      await mkdir(join(root, companyId), { recursive: true });
      await writeFile(pathOf(key), Buffer.alloc(0), { flag: 'wx', mode: 0o600 });
      return key;
    },
    append: (key, bytes) => appendFile(pathOf(key), bytes),
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
  return storage;
}
