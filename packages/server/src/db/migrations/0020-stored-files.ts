import { type Kysely, sql } from 'kysely';

/**
 * Issue 18: the `postgres` file store (FILE_STORE=postgres, the default with DATABASE_URL), so
 * every instance reads the files any instance wrote.
 * - `stored_files`: one row per file of a namespace (CVs, step files, interview answers); a
 *   temporary file (a write under way or left by a crash) has its temporary name and
 *   `temporary = true` until the record naming it commits and it is renamed to its key.
 * - `stored_file_chunks`: the bytes, in rows of at most 256 KB at their byte offset, so a file
 *   is written and read (ranges too) a few rows at a time, never whole in memory. Removed with
 *   their file (on delete cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('namespace', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('company_id', 'text', (col) => col.notNull())
    .addColumn('temporary', 'boolean', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('modified_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('stored_files_namespace_name_key', ['namespace', 'name'])
    .execute();
  await db.schema
    .createTable('stored_file_chunks')
    .addColumn('file_id', 'text', (col) => col.notNull().references('stored_files.id').onDelete('cascade'))
    .addColumn('start', 'bigint', (col) => col.notNull())
    .addColumn('data', 'bytea', (col) => col.notNull())
    .addPrimaryKeyConstraint('stored_file_chunks_pkey', ['file_id', 'start'])
    .execute();
  // Bytes are written once and read whole: compressing them (PDF, video) wastes CPU for nothing.
  await sql`alter table stored_file_chunks alter column data set storage external`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stored_file_chunks').execute();
  await db.schema.dropTable('stored_files').execute();
}
