/** What other packages (dev scripts, end-to-end tests) use to run the API in-process. */
export { type AccountsModule, type AuthOptions, type BuildAppOptions, buildApp } from './app';
export { type Config, ConfigError, loadConfig } from './config';
export { createDatabase, type DatabaseHandle, type DatabaseTarget, openDatabase } from './db/database';
export { newId } from './db/ids';
export { migrateToLatest } from './db/migrate';
export type { Database } from './db/schema';
export { isDatabaseEmpty, seedDemo } from './seed/demo';
export { DEMO_ACCOUNTS } from './seed/demo-accounts';
export { DEMO } from './seed/demo-ids';
