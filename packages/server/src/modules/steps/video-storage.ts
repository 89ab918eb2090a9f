import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where interview answers are written while they are recorded: a file per attempt that grows
 * chunk by chunk, so an upload resumes where the server's copy ends. Local disk under
 * DATA_DIR/uploads/interviews by default; object storage would use multipart uploads behind the
 * same calls.
 */
export interface VideoStorage {
  create(companyId: string): Promise<string>;
  append(key: string, bytes: Buffer): Promise<void>;
  size(key: string): Promise<number>;
  /** The first `length` bytes (the magic-byte check). */
  head(key: string, length: number): Promise<Buffer>;
  /** `length` bytes from `start` (fewer at the end of the file): the recruiter's player seeks with ranges. */
  read(key: string, start: number, length: number): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{24}\/[0-9a-f]{32}\.video$/;

export function createDiskVideoStorage(root: string): VideoStorage {
  const pathOf = (key: string) => {
    // Keys are ours, but a corrupted row must never reach outside the folder.
    if (!KEY.test(key)) throw new Error(`invalid video key ${key}`);
    return join(root, key);
  };
  return {
    async create(companyId) {
      const key = `${companyId}/${randomBytes(16).toString('hex')}.video`;
      await mkdir(join(root, companyId), { recursive: true });
      await writeFile(pathOf(key), Buffer.alloc(0), { flag: 'wx', mode: 0o600 });
      return key;
    },
    append: (key, bytes) => appendFile(pathOf(key), bytes),
    async size(key) {
      return (await stat(pathOf(key))).size;
    },
    head(key, length) {
      return readAt(pathOf(key), 0, length);
    },
    read(key, start, length) {
      return readAt(pathOf(key), start, length);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

async function readAt(path: string, start: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, start);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The container of a recorded answer from its first bytes: WebM (EBML header) or MP4 (`ftyp` box), else null. */
export function videoTypeOf(head: Buffer): 'video/webm' | 'video/mp4' | null {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'video/webm';
  if (head.length >= 8 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  return null;
}
