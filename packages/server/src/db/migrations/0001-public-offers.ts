import { type Kysely, sql } from 'kysely';

/**
 * Companies (tenants), their boards, openings (jobs), postings with per-language content, and
 * the channels through which candidates reach postings.
 *
 * Each child table references its parent by `(company_id, <parent>_id)` against a
 * `unique (company_id, id)` of the parent: the database itself refuses a channel of company A
 * pointing at a posting of company B. Written against PostgreSQL 15 (the server) and 18 (PGlite).
 * Migrations are frozen history: never edit this file once shipped, add a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('settings', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('boards')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    // Foreign key added below, once channels exists (boards and channels reference each other).
    .addColumn('spontaneous_channel_id', 'char(24)')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('boards_company_id_id_key', ['company_id', 'id'])
    .execute();

  await db.schema
    .createTable('openings')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('reference_code', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('DRAFT'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('openings_company_id_id_key', ['company_id', 'id'])
    .addCheckConstraint('openings_status_check', sql`status in ('DRAFT', 'PUBLISHED', 'ARCHIVED')`)
    .execute();

  await db.schema
    .createTable('postings')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull())
    .addColumn('opening_id', 'char(24)', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('OPEN'))
    .addColumn('employment_type', 'text')
    .addColumn('published_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('valid_through', 'timestamptz')
    .addColumn('is_spontaneous', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('postings_company_id_id_key', ['company_id', 'id'])
    .addForeignKeyConstraint('postings_opening_fkey', ['company_id', 'opening_id'], 'openings', ['company_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addCheckConstraint('postings_status_check', sql`status in ('OPEN', 'CLOSED')`)
    .execute();

  await db.schema
    .createTable('posting_contents')
    .addColumn('posting_id', 'char(24)', (col) => col.notNull())
    .addColumn('company_id', 'char(24)', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('location', 'text')
    .addColumn('contract', 'text')
    .addPrimaryKeyConstraint('posting_contents_pkey', ['posting_id', 'language'])
    .addForeignKeyConstraint('posting_contents_posting_fkey', ['company_id', 'posting_id'], 'postings', ['company_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('channels')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull())
    .addColumn('posting_id', 'char(24)', (col) => col.notNull())
    .addColumn('board_id', 'char(24)')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('channels_company_id_id_key', ['company_id', 'id'])
    .addForeignKeyConstraint('channels_posting_fkey', ['company_id', 'posting_id'], 'postings', ['company_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint('channels_board_fkey', ['company_id', 'board_id'], 'boards', ['company_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addCheckConstraint('channels_kind_check', sql`kind in ('BOARD', 'SHARE', 'REFERRAL', 'SPONTANEOUS')`)
    // A board listing without a board would be invisible everywhere.
    .addCheckConstraint('channels_board_kind_check', sql`kind <> 'BOARD' or board_id is not null`)
    .execute();

  await db.schema
    .alterTable('boards')
    .addForeignKeyConstraint(
      'boards_spontaneous_channel_fkey',
      ['company_id', 'spontaneous_channel_id'],
      'channels',
      ['company_id', 'id'],
    )
    .execute();

  // Indexes for the foreign keys the queries (and cascading deletes) walk.
  await db.schema.createIndex('boards_company_id_idx').on('boards').column('company_id').execute();
  await db.schema.createIndex('openings_company_id_idx').on('openings').column('company_id').execute();
  await db.schema.createIndex('postings_company_opening_idx').on('postings').columns(['company_id', 'opening_id']).execute();
  await db.schema.createIndex('posting_contents_company_posting_idx').on('posting_contents').columns(['company_id', 'posting_id']).execute();
  await db.schema.createIndex('channels_company_posting_idx').on('channels').columns(['company_id', 'posting_id']).execute();
  await db.schema.createIndex('channels_company_board_idx').on('channels').columns(['company_id', 'board_id', 'kind']).execute();
  // A posting is listed at most once per board.
  await db.schema
    .createIndex('channels_board_posting_key')
    .on('channels')
    .columns(['board_id', 'posting_id'])
    .unique()
    .where(sql.ref('kind'), '=', 'BOARD')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('boards').dropConstraint('boards_spontaneous_channel_fkey').execute();
  for (const table of ['channels', 'posting_contents', 'postings', 'openings', 'boards', 'companies']) {
    await db.schema.dropTable(table).execute();
  }
}
