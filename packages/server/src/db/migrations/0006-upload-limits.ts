import type { Kysely } from 'kysely';

/**
 * Bounds on unattached uploads (issue 8, finding 5): who uploaded (a hash of the client
 * address, cleared once the upload is an hour old), and indexes for "what does this address /
 * this company hold that no application names yet".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('uploader_ip_hash', 'text').execute();
  await db.schema.createIndex('uploads_uploader_ip_hash_idx').on('uploads').column('uploader_ip_hash').execute();
  await db.schema.createIndex('uploads_company_created_idx').on('uploads').columns(['company_id', 'created_at']).execute();
  await db.schema.createIndex('applications_company_cv_upload_idx').on('applications').columns(['company_id', 'cv_upload_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('applications_company_cv_upload_idx').execute();
  await db.schema.dropIndex('uploads_company_created_idx').execute();
  await db.schema.dropIndex('uploads_uploader_ip_hash_idx').execute();
  await db.schema.alterTable('uploads').dropColumn('uploader_ip_hash').execute();
}
