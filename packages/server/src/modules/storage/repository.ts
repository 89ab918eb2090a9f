import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { RemoveFilesWithin } from './file-storage';

export interface NewUploadRow {
  id: string;
  companyId: string;
  storageKey: string;
  originalName: string;
  contentType: string;
  size: number;
  /** See UploadsTable.uploader_ip_hash. */
  uploaderIpHash: string;
}

/** What is held in uploads no application names yet. */
export interface HeldUploads {
  count: number;
  bytes: number;
}

export interface UploadRow {
  storageKey: string;
  originalName: string;
  contentType: string;
  size: number;
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;

/** `removeFilesWithin`: the file store's transactional removal, when it has one (postgres). */
export function createUploadRepository(db: Kysely<Database>, options: { removeFilesWithin?: RemoveFilesWithin } = {}) {
  return {
    async insert(row: NewUploadRow): Promise<void> {
      await db
        .insertInto('uploads')
        .values({
          id: row.id,
          company_id: row.companyId,
          storage_key: row.storageKey,
          original_name: row.originalName,
          content_type: row.contentType,
          size: row.size,
          uploader_ip_hash: row.uploaderIpHash,
        })
        .execute();
    },

    /**
     * The unattached uploads one client address holds (in all, and `ipHere` for this company) and
     * one company holds, made since `since` (older ones are the sweep's). Counts cast in SQL: pg
     * answers bigint as strings.
     */
    async held(companyId: string, uploaderIpHash: string, since: Date): Promise<{ ip: HeldUploads; ipHere: number; company: HeldUploads }> {
      const unattached = sql`u.created_at >= ${since} and not exists (select 1 from applications a where a.company_id = u.company_id and a.cv_upload_id = u.id)`;
      const { rows } = await sql<{ ipCount: number; ipHere: number; ipBytes: number; companyCount: number; companyBytes: number }>`
        select
          (select count(*)::int from uploads u where u.uploader_ip_hash = ${uploaderIpHash} and ${unattached}) as "ipCount",
          (select count(*)::int from uploads u where u.company_id = ${companyId} and u.uploader_ip_hash = ${uploaderIpHash} and ${unattached}) as "ipHere",
          (select coalesce(sum(u.size), 0)::float8 from uploads u where u.uploader_ip_hash = ${uploaderIpHash} and ${unattached}) as "ipBytes",
          (select count(*)::int from uploads u where u.company_id = ${companyId} and ${unattached}) as "companyCount",
          (select coalesce(sum(u.size), 0)::float8 from uploads u where u.company_id = ${companyId} and ${unattached}) as "companyBytes"
      `.execute(db);
      const row = rows[0];
      return { ip: { count: row?.ipCount ?? 0, bytes: row?.ipBytes ?? 0 }, ipHere: row?.ipHere ?? 0, company: { count: row?.companyCount ?? 0, bytes: row?.companyBytes ?? 0 } };
    },

    /** Which of `keys` a record names (the others are files nothing points at). */
    async existingKeys(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.selectFrom('uploads').select('storage_key').where('storage_key', 'in', keys).execute();
      // Company logos (issue 13) live in the same storage: a file a logo names is not an orphan.
      const logos = await db.selectFrom('company_logos').select('storage_key').where('storage_key', 'in', keys).execute();
      return new Set([...rows, ...logos].map((row) => row.storage_key));
    },

    /** An upload of the company, or undefined (another company's upload is as unknown as a missing one). */
    async find(companyId: string, id: string): Promise<UploadRow | undefined> {
      return db
        .selectFrom('uploads')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .select(['storage_key as storageKey', 'original_name as originalName', 'content_type as contentType', 'size'])
        .executeTakeFirst();
    },

    /**
     * Deletes the uploads made before `before` that no application names (a CV uploaded by a
     * candidate who never submitted) and answers their storage keys, so the files can go too.
     * One statement: an application cannot name an upload between the check and the delete.
     */
    async deleteUnusedBefore(before: Date): Promise<string[]> {
      // The records and (in the database) their files in one transaction: both go or neither.
      const rows = await db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('uploads')
          .where('created_at', '<', before)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('applications as a').select('a.id').whereRef('a.company_id', '=', 'uploads.company_id').where((eb) => eb.or([eb('a.cv_upload_id', '=', eb.ref('uploads.id')), eb('a.cover_letter_upload_id', '=', eb.ref('uploads.id'))])))),
          )
          .returning('storage_key')
          .execute();
        await options.removeFilesWithin?.(trx, deleted.map((row) => row.storage_key));
        return deleted;
      });
      // The uploads that stay are attached to an application: who uploaded them is no longer needed.
      await db.updateTable('uploads').set({ uploader_ip_hash: null }).where('created_at', '<', before).where('uploader_ip_hash', 'is not', null).execute();
      return rows.map((row) => row.storage_key);
    },
  };
}
