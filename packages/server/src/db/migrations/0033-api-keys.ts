import { type Kysely, sql } from 'kysely';

/**
 * Issue 30, company API keys. A key is stored as the SHA-256 of its token (the token is shown once
 * and never kept); `hint` is the token's first characters, to tell keys apart in the list.
 * `scopes` is `{ resource: 'read' | 'write' }`. A key acts for its company with its creator's
 * account (`created_by`): removing that member ends their keys (cascade), like their sessions.
 * `last_used_at` is written at most once a minute per key, not on every call.
 * Migrations are frozen history: never edit this file once shipped, add a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_by', 'char(24)', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('scopes', 'jsonb', (col) => col.notNull())
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('hint', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_company_idx').on('api_keys').columns(['company_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}
