import { join } from 'node:path';
import { createDiskStorage } from '../storage/drivers/disk';
import { type ByteRange, collect, type FileStorage, type OpenedFile, type StoredFileInfo } from '../storage/file-storage';

/**
 * Interview answers while they are recorded: a file per attempt that grows chunk by chunk, so an
 * upload resumes where the server's copy ends. A view of a FileStorage (its growing files), so
 * answers live wherever FILE_STORE puts files and every instance reads them.
 */
export interface VideoStorage {
  create(companyId: string): Promise<string>;
  append(key: string, bytes: Buffer): Promise<void>;
  /** Bytes received so far (throws when there is no such file). */
  size(key: string): Promise<number>;
  /** The first `length` bytes (the magic-byte check). */
  head(key: string, length: number): Promise<Buffer>;
  /** `length` bytes from `start` (fewer at the end of the file): the recruiter's player seeks with ranges. */
  read(key: string, start: number, length: number): Promise<Buffer>;
  remove(key: string): Promise<void>;
  /** Streams the answer or a range of it (video seeking); undefined when there is none. */
  openRead(key: string, range?: ByteRange): Promise<OpenedFile | undefined>;
  stat(key: string): Promise<StoredFileInfo | undefined>;
}

export function videoStorageOf(files: FileStorage): VideoStorage {
  return {
    create: (companyId) => files.create(companyId, 'video'),
    append: (key, bytes) => files.append(key, bytes),
    async size(key) {
      const info = await files.stat(key);
      if (!info) throw new Error('no such interview answer');
      return info.size;
    },
    async head(key, length) {
      const opened = await files.openRead(key, { start: 0, end: length - 1 });
      if (!opened) throw new Error('no such interview answer');
      return collect(opened.stream);
    },
    async read(key, start, length) {
      if (length <= 0) return Buffer.alloc(0);
      const opened = await files.openRead(key, { start, end: start + length - 1 });
      if (!opened) throw new Error('no such interview answer');
      return collect(opened.stream);
    },
    remove: (key) => files.remove(key),
    openRead: (key, range) => files.openRead(key, range),
    stat: (key) => files.stat(key),
  };
}

/** Answers on the local disk under `root` (kept for callers written before FILE_STORE). */
export function createDiskVideoStorage(root: string): VideoStorage {
  return videoStorageOf(createDiskStorage(join(root)));
}

/** The container of a recorded answer from its first bytes: WebM (EBML header) or MP4 (`ftyp` box), else null. */
export function videoTypeOf(head: Buffer): 'video/webm' | 'video/mp4' | null {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'video/webm';
  if (head.length >= 8 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  return null;
}
