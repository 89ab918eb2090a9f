import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ADMIN_SETUP_HOURS, AdminEmailError, createAdmin, isEmail, resetAdminSecondFactor } from './modules/admin/first-admin';

/**
 * `npm run admin:create -- --email admin@example.com [--first-name Ada] [--last-name Admin] [--reset-two-factor]`:
 * creates an admin account (or finds the existing one) and prints a one-time link to set its
 * password. `--reset-two-factor` first removes an existing admin's second factors (one who lost
 * them all): the next sign-in enrols again. Runs against the same database as the server (DATA_DIR or DATABASE_URL); with the
 * embedded database, stop the server first (PGlite allows one process at a time).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, 'reset-two-factor': { type: 'boolean' }, help: { type: 'boolean' } },
    strict: true,
  });
  if (values.help || !values.email) {
    console.error('Usage: npm run admin:create -- --email admin@example.com [--first-name Ada] [--last-name Admin] [--reset-two-factor]');
    process.exit(values.help ? 0 : 2);
  }
  // A typo fails before the database is opened (PGlite takes seconds to start).
  if (!isEmail(values.email)) throw new AdminEmailError(`Not an email address: ${JSON.stringify(values.email)}`);
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await migrateToLatest(database.db);
    if (values['reset-two-factor']) {
      const reset = await resetAdminSecondFactor(database.db, values.email);
      console.log(reset ? 'Its second factors, recovery codes and sessions were removed.' : 'No admin has this e-mail: nothing to reset.');
    }
    const admin = await createAdmin(database.db, {
      email: values.email,
      firstName: values['first-name'],
      lastName: values['last-name'],
      publicUrl: config.publicUrl,
    });
    console.log(admin.created ? `Admin account created for ${values.email.trim().toLowerCase()}.` : `An admin account for ${values.email.trim().toLowerCase()} exists: here is a new link.`);
    console.log(`Set its password within ${ADMIN_SETUP_HOURS} hours (the link works once):`);
    console.log(`  ${admin.link}`);
    console.log('At the first sign-in, two-factor (an authenticator app or a passkey) is set up before anything else.');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
