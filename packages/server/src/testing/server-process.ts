import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

function portIsFree(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

/**
 * A free port: from REC_TEST_PORTS (`3211-3219`, for machines where each person has a range),
 * else one the OS picks.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.REC_TEST_PORTS ?? '');
  if (!range) {
    const port = await portIsFree(0);
    if (port === undefined) throw new Error('no free port');
    return port;
  }
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if ((await portIsFree(port)) !== undefined) return port;
  }
  throw new Error(`no free port in REC_TEST_PORTS=${process.env.REC_TEST_PORTS}`);
}

/** Resolves with everything printed once `pattern` appears on stdout; rejects if the process exits first. */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; output:\n${output}`)), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ${pattern}; output:\n${output}`));
    });
  });
}

export interface ServerOptions {
  /** On top of the defaults below: a real database, Redis, PUBLIC_URL, TRUST_PROXY... */
  env?: Record<string, string>;
  /** The port to listen on (a restart on the same port); a free one when absent. */
  port?: number;
  /** How long start-up (migrations and seeding on a fresh database included) may take. */
  readyTimeoutMs?: number;
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  exited: Promise<number | null>;
}

/** `npm run serve` as a real process, on embedded PGlite in `dataDir` unless `env` names a database (demo data seeded), ready to answer. */
export async function startServer(dataDir: string, options: ServerOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'no-dist'),
      DATABASE_URL: '',
      PUBLIC_URL: '',
      NODE_ENV: 'development',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await waitForOutput(child, /Recruitment platform ready/, options.readyTimeoutMs ?? 120_000);
  return { child, base: `http://127.0.0.1:${port}`, port, exited };
}

/**
 * What several instances share: one database (`database` on the server of `databaseUrl`), the files
 * in it, and one Redis database (`redisDb`, a run's own, so earlier runs' rate limits are not its).
 */
export function sharedServicesEnv(databaseUrl: string, database: string, redisUrl: string, redisDb: number): Record<string, string> {
  return {
    DATABASE_URL: Object.assign(new URL(databaseUrl), { pathname: `/${database}` }).toString(),
    FILE_STORE: 'postgres',
    REDIS_URL: Object.assign(new URL(redisUrl), { pathname: `/${redisDb}` }).toString(),
  };
}

/** A connection to the server of `databaseUrl` that has created `database` for a multi-instance test (tearDownInstances drops it). */
export async function createInstancesDatabase(databaseUrl: string, database: string): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  return admin;
}

/**
 * The end of a multi-instance test: the proxy closed, every instance still running killed (and
 * waited for), the test's database dropped and the instances' data folders removed.
 */
export async function tearDownInstances(parts: {
  proxy?: { close(): Promise<void> };
  instances: readonly ServerProcess[];
  admin?: { query(statement: string): Promise<unknown>; end(): Promise<void> };
  database: string;
  dataDirs: readonly string[];
}): Promise<void> {
  await parts.proxy?.close();
  for (const instance of parts.instances) if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
  await Promise.all(parts.instances.map((instance) => instance.exited));
  await parts.admin?.query(`drop database if exists ${parts.database} with (force)`);
  await parts.admin?.end();
  for (const dir of parts.dataDirs) rmSync(dir, { recursive: true, force: true });
}
