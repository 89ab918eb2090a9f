import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { seedTestDatabase } from './test-seed';

/**
 * Test databases on every backend: PGlite always, and the PostgreSQL server named by
 * TEST_DATABASE_URL when it is set, so the same cases prove the SQL on both.
 *
 * PGlite's initdb costs ~3 s and ~800 MB, so each process builds the migrated and seeded state
 * once (a `dumpDataDir()` tarball), and every test database is a clone of it (~0.5 s). The
 * tarballs are also kept in the OS temp directory, keyed by a hash of the migration and seed
 * sources, so the next test files and runs skip the build entirely while those files are unchanged
 * (REC_TEST_TEMPLATE_CACHE=off rebuilds in every process).
 *
 * On PostgreSQL each database is created as `rec_test_<random>` from TEST_DATABASE_URL,
 * migrated and seeded, and dropped when closed.
 */

export type BackendName = 'pglite' | 'postgres';

export interface TestBackend {
  name: BackendName;
  /** A database of its own, migrated and holding the demo seed. Close it. */
  open(): Promise<DatabaseHandle>;
  /** A database of its own with nothing in it, not even migrations. Close it. */
  openEmpty(): Promise<DatabaseHandle>;
}

/** PGlite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export function testBackends(): TestBackend[] {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? [pgliteBackend, postgresBackend(url)] : [pgliteBackend];
}

/** Runs `fn` against a fresh database of `backend` and always closes (and, on PostgreSQL, drops) it. */
export async function withTestDatabase<T>(
  backend: TestBackend,
  fn: (handle: DatabaseHandle) => Promise<T>,
  options: { empty?: boolean } = {},
): Promise<T> {
  const handle = await (options.empty ? backend.openEmpty() : backend.open());
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

/** App config for tests: a recognisable public URL and a dist directory that does not exist. */
export function testAppConfig(overrides: Partial<BuildAppOptions['config']> = {}): BuildAppOptions['config'] {
  return {
    publicUrl: 'http://rec.test',
    distDir: join(tmpdir(), `rec-no-dist-${randomBytes(6).toString('hex')}`),
    dataDir: join(tmpdir(), `rec-test-data-${randomBytes(6).toString('hex')}`),
    nodeEnv: 'test',
    logLevel: 'warn',
    ...overrides,
  };
}

export interface BackendContext {
  readonly backend: TestBackend;
  /** Available inside tests (after the suite's `before`). */
  readonly db: Kysely<Database>;
  readonly app: FastifyInstance;
}

/**
 * `describe(title [backend])` once per backend, with a seeded database and an app built on it
 * for the whole block, both closed afterwards. Tests reach them through the context's getters.
 */
export function describeEachBackend(
  title: string,
  suite: (context: BackendContext) => void,
  options: { config?: Partial<BuildAppOptions['config']> } = {},
): void {
  for (const backend of testBackends()) {
    describe(`${title} [${backend.name}]`, () => {
      let handle: DatabaseHandle | undefined;
      let app: FastifyInstance | undefined;
      const context: BackendContext = {
        backend,
        get db() {
          if (!handle) throw new Error('The test database is only open inside tests');
          return handle.db;
        },
        get app() {
          if (!app) throw new Error('The test app only exists inside tests');
          return app;
        },
      };
      before(async () => {
        handle = await backend.open();
        app = await buildApp({ db: handle.db, config: testAppConfig(options.config), logger: false });
      });
      after(async () => {
        await app?.close();
        await handle?.close();
      });
      suite(context);
    });
  }
}

// --- PGlite ---------------------------------------------------------------------------------

const SERVER_SRC = fileURLToPath(new URL('../', import.meta.url));
const TEMPLATE_CACHE_DIR = join(tmpdir(), 'rec-test-pglite');

type TemplateKind = 'empty' | 'seeded';
type Templates = Record<TemplateKind, Blob>;

const templates = new Map<TemplateKind, Promise<Blob>>();
let built: Promise<Templates> | undefined;

/** One template per process: from the disk cache when present, else built (both kinds at once). */
function template(kind: TemplateKind): Promise<Blob> {
  let blob = templates.get(kind);
  if (!blob) {
    blob = readCachedTemplate(kind).then(async (cached) => {
      if (cached) return cached;
      built ??= buildTemplates();
      return (await built)[kind];
    });
    templates.set(kind, blob);
  }
  return blob;
}

const pgliteBackend: TestBackend = {
  name: 'pglite',
  open: async () => openDatabase({ kind: 'pglite', loadDataDir: await template('seeded') }),
  openEmpty: async () => openDatabase({ kind: 'pglite', loadDataDir: await template('empty') }),
};

/** Hash of everything that shapes the seeded template: PGlite's version, the migrations, the seed and the test seed. */
function templateKey(): string {
  const hash = createHash('sha256');
  // The package does not export its package.json; it sits one level above dist/index.js.
  const pgliteEntry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  hash.update(readFileSync(join(dirname(pgliteEntry), '..', 'package.json')));
  for (const dir of ['db', 'seed']) {
    const files = readdirSync(join(SERVER_SRC, dir), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).sort();
    for (const file of files) hash.update(file).update(readFileSync(join(SERVER_SRC, dir, file)));
  }
  hash.update(readFileSync(join(SERVER_SRC, 'testing', 'test-seed.ts')));
  return hash.digest('hex').slice(0, 16);
}

let key: string | undefined;
function cacheFile(kind: TemplateKind): string {
  key ??= templateKey();
  return join(TEMPLATE_CACHE_DIR, `${key}-${kind}.tar`);
}

async function readCachedTemplate(kind: TemplateKind): Promise<Blob | undefined> {
  if (process.env.REC_TEST_TEMPLATE_CACHE === 'off') return undefined;
  try {
    return new Blob([await readFile(cacheFile(kind))]);
  } catch {
    return undefined; // not built yet for these sources
  }
}

async function buildTemplates(): Promise<Templates> {
  // One instance: dumped as initdb left it, then migrated, seeded and dumped again.
  const pglite = await PGlite.create();
  const handle = await openDatabase({ kind: 'pglite-instance', pglite });
  let result: Templates;
  try {
    const empty = await pglite.dumpDataDir('none');
    await migrateToLatest(handle.db);
    await seedTestDatabase(handle.db);
    result = { empty, seeded: await pglite.dumpDataDir('none') };
  } finally {
    await handle.close();
  }
  await saveTemplates(result);
  return result;
}

async function saveTemplates(result: Templates): Promise<void> {
  try {
    mkdirSync(TEMPLATE_CACHE_DIR, { recursive: true });
    const current = templateKey();
    // Templates of older sources are dead weight (40 MB each).
    for (const name of readdirSync(TEMPLATE_CACHE_DIR)) {
      if (!name.startsWith(current)) rmSync(join(TEMPLATE_CACHE_DIR, name), { force: true });
    }
    for (const kind of ['empty', 'seeded'] as const) {
      const file = cacheFile(kind);
      const blob = result[kind];
      // Written aside then renamed: a parallel test process never reads half a file.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
      renameSync(partial, file);
    }
  } catch {
    // The cache is an optimisation; a read-only temp directory only costs time.
  }
}

// --- PostgreSQL -----------------------------------------------------------------------------

function postgresBackend(baseUrl: string): TestBackend {
  async function openFresh(seeded: boolean): Promise<DatabaseHandle> {
    const name = `rec_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(baseUrl, `create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    let handle: DatabaseHandle;
    try {
      handle = await openDatabase({ kind: 'postgres', url: url.toString() });
      if (seeded) {
        await migrateToLatest(handle.db);
        await seedTestDatabase(handle.db);
      }
    } catch (error) {
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
      throw error;
    }
    let closing: Promise<void> | undefined;
    return {
      ...handle,
      close: () => {
        closing ??= handle.close().then(() => adminQuery(baseUrl, `drop database if exists ${name} with (force)`));
        return closing;
      },
    };
  }
  return { name: 'postgres', open: () => openFresh(true), openEmpty: () => openFresh(false) };
}

/** CREATE/DROP DATABASE cannot run in a transaction or a pool checkout shared with the test database. */
async function adminQuery(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
