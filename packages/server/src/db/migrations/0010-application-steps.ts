import { type Kysely, sql } from 'kysely';

/**
 * The applicant's step flow (issue 10): a process (ordered products with their configuration)
 * per company (the default for new openings) and per opening; the steps of each application
 * with their status (spec §4); which of the candidate's applications a session is working on;
 * short-lived bearer tokens that let an embedded `<rec-applicant-steps>` continue one
 * application without cookies; and the interview's video answers as they are uploaded.
 *
 * Every table carries `company_id` and references its parent through `(company_id, id)` like
 * 0001/0003, so a step can never point at another company's application.
 */
const STATUSES = sql`('PENDING', 'STARTED', 'DONE', 'LINKED', 'PERMISSION_REQUIRED', 'CONSENT_RELAY', 'LOGIN_REQUIRED')`;
const PRODUCTS = sql`('application-form', 'interview', 'shape', 'drive', 'brain')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_step_processes')
    .addColumn('company_id', 'char(24)', (col) => col.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('process', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('opening_step_processes')
    .addColumn('company_id', 'char(24)', (col) => col.notNull())
    .addColumn('opening_id', 'char(24)', (col) => col.notNull())
    .addColumn('process', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('opening_step_processes_pkey', ['company_id', 'opening_id'])
    .addForeignKeyConstraint('opening_step_processes_opening_fkey', ['company_id', 'opening_id'], 'openings', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('application_steps')
    .addColumn('id', 'char(24)', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull())
    .addColumn('application_id', 'char(24)', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('product', 'text', (col) => col.notNull())
    .addColumn('config', 'jsonb', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('PENDING'))
    // What the candidate did so far (form answers, uploaded interview answers).
    .addColumn('progress', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    // Scores of an assessment: for the company, never sent back to the candidate's pages.
    .addColumn('result', 'jsonb')
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('application_steps_company_id_id_key', ['company_id', 'id'])
    // One step per product and application (one status route per product, spec §2).
    .addUniqueConstraint('application_steps_application_product_key', ['company_id', 'application_id', 'product'])
    .addUniqueConstraint('application_steps_application_position_key', ['company_id', 'application_id', 'position'])
    .addForeignKeyConstraint('application_steps_application_fkey', ['company_id', 'application_id'], 'applications', ['company_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addCheckConstraint('application_steps_status_check', sql`status in ${STATUSES}`)
    .addCheckConstraint('application_steps_product_check', sql`product in ${PRODUCTS}`)
    .execute();

  await db.schema
    .createTable('applicant_current_applications')
    .addColumn('account_id', 'char(24)', (col) => col.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('company_id', 'char(24)', (col) => col.notNull())
    .addColumn('application_id', 'char(24)', (col) => col.notNull())
    .addForeignKeyConstraint('applicant_current_application_fkey', ['company_id', 'application_id'], 'applications', ['company_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('step_access_tokens')
    // SHA-256 hex of the token; the token itself only ever lives in the candidate's page memory.
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('company_id', 'char(24)', (col) => col.notNull())
    .addColumn('application_id', 'char(24)', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addForeignKeyConstraint('step_access_tokens_application_fkey', ['company_id', 'application_id'], 'applications', ['company_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('interview_answers')
    .addColumn('company_id', 'char(24)', (col) => col.notNull())
    .addColumn('step_id', 'char(24)', (col) => col.notNull())
    .addColumn('question_id', 'text', (col) => col.notNull())
    .addColumn('attempt', 'integer', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull().unique())
    // Bytes stored so far: where a resumed upload continues.
    .addColumn('received', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('content_type', 'text')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('interview_answers_pkey', ['company_id', 'step_id', 'question_id', 'attempt'])
    .addForeignKeyConstraint('interview_answers_step_fkey', ['company_id', 'step_id'], 'application_steps', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();

  await db.schema.createIndex('application_steps_application_idx').on('application_steps').columns(['company_id', 'application_id', 'position']).execute();
  await db.schema.createIndex('step_access_tokens_expires_idx').on('step_access_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['interview_answers', 'step_access_tokens', 'applicant_current_applications', 'application_steps', 'opening_step_processes', 'company_step_processes']) {
    await db.schema.dropTable(table).execute();
  }
}
