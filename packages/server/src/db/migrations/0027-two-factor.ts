import { type Kysely, sql } from 'kysely';

/**
 * Issue 32, two-factor sign-in (TOTP). Named `0027-two-factor` so that another branch taking
 * number 0027 too still sorts and reads apart; renumber on merge if the order matters.
 * - `sessions.second_factor`: null for a complete session; 'verify' while the password was right
 *   but the code is still due, 'enrol' while the company requires a factor the person lacks. The
 *   session resolver never treats such a session as signed in.
 * - `two_factor_totp`: one TOTP factor per identity (the lower-cased e-mail, like the one password
 *   of an identity). `secret` is AES-256-GCM encrypted (modules/two-factor/secret-box.ts);
 *   `confirmed_at` null is an enrolment not confirmed yet; `last_step` the last accepted time step
 *   (a code is never accepted twice).
 * - `two_factor_recovery_codes`: SHA-256 of each code (with the identity), single use.
 * - `two_factor_devices`: "remember this device" tokens, SHA-256 only, 30 days.
 * - `two_factor_keys`: the generated encryption key used when TWO_FACTOR_KEY is not set.
 * Migrations are frozen history: never edit this file once shipped, add a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('second_factor', 'text', (col) => col.check(sql`second_factor in ('verify', 'enrol')`))
    .execute();
  await db.schema
    .createTable('two_factor_totp')
    .addColumn('email', 'text', (col) => col.primaryKey())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('last_step', 'bigint')
    .execute();
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'char(64)', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('two_factor_recovery_codes_pkey', ['email', 'code_hash'])
    .execute();
  await db.schema
    .createTable('two_factor_devices')
    .addColumn('token_hash', 'char(64)', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('two_factor_devices_email_idx').on('two_factor_devices').column('email').execute();
  await db.schema
    .createTable('two_factor_keys')
    .addColumn('id', 'smallint', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('two_factor_keys').execute();
  await db.schema.dropTable('two_factor_devices').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor_totp').execute();
  await db.schema.alterTable('sessions').dropColumn('second_factor').execute();
}
