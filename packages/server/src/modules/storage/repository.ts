import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface NewUploadRow {
  id: string;
  companyId: string;
  storageKey: string;
  originalName: string;
  contentType: string;
  size: number;
}

export interface UploadRow {
  storageKey: string;
  originalName: string;
  contentType: string;
  size: number;
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;

export function createUploadRepository(db: Kysely<Database>) {
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
        })
        .execute();
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
      const rows = await db
        .deleteFrom('uploads')
        .where('created_at', '<', before)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('applications as a').select('a.id').whereRef('a.company_id', '=', 'uploads.company_id').where((eb) => eb.or([eb('a.cv_upload_id', '=', eb.ref('uploads.id')), eb('a.cover_letter_upload_id', '=', eb.ref('uploads.id'))])))),
        )
        .returning('storage_key')
        .execute();
      return rows.map((row) => row.storage_key);
    },
  };
}
