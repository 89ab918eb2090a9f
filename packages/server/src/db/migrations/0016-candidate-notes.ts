import { type Kysely, sql } from 'kysely';

/**
 * Issue 11, the candidate page: recruiters' notes on a candidate's application. `mentions` holds
 * the ids of the colleagues the note mentions (they were mailed). A note belongs to its
 * application (deleted with it) and to the company's candidate; the author is an account of the
 * company (kept as a plain id with no foreign key, so removing a recruiter keeps the team's notes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('candidate_notes')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull())
    .addColumn('candidate_id', 'char(24)', (col) => col.notNull())
    .addColumn('application_id', 'char(24)', (col) => col.notNull())
    .addColumn('author_id', 'char(24)', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull().check(sql`char_length(text) between 1 and 5000`))
    .addColumn('mentions', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('candidate_notes_application_fkey', ['company_id', 'application_id'], 'applications', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
    .addForeignKeyConstraint('candidate_notes_candidate_fkey', ['company_id', 'candidate_id'], 'candidates', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('candidate_notes_application_idx').on('candidate_notes').columns(['company_id', 'application_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('candidate_notes').execute();
}
