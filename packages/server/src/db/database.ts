import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Dialect, Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';

/** Where the data lives: a PostgreSQL server, or PGlite on disk, in memory or cloned from a dump. */
export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  /** An instance the caller created (tests dump it); closing the handle closes it. */
  | { kind: 'pglite-instance'; pglite: PGlite };

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** Human description for logs, without credentials ("PGlite at data/pglite"). */
  description: string;
  /** Ends the pool or closes PGlite. Safe to call twice. */
  close(): Promise<void>;
}

/** DATABASE_URL selects a PostgreSQL server; without it the embedded PGlite under DATA_DIR is used. */
export function databaseTarget(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}

export function createDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<DatabaseHandle> {
  return openDatabase(databaseTarget(config));
}

/**
 * Opens the database. Only the Kysely dialect differs between the two backends: every query,
 * migration and test goes through the same Kysely code, so what passes on PGlite runs on the server.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const { dialect, description } = await createDialect(target);
  const db = new Kysely<Database>({ dialect });
  try {
    // Fail at start-up with a clear message rather than on the first request.
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw new Error(`Cannot open the database (${description}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  let closing: Promise<void> | undefined;
  return {
    db,
    description,
    close: () => {
      closing ??= db.destroy();
      return closing;
    },
  };
}

async function createDialect(target: DatabaseTarget): Promise<{ dialect: Dialect; description: string }> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 10_000 });
    // An idle client dies when the server restarts; the pool replaces it on the next checkout.
    // Without a listener the 'error' event would crash the process.
    pool.on('error', () => undefined);
    return { dialect: new PostgresDialect({ pool }), description: `PostgreSQL at ${redactUrl(target.url)}` };
  }
  if (target.kind === 'pglite-instance') return { dialect: new PGliteDialect(target.pglite), description: 'PGlite instance' };
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir: target.dataDir, loadDataDir: target.loadDataDir });
  return { dialect: new PGliteDialect(pglite), description: target.dataDir ? `PGlite at ${target.dataDir}` : 'PGlite in memory' };
}

/** host:port/database of a connection URL, never its password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'an unparsable URL';
  }
}
