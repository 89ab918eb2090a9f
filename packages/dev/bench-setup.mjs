// What the bench cases share: tsx for the server's TypeScript (registered before anything imports
// it), the server modules that build a seeded app, and a bench app's configuration.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

register();

export const { openDatabase } = await import('../server/src/db/database.ts');
export const { migrateToLatest } = await import('../server/src/db/migrate.ts');
export const { seedDemo } = await import('../server/src/seed/demo.ts');
export const { DEMO_ACCOUNTS } = await import('../server/src/seed/demo-accounts.ts');
export const { DEMO_OPENING_IDS } = await import('../server/src/seed/demo-openings.ts');
export const { DEMO } = await import('../server/src/seed/demo-ids.ts');
export const { buildApp } = await import('../server/src/app.ts');

/** `buildApp`'s config for a bench: no built assets to serve, scratch data of this process, warnings only. */
export function benchAppConfig() {
  return {
    publicUrl: 'http://127.0.0.1',
    distDir: join(tmpdir(), `rec-bench-no-dist-${process.pid}`),
    dataDir: join(tmpdir(), `rec-bench-data-${process.pid}`),
    nodeEnv: 'test',
    logLevel: 'warn',
  };
}
