import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ADMIN_SETUP_HOURS, AdminEmailError, createAdmin, isEmail } from './modules/admin/first-admin';

/**
 * `npm run admin:create -- --email admin@example.com [--first-name Ada] [--last-name Admin]`:
 * creates an admin account (or finds the existing one) and prints a one-time link to set its
 * password. Runs against the same database as the server (DATA_DIR or DATABASE_URL); with the
 * embedded database, stop the server first (PGlite allows one process at a time).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
  });
  if (values.help || !values.email) {
    console.error('Usage: npm run admin:create -- --email admin@example.com [--first-name Ada] [--last-name Admin]');
    process.exit(values.help ? 0 : 2);
  }
  // A typo fails before the database is opened (PGlite takes seconds to start).
  if (!isEmail(values.email)) throw new AdminEmailError(`Not an email address: ${JSON.stringify(values.email)}`);
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await migrateToLatest(database.db);
    const admin = await createAdmin(database.db, {
      email: values.email,
      firstName: values['first-name'],
      lastName: values['last-name'],
      publicUrl: config.publicUrl,
    });
    console.log(admin.created ? `Admin account created for ${values.email.trim().toLowerCase()}.` : `An admin account for ${values.email.trim().toLowerCase()} exists: here is a new link.`);
    console.log(`Set its password within ${ADMIN_SETUP_HOURS} hours (the link works once):`);
    console.log(`  ${admin.link}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
