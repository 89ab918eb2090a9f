import { type Kysely, sql } from 'kysely';

/**
 * The configurable apply form (issue 9, item 10): each opening stores which fields its form asks
 * (`apply_form`, `{}` = the defaults of packages/core apply-form.ts, so existing openings stop
 * asking sensitive fields), and an application may carry a cover letter file beside its CV.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('openings')
    .addColumn('apply_form', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.alterTable('applications').addColumn('cover_letter_upload_id', 'char(24)').execute();
  // A file belongs to one application, as the CV does.
  await db.schema.alterTable('applications').addUniqueConstraint('applications_cover_letter_upload_key', ['cover_letter_upload_id']).execute();
  await db.schema
    .alterTable('applications')
    .addForeignKeyConstraint('applications_cover_letter_fkey', ['company_id', 'cover_letter_upload_id'], 'uploads', ['company_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').dropConstraint('applications_cover_letter_fkey').execute();
  await db.schema.alterTable('applications').dropConstraint('applications_cover_letter_upload_key').execute();
  await db.schema.alterTable('applications').dropColumn('cover_letter_upload_id').execute();
  await db.schema.alterTable('openings').dropColumn('apply_form').execute();
}
