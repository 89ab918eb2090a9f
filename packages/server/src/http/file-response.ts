import { ERROR_KEYS } from '@rec/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, OpenedFile, StoredFileInfo } from '../modules/storage/file-storage';
import { HttpError, sendError } from './errors';

/** What a Range header asks of a file of `size` bytes: a range, nothing (the whole file), or unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  // One range only: a multi-range answer (multipart/byteranges) is allowed to be the whole file.
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    // `bytes=-500`: the last 500 bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Where a served file comes from: any FileStorage (or VideoStorage) and its key. */
export interface FileSource {
  stat(key: string): Promise<StoredFileInfo | undefined>;
  openRead(key: string, range?: ByteRange): Promise<OpenedFile | undefined>;
}

/**
 * Streams a stored file with range support (video seeking, resumed downloads): 206 with
 * Content-Range for a satisfiable range, 416 for one past the end, 200 with the whole file
 * otherwise. The caller sets content type, disposition and caching headers; a missing file is
 * a 404 `notFoundKey`. Never holds the file in memory, whatever the driver.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  source: FileSource,
  key: string,
  notFoundKey: ConstructorParameters<typeof HttpError>[1] = ERROR_KEYS.fileNotFound,
): Promise<FastifyReply> {
  const info = await source.stat(key);
  if (!info) throw new HttpError(404, notFoundKey);
  // If-Range names a version we cannot compare (no validators): the whole file is the safe answer.
  const asked = request.headers['if-range'] ? undefined : parseRange(request.headers.range, info.size);
  reply.header('accept-ranges', 'bytes');
  if (asked === 'unsatisfiable') return sendError(reply.header('content-range', `bytes */${info.size}`), 416, ERROR_KEYS.badRequest);
  const opened = await source.openRead(key, asked);
  if (!opened) throw new HttpError(404, notFoundKey);
  reply.header('content-length', String(opened.end - opened.start + 1));
  if (asked) reply.code(206).header('content-range', `bytes ${opened.start}-${opened.end}/${opened.size}`);
  return reply.send(opened.stream);
}
