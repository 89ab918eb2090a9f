import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

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

/** Bytes `start` to `end`, both included (an HTTP byte range once resolved against the size). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFileInfo {
  /** The whole file's size in bytes. */
  size: number;
  modifiedAt: Date;
}

/** An opened file: `stream` carries the asked range (or everything), `size` is the whole file's. */
export interface OpenedFile {
  stream: Readable;
  size: number;
  start: number;
  /** Included; -1 for an empty file. */
  end: number;
}

/** What may be written: bytes in memory, or a stream that is never held whole (a 50 MB video). */
export type FileBody = Buffer | AsyncIterable<Uint8Array>;

/**
 * Where files live, whatever the driver (FILE_STORE): `disk` under DATA_DIR/uploads, `postgres`
 * (chunked rows, shared by every instance on the database) or `s3` (any S3-compatible bucket).
 * One storage is one namespace (CVs, step files, interview answers): its `list` never shows
 * another's files, so the sweep of uploads no record names cannot touch a video.
 *
 * Writing is two steps so a crash never leaves a file that looks stored but has no record:
 * `stage` writes under a temporary name, the caller writes the record, then `commit` renames.
 * A growing file (an interview answer while it is recorded) is `create`d, then `append`ed to.
 */
export interface FileStorage {
  /** Writes the bytes under a temporary name, for a new generated key (never the client's file name). */
  stage(companyId: string, body: FileBody, extension: string): Promise<StagedFile>;
  /** The whole file in memory: only for small files (a CV); large ones go through openRead. */
  get(key: string): Promise<Buffer | undefined>;
  /** Streams the file, or the range of it (clipped to the file's end); undefined when there is none. */
  openRead(key: string, range?: ByteRange): Promise<OpenedFile | undefined>;
  stat(key: string): Promise<StoredFileInfo | undefined>;
  /** A new empty file, readable at once, that grows by `append` (resumable uploads). */
  create(companyId: string, extension: string): Promise<string>;
  /** Adds bytes at the end: all of them or none (a crash mid-append leaves the file as it was). */
  append(key: string, bytes: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  /** Every stored file and every temporary file (left by a crash, or a write under way). */
  list(): Promise<{ stored: ListedFile[]; temporary: ListedFile[] }>;
  removeTemporary(name: string): Promise<void>;
  /** Free bytes on the volume the files are written to; undefined when the storage cannot tell. */
  freeBytes(): Promise<number | undefined>;
  /**
   * Only where files live in the database (the postgres driver): removes them inside the
   * caller's transaction, so they go if and only if their records go. Others remove after commit.
   */
  removeWithin?: RemoveFilesWithin;
}

/** Removes stored files inside a database transaction (see FileStorage.removeWithin). */
export type RemoveFilesWithin = (trx: Kysely<Database>, keys: readonly string[]) => Promise<void>;

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

export const COMPANY_DIR = /^[0-9a-f]{24}$/;
export const KEY = /^[0-9a-f]{24}\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/;
/** `<company>/.partial-<random>`: a leading dot and no extension, so it can never be taken for a key. */
export const TEMPORARY = /^[0-9a-f]{24}\/\.partial-[0-9a-f]{32}$/;
const EXTENSION = /^[a-z0-9]{1,5}$/;

/** Keys are ours, but a corrupted row must never reach outside the storage's folder or prefix. */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error('invalid storage key');
  return key;
}

export function checkTemporaryName(name: string): string {
  if (!TEMPORARY.test(name)) throw new Error('invalid temporary file name');
  return name;
}

export function newNames(companyId: string, extension: string, random: (bytes: number) => string): { key: string; temporary: string } {
  if (!COMPANY_DIR.test(companyId) || !EXTENSION.test(extension)) throw new Error('invalid company or extension for a stored file');
  return { key: `${companyId}/${random(16)}.${extension}`, temporary: `${companyId}/.partial-${random(16)}` };
}

/** The range clipped to a file of `size` bytes (everything when none is asked). */
export function clipRange(size: number, range?: ByteRange): ByteRange {
  if (!range) return { start: 0, end: size - 1 };
  return { start: Math.max(0, range.start), end: Math.min(range.end, size - 1) };
}

/** Reads a whole stream into one buffer (small files only). */
export async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

/**
 * Cuts a body into pieces of at most `size` bytes (the postgres rows, the s3 parts), holding
 * no more than one piece in memory.
 */
export async function* pieces(body: FileBody, size: number): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(body)) {
    for (let start = 0; start < body.length; start += size) yield body.subarray(start, start + size);
    return;
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const part of body) {
    let rest = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    while (rest.length) {
      const take = Math.min(size - pendingBytes, rest.length);
      pending.push(rest.subarray(0, take));
      pendingBytes += take;
      rest = rest.subarray(take);
      if (pendingBytes === size) {
        yield Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (pendingBytes) yield Buffer.concat(pending);
}
