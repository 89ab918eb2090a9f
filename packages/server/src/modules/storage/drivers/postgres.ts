import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import { type ByteRange, checkKey, checkTemporaryName, clipRange, collect, type FileStorage, type ListedFile, newNames, pieces } from '../file-storage';

/** One row of bytes: large enough that a 50 MB video is 200 rows, small enough to hold a few at once. */
export const CHUNK_BYTES = 256 * 1024;
/** Rows read per query while streaming (2 MB). */
const ROWS_PER_READ = 8;
/** How many rows a stage writes between two refreshes of its temporary file's time. */
const TOUCH_EVERY_ROWS = 16;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * Files in the database (`stored_files` + `stored_file_chunks`, migration 0020), shared by every
 * instance on it. Bytes go in and out a chunk at a time. A temporary file's `modified_at` moves
 * with every chunk written, so the sweep (which only removes temporaries untouched for ten
 * minutes) never removes a write another instance still has under way.
 */
export function createPostgresStorage(db: Kysely<Database>, namespace: string, options: { maxBytes?: number } = {}): FileStorage {
  const files = () => db.selectFrom('stored_files').where('namespace', '=', namespace);

  async function find(name: string, temporary = false) {
    const row = await files().select(['id', 'size', 'modified_at']).where('name', '=', name).where('temporary', '=', temporary).executeTakeFirst();
    return row && { id: row.id, size: Number(row.size), modifiedAt: row.modified_at };
  }

  async function writeChunks(id: string, body: Parameters<FileStorage['stage']>[1]): Promise<void> {
    let start = 0;
    let rows = 0;
    for await (const piece of pieces(body, CHUNK_BYTES)) {
      await db.insertInto('stored_file_chunks').values({ file_id: id, start, data: piece }).execute();
      start += piece.length;
      // Every 4 MB the write says it is alive (the sweep spares temporaries touched in the last 10 minutes).
      if (++rows % TOUCH_EVERY_ROWS === 0) await db.updateTable('stored_files').set({ size: start, modified_at: new Date() }).where('id', '=', id).execute();
    }
    await db.updateTable('stored_files').set({ size: start, modified_at: new Date() }).where('id', '=', id).execute();
  }

  /** Rows overlapping [start, end], a few at a time (no row is longer than CHUNK_BYTES). */
  async function* readChunks(id: string, { start, end }: ByteRange): AsyncGenerator<Buffer> {
    let cursor = start;
    while (cursor <= end) {
      const rows = await db
        .selectFrom('stored_file_chunks')
        .select(['start', 'data'])
        .where('file_id', '=', id)
        .where('start', '>', cursor - CHUNK_BYTES)
        .where('start', '<=', end)
        .orderBy('start')
        .limit(ROWS_PER_READ)
        .execute();
      let progressed = false;
      for (const row of rows) {
        const rowStart = Number(row.start);
        const data = asBuffer(row.data);
        if (rowStart + data.length <= cursor) continue;
        if (rowStart > cursor) throw new Error('stored file has a gap');
        const part = data.subarray(cursor - rowStart, Math.min(data.length, end + 1 - rowStart));
        cursor += part.length;
        progressed = true;
        yield part;
      }
      if (!progressed) throw new Error('stored file is shorter than its size');
    }
  }

  const storage: FileStorage = {
    async stage(companyId, body, extension) {
      const { key, temporary } = newNames(companyId, extension, hex);
      const id = hex(16);
      await db.insertInto('stored_files').values({ id, namespace, name: temporary, company_id: companyId, temporary: true, modified_at: new Date() }).execute();
      const discard = async () => {
        await db.deleteFrom('stored_files').where('id', '=', id).execute();
      };
      try {
        await writeChunks(id, body);
      } catch (error) {
        await discard().catch(() => undefined);
        throw error;
      }
      return {
        key,
        async commit() {
          await db.updateTable('stored_files').set({ name: key, temporary: false, modified_at: new Date() }).where('id', '=', id).execute();
        },
        discard,
      };
    },
    async get(key) {
      const opened = await storage.openRead(key);
      return opened && collect(opened.stream);
    },
    async openRead(key, range) {
      const file = await find(checkKey(key));
      if (!file) return undefined;
      const clipped = clipRange(file.size, range);
      const stream = clipped.end < clipped.start ? Readable.from([]) : Readable.from(readChunks(file.id, clipped));
      return { stream, size: file.size, ...clipped };
    },
    async stat(key) {
      const file = await find(checkKey(key));
      return file && { size: file.size, modifiedAt: file.modifiedAt };
    },
    async create(companyId, extension) {
      const { key } = newNames(companyId, extension, hex);
      await db.insertInto('stored_files').values({ id: hex(16), namespace, name: key, company_id: companyId, temporary: false, modified_at: new Date() }).execute();
      return key;
    },
    async append(key, bytes) {
      checkKey(key);
      // One transaction, the file row locked: concurrent appends queue, a crash appends nothing.
      await db.transaction().execute(async (trx) => {
        const file = await trx
          .selectFrom('stored_files')
          .select(['id', 'size'])
          .where('namespace', '=', namespace)
          .where('name', '=', key)
          .where('temporary', '=', false)
          .forUpdate()
          .executeTakeFirst();
        if (!file) throw new Error('no such stored file');
        let start = Number(file.size);
        for await (const piece of pieces(bytes, CHUNK_BYTES)) {
          await trx.insertInto('stored_file_chunks').values({ file_id: file.id, start, data: piece }).execute();
          start += piece.length;
        }
        await trx.updateTable('stored_files').set({ size: start, modified_at: new Date() }).where('id', '=', file.id).execute();
      });
    },
    async remove(key) {
      await db.deleteFrom('stored_files').where('namespace', '=', namespace).where('name', '=', checkKey(key)).where('temporary', '=', false).execute();
    },
    async list() {
      const rows = await files().select(['name', 'temporary', 'modified_at']).execute();
      const stored: ListedFile[] = [];
      const temporary: ListedFile[] = [];
      for (const row of rows) (row.temporary ? temporary : stored).push({ name: row.name, modifiedAt: row.modified_at });
      return { stored, temporary };
    },
    async removeTemporary(name) {
      await db.deleteFrom('stored_files').where('namespace', '=', namespace).where('name', '=', checkTemporaryName(name)).where('temporary', '=', true).execute();
    },
    async removeWithin(trx, keys) {
      if (!keys.length) return;
      await trx.deleteFrom('stored_files').where('namespace', '=', namespace).where('name', 'in', keys.map(checkKey)).where('temporary', '=', false).execute();
    },
    async freeBytes() {
      // The database's volume cannot be measured from SQL: FILE_STORE_MAX_MB is the capacity of the
      // files of every namespace (issue 24, H2: a burst of uploads must not fill the database).
      if (options.maxBytes === undefined) return undefined;
      const row = await db.selectFrom('stored_files').select(sql<number>`coalesce(sum(size), 0)::float8`.as('used')).executeTakeFirst();
      return options.maxBytes - Number(row?.used ?? 0);
    },
  };
  return storage;
}

