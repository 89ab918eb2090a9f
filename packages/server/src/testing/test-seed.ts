import type { Kysely } from 'kysely';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { seedDemo } from '../seed/demo';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * The demo seed as server tests use it. One addition: the demo admin has a second factor, as every
 * admin must before acting (issue 32), so the tests of the admin area start from a complete admin
 * session. The factor is a passkey of a software authenticator nobody keeps (a key in a drawer):
 * the rule is not bypassed, the admin simply is enrolled. `npm start`'s demo admin has none and is
 * guided to enrol at its first sign-in.
 */
export async function seedTestDatabase(db: Kysely<Database>): Promise<void> {
  await seedDemo(db);
  const key = new SoftAuthenticator('http://rec.test');
  await db
    .insertInto('passkeys')
    .values({
      id: newId(),
      email: DEMO_ACCOUNTS.admin.email,
      credential_id: key.id,
      public_key: key.publicKey,
      counter: 0,
      transports: JSON.stringify(['internal']),
      user_handle: newId(),
      name: 'Test seed key',
      created_at: new Date(),
      last_used_at: null,
    })
    .execute();
}
