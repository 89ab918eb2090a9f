import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REALTIME_PATH, type RealtimeEventData } from '@rec/core/realtime';
import { createRealtimeClient, type RealtimeClient, type SocketLike } from '@rec/realtime';
import pg from 'pg';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { DEMO } from './seed/demo-ids';
import { multipartFile, SMALL_PDF } from './testing/multipart';
import { freePort, type ServerProcess, sharedServicesEnv, startServer } from './testing/server-process';

const databaseUrl = process.env.TEST_DATABASE_URL?.trim();
const redisUrl = process.env.TEST_REDIS_URL?.trim();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 15 across instances: two real server processes on one PostgreSQL and one Redis. A socket
 * on B hears of an application submitted on A; B killed (-9) and restarted on its port, the same
 * client reconnects by itself and hears the next one.
 */
describe('realtime across two instances (PostgreSQL + Redis)', { skip: databaseUrl && redisUrl ? undefined : 'TEST_DATABASE_URL and TEST_REDIS_URL are not both set' }, () => {
  const database = `rec_realtime_${randomBytes(6).toString('hex')}`;
  const dataDirs: string[] = [];
  const children: ChildProcess[] = [];
  let admin: pg.Client;
  let redisDb: number;
  let a: ServerProcess;
  let b: ServerProcess;
  let client: RealtimeClient;
  /** `subscribed` answers seen by the client's sockets (the client itself does not expose them). */
  let subscribedAt: number[] = [];

  async function start(port: number) {
    const dataDir = mkdtempSync(join(tmpdir(), 'rec-realtime-'));
    dataDirs.push(dataDir);
    const env = { ...sharedServicesEnv(databaseUrl ?? '', database, redisUrl ?? '', redisDb), PUBLIC_URL: `http://127.0.0.1:${port}` };
    const server = await startServer(dataDir, { port, env, readyTimeoutMs: 180_000 });
    children.push(server.child);
    return server;
  }

  async function applyOn(base: string): Promise<number> {
    const ip = `198.51.100.${randomInt(1, 255)}`;
    const headers = { 'x-forwarded-for': ip };
    const { payload, headers: multipart } = multipartFile('file', 'cv.pdf', SMALL_PDF);
    const uploaded = await fetch(`${base}/v2/storage?scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`, { method: 'POST', body: payload, headers: { ...multipart, ...headers } });
    assert.equal(uploaded.status, 201, await uploaded.clone().text());
    const cv = await uploaded.json();
    const unique = randomBytes(6).toString('hex');
    const sent = Date.now();
    const applied = await fetch(`${base}/v2/offers/channel/${DEMO.sampleChannelId}/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ submissionId: `rt-${unique}`, firstName: 'Rhea', lastName: 'Time', email: `rhea.${unique}@example.org`, cv, gdprConsent: true }),
    });
    assert.equal(applied.status, 201, await applied.clone().text());
    return sent;
  }

  before(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    redisDb = randomInt(1, 16);
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await start(await freePort());
    b = await start(await freePort());
  });

  after(async () => {
    client?.close();
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await pause(200);
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.end();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('delivers A’s application to a client on B within 1 s; after kill -9 and restart of B the client reconnects and hears the next', async () => {
    const signIn = await fetch(`${b.base}/auth/password/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: b.base },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.owner.email, password: DEMO_ACCOUNTS.owner.password }),
    });
    assert.equal(signIn.status, 200, await signIn.clone().text());
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const db = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl ?? ''), { pathname: `/${database}` }).toString() });
    await db.connect();
    const { rows } = await db.query<{ opening_id: string }>('select p.opening_id from channels c join postings p on p.id = c.posting_id where c.id = $1', [DEMO.sampleChannelId]);
    await db.end();
    const openingId = rows[0]?.opening_id ?? '';

    const received: Array<{ at: number; data: RealtimeEventData }> = [];
    const opened: number[] = [];
    client = createRealtimeClient({
      url: `ws://127.0.0.1:${b.port}${REALTIME_PATH}`,
      createSocket: (url) => {
        const socket = new WebSocket(url, { headers: { origin: b.base, cookie } });
        socket.on('open', () => opened.push(Date.now()));
        socket.on('message', (data) => {
          if (JSON.parse(data.toString()).type === 'subscribed') subscribedAt.push(Date.now());
        });
        // A refused connection (B down) must not crash the test: the client's onclose reconnects.
        socket.on('error', () => {});
        return socket as unknown as SocketLike;
      },
    });
    client.subscribe('APPLICATION_CREATED', { openingId }, (data) => received.push({ at: Date.now(), data }));
    const waitFor = async (check: () => boolean, ms: number, what: string) => {
      const started = Date.now();
      while (!check()) {
        if (Date.now() - started > ms) throw new Error(`${what} not within ${ms} ms`);
        await pause(10);
      }
    };
    await waitFor(() => subscribedAt.length === 1, 5000, 'first subscription');

    const submitted = await applyOn(a.base);
    await waitFor(() => received.length === 1, 1000, 'the event on B');
    const latency = (received[0]?.at ?? 0) - submitted;
    console.log(`# B's client heard A's application ${latency} ms after the apply request was sent`);
    assert.equal(received[0]?.data.openingId, openingId);

    // kill -9 and restart B on the same port.
    b.child.kill('SIGKILL');
    await b.exited;
    const killedAt = Date.now();
    subscribedAt = [];
    b = await start(b.port);
    const readyAt = Date.now();
    await waitFor(() => subscribedAt.length >= 1, 5000, 'the resubscription after the restart');
    const reconnect = (opened.at(-1) ?? 0) - readyAt;
    console.log(`# B restarted ${readyAt - killedAt} ms after the kill; the client reconnected ${reconnect} ms after B was ready`);
    assert.ok(reconnect <= 2500, `reconnects within one 2000 ms period of B being ready (${reconnect} ms)`);

    const second = await applyOn(a.base);
    await waitFor(() => received.length === 2, 1000, 'the next event after the restart');
    console.log(`# after the restart: ${(received[1]?.at ?? 0) - second} ms`);
  });
});
