import type { Kysely } from 'kysely';
import { type MigrationResultSet, Migrator, NO_MIGRATIONS } from 'kysely/migration';
import { MIGRATIONS } from './migrations';
import type { Database } from './schema';

function migrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
}

/** Names of the migrations applied by this call (empty when the schema was already current). */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return applied(await migrator(db).migrateToLatest());
}

/** Undoes every migration; for tests of the down paths. */
export async function migrateDownToEmpty(db: Kysely<Database>): Promise<string[]> {
  return applied(await migrator(db).migrateTo(NO_MIGRATIONS));
}

function applied({ error, results = [] }: MigrationResultSet): string[] {
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
