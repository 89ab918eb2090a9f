import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { migrateToLatest } from './db/migrate';
import { createAdmin } from './modules/admin/first-admin';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { DEMO } from './seed/demo-ids';
import { prepareStartUpData } from './seed/start-up';
import { testBackends, withTestDatabase } from './testing/test-database';

/** Issue 8, finding 1: production starts without demo data; the first admin comes from `admin:create`. */
const REPO = fileURLToPath(new URL('../../../', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs a node script of the repository with `env`; resolves with its output once `until` shows (or it exits). */
function run(script: string, args: string[], env: Record<string, string>, until?: RegExp): { child: ChildProcess; output: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', SEED_DEMO: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`timed out; output:\n${text}`)), 120_000);
    const seen = (chunk: Buffer) => {
      text += chunk.toString();
      if (until?.test(text)) {
        clearTimeout(timer);
        resolve(text);
      }
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (until) reject(new Error(`exited with ${code}; output:\n${text}`));
      else resolve(`${text}\nexit ${code}`);
    });
  });
  return { child, output };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describe('production start-up (real processes, embedded PGlite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rec-prod-'));
  const children: ChildProcess[] = [];
  after(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts without demo accounts, says how to create an admin, and admin:create works end to end', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist'), PUBLIC_URL: base };
    const json = { 'content-type': 'application/json', origin: base };

    const first = run('packages/server/src/main.ts', [], env, /admin:create -- --email/);
    children.push(first.child);
    const output = await first.output;
    assert.doesNotMatch(output, new RegExp(DEMO_ACCOUNTS.admin.password), 'no demo password printed');
    assert.doesNotMatch(output, /demo-invitation/);
    const demoSignIn = await fetch(`${base}/auth/password/sign-in`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password }),
    });
    assert.equal(demoSignIn.status, 401, 'the demo admin does not exist');
    assert.equal((await fetch(`${base}/v2/boards/${DEMO.boardId}`)).status, 404, 'no demo board');
    assert.equal((await fetch(`${base}/v2/recruiters/invite/${DEMO_ACCOUNTS.invitation.invitationLink}`)).status, 404, 'no demo invitation');
    await stop(first.child);

    const refused = await run('packages/server/src/admin-create.ts', ['--email', 'not-an-email'], env).output;
    assert.match(refused, /Not an email address/);
    assert.match(refused, /exit 1$/);

    const created = await run('packages/server/src/admin-create.ts', ['--email', 'Ops@Example.com'], env).output;
    assert.match(created, /exit 0$/, created);
    const link = /\/reset\/([A-Za-z0-9_-]{43})/.exec(created);
    assert.ok(link, created);
    assert.ok(created.includes(`${base}/reset/`), 'the link is on the public URL');

    const second = run('packages/server/src/main.ts', [], env, /Sign-in/);
    children.push(second.child);
    const again = await second.output;
    assert.doesNotMatch(again, /admin:create/, 'an admin exists now');
    const reset = await fetch(`${base}/auth/password/reset`, { method: 'POST', headers: json, body: JSON.stringify({ token: link[1], password: 'first-admin-password-2026' }) });
    assert.equal(reset.status, 204);
    const reused = await fetch(`${base}/auth/password/reset`, { method: 'POST', headers: json, body: JSON.stringify({ token: link[1], password: 'another-password-2026' }) });
    assert.equal(reused.status, 401, 'the link works once');
    const signIn = await fetch(`${base}/auth/password/sign-in`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'ops@example.com', password: 'first-admin-password-2026' }),
    });
    assert.equal(signIn.status, 200);
    // The new admin has no second factor yet: the sign-in leads to its set-up first (issue 32).
    assert.deepEqual(await signIn.json(), { user: { type: 'admin', tenantId: null }, redirectTo: '/login/two-factor', secondFactor: 'enrol' });
    await stop(second.child);
  });
});

for (const backend of testBackends()) {
  describe(`start-up data [${backend.name}]`, () => {
    it('an empty production database gets no demo unless SEED_DEMO; development gets the demo', async () => {
      await withTestDatabase(
        backend,
        async ({ db }) => {
          await migrateToLatest(db);
          const production = await prepareStartUpData(db, { nodeEnv: 'production', seedDemo: false });
          assert.deepEqual(production, { seeded: false, demoPresent: false, showDemoLogins: false, needsAdmin: true });
          assert.equal((await db.selectFrom('accounts').select('id').execute()).length, 0);
          assert.equal((await db.selectFrom('companies').select('id').execute()).length, 0);

          await createAdmin(db, { email: 'root@example.com', publicUrl: 'http://x.test' });
          assert.equal((await prepareStartUpData(db, { nodeEnv: 'production', seedDemo: false })).needsAdmin, false);
          const tokens = await db.selectFrom('auth_tokens').select(['token_hash', 'purpose']).execute();
          assert.equal(tokens.length, 1);
          assert.equal(tokens[0]?.purpose, 'password_reset');
          assert.match(tokens[0]?.token_hash ?? '', /^[0-9a-f]{64}$/, 'only the hash is stored');
        },
        { empty: true },
      );
      await withTestDatabase(
        backend,
        async ({ db }) => {
          await migrateToLatest(db);
          const opted = await prepareStartUpData(db, { nodeEnv: 'production', seedDemo: true });
          assert.equal(opted.seeded, true);
          assert.equal(opted.showDemoLogins, false, 'production never prints the demo passwords');
        },
        { empty: true },
      );
      await withTestDatabase(
        backend,
        async ({ db }) => {
          await migrateToLatest(db);
          assert.deepEqual(await prepareStartUpData(db, { nodeEnv: 'development', seedDemo: false }), {
            seeded: true,
            demoPresent: true,
            showDemoLogins: true,
            needsAdmin: false,
          });
        },
        { empty: true },
      );
    });
  });
}
