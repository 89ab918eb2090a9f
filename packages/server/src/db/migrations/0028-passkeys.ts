import { type Kysely, sql } from 'kysely';

/**
 * Issue 32, passkeys (WebAuthn) as a second factor and as a password-less sign-in. Named
 * `0028-passkeys` so that another branch taking 0028 too still sorts and reads apart.
 * - `passkeys`: the credentials of an identity (the lower-cased e-mail, like the TOTP factor).
 *   `credential_id` (base64url, unique: an authenticator's credential belongs to one person),
 *   `public_key` the COSE key (base64url; a public key, no secret), `counter` the last signature
 *   counter seen (a counter that does not grow refuses the assertion: a cloned authenticator),
 *   `user_handle` the random WebAuthn user id of the identity (the same on all its passkeys, never
 *   the e-mail), `name` what the person called it.
 * - `passkey_challenges`: SHA-256 of each challenge handed out, its purpose, the session it is
 *   bound to (registration and second factor), the user handle a registration offered, and a
 *   short expiry; a verification deletes the row it uses, so a challenge works once.
 * Migrations are frozen history: never edit this file once shipped, add a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('credential_id', 'text', (col) => col.notNull().unique())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('transports', 'text')
    .addColumn('user_handle', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('passkeys_email_idx').on('passkeys').column('email').execute();
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge_hash', 'char(64)', (col) => col.primaryKey())
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('register', 'second-factor', 'sign-in')`))
    .addColumn('session_hash', 'char(64)')
    .addColumn('user_handle', 'text')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('passkey_challenges_expires_idx').on('passkey_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
