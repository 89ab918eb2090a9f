import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { DEMO } from './seed/demo-ids';
import { multipartFile } from './testing/multipart';
import { startRoundRobinProxy } from './testing/round-robin-proxy';
import { freePort, type ServerProcess, sharedServicesEnv, startServer, tearDownInstances, createInstancesDatabase } from './testing/server-process';

const databaseUrl = process.env.TEST_DATABASE_URL?.trim();
const redisUrl = process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

/** A CV of a few chunks of the postgres driver, different in every run and at every offset. */
function cvBytes(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  bytes.write('\n%%EOF\n', size - 7, 'latin1');
  return bytes;
}

/** A client address of its own per step (the proxy is trusted), so the steps' rate limits stay apart. */
const address = () => `198.51.100.${randomInt(1, 255)}`;

/**
 * Issue 18, "several instances for real": two server processes on one PostgreSQL and one Redis
 * with FILE_STORE=postgres, behind a proxy that alternates between them.
 */
describe('two instances behind a load balancer (FILE_STORE=postgres, shared Redis)', { skip: databaseUrl ? undefined : 'TEST_DATABASE_URL is not set' }, () => {
  const database = `rec_scale_${randomBytes(6).toString('hex')}`;
  const dataDirs: string[] = [];
  const instances: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  let admin: pg.Client;
  let cookie = '';
  let stopping = false;

  async function startInstance(publicUrl: string, redisDb: number) {
    const dataDir = mkdtempSync(join(tmpdir(), 'rec-scale-'));
    dataDirs.push(dataDir);
    const env = { ...sharedServicesEnv(databaseUrl ?? '', database, redisUrl, redisDb), PUBLIC_URL: publicUrl, TRUST_PROXY: 'loopback' };
    const instance = await startServer(dataDir, { env, readyTimeoutMs: 180_000 });
    // What an instance says after start-up is kept for the failure message (and drains its pipes).
    let said = '';
    const keep = (chunk: Buffer) => {
      said = (said + chunk.toString()).slice(-4000);
    };
    instance.child.stdout?.on('data', keep);
    instance.child.stderr?.on('data', keep);
    void instance.exited.then((code) => {
      if (!stopping) console.log(`# instance on port ${instance.port} exited (${code}); it said:\n${said}`);
    });
    instances.push(instance);
    return instance;
  }

  const call = (path: string, init: RequestInit & { ip?: string } = {}) =>
    fetch(`${proxy.base}${path}`, { ...init, headers: { origin: proxy.base, 'x-forwarded-for': init.ip ?? address(), ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) } });

  async function upload(bytes: Buffer, ip = address()) {
    const { payload, headers } = multipartFile('file', 'Lebenslauf.pdf', bytes);
    return call(`/v2/storage?scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`, { method: 'POST', body: payload, headers, ip });
  }

  async function apply(cvUrl: string, ip = address()) {
    const unique = randomBytes(6).toString('hex');
    return call(`/v2/offers/channel/${DEMO.sampleChannelId}/applications`, {
      method: 'POST',
      ip,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        submissionId: `scale-${unique}`,
        firstName: 'Inès',
        lastName: 'Scale',
        email: `ines.${unique}@example.org`,
        birthDate: '21/04/1994',
        cv: { url: cvUrl, name: 'Lebenslauf.pdf' },
        gdprConsent: true,
      }),
    });
  }

  before(async () => {
    admin = await createInstancesDatabase(databaseUrl ?? '', database);
    // The proxy listens first, so the instances cannot pick its port.
    const upstreams: string[] = [];
    proxy = await startRoundRobinProxy(upstreams, await freePort());
    // A Redis database of this run: the sign-in limits of earlier runs are not this run's.
    const redisDb = randomInt(1, 16);
    // One after the other: the first migrates and seeds, the second finds it done.
    upstreams.push((await startInstance(proxy.base, redisDb)).base);
    upstreams.push((await startInstance(proxy.base, redisDb)).base);
  });

  after(async () => {
    stopping = true;
    await tearDownInstances({ proxy, instances, admin, database, dataDirs });
  });

  it('a CV uploaded through one instance downloads byte-identical (and by range) through the other, and exports', async () => {
    const bytes = cvBytes(700 * 1024);
    const uploaded = await upload(bytes);
    assert.equal(uploaded.status, 201, await uploaded.clone().text());
    const { url } = (await uploaded.json()) as { url: string };
    const applied = await apply(url);
    assert.equal(applied.status, 201, await applied.clone().text());
    assert.notEqual(applied.headers.get('x-upstream'), uploaded.headers.get('x-upstream'), 'applied through the other instance');

    const signIn = await call('/auth/password/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.owner.email, password: DEMO_ACCOUNTS.owner.password }),
    });
    assert.equal(signIn.status, 200, await signIn.clone().text());
    cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    const served = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const download = await call(url);
      assert.equal(download.status, 200);
      assert.ok(Buffer.from(await download.arrayBuffer()).equals(bytes), 'byte-identical');
      served.add(download.headers.get('x-upstream') ?? '');
    }
    assert.equal(served.size, 2, 'both instances served the file');
    const range = await call(url, { headers: { range: 'bytes=262000-262200' } });
    assert.equal(range.status, 206);
    assert.ok(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(262000, 262201)), 'a range across two chunks');

    const opening = await openingOf(url.slice(-24));
    for (let i = 0; i < 2; i++) {
      const exported = await call(`/v2/jobs/${opening}/export/applications?categories[]=PERSONAL&categories[]=OPERATIONAL`);
      assert.equal(exported.status, 200, await exported.clone().text());
      const workbook = Buffer.from(await exported.arrayBuffer());
      assert.equal(workbook.subarray(0, 2).toString('latin1'), 'PK', 'an xlsx (zip) workbook');
    }
  });

  it('shares the public rate limit: 30 a minute in all, not 30 per instance', async () => {
    const ip = address();
    const statuses: number[] = [];
    const upstreams = new Set<string>();
    for (let i = 0; i < 31; i++) {
      // No query: counted by the limiter, then refused as a bad request.
      const response = await call('/v2/storage', { method: 'POST', ip });
      statuses.push(response.status);
      upstreams.add(response.headers.get('x-upstream') ?? '');
    }
    assert.equal(upstreams.size, 2);
    assert.deepEqual(statuses.slice(0, 30), Array(30).fill(400));
    assert.equal(statuses[30], 429, 'the 31st request is refused, whichever instance it reached');
  });

  it('loses nothing acknowledged when one instance is killed (-9) mid-way', async () => {
    const acknowledged: { url: string; bytes: Buffer }[] = [];
    let failed = 0;
    const victim = instances[0];
    assert.ok(victim);
    stopping = true;
    for (let i = 0; i < 16; i++) {
      // The kill lands while an upload is under way (it may answer 502: then it was never acknowledged).
      if (i === 6) setTimeout(() => victim.child.kill('SIGKILL'), 15);
      const bytes = cvBytes(300 * 1024 + i);
      const ip = address();
      const uploaded = await upload(bytes, ip).catch(() => undefined);
      if (uploaded?.status !== 201) {
        failed++;
        continue;
      }
      const { url } = (await uploaded.json()) as { url: string };
      const applied = await apply(url, ip).catch(() => undefined);
      if (applied?.status === 201) acknowledged.push({ url, bytes });
      else failed++;
    }
    assert.equal(await victim.exited, null, 'killed by a signal');
    assert.ok(acknowledged.length >= 10, `most requests were acknowledged (${acknowledged.length}, ${failed} not)`);
    for (const { url, bytes } of acknowledged) {
      const download = await call(url);
      assert.equal(download.status, 200, url);
      assert.equal(download.headers.get('x-upstream'), '1', 'served by the survivor');
      assert.ok(Buffer.from(await download.arrayBuffer()).equals(bytes), 'byte-identical');
      assert.ok(await openingOf(url.slice(-24)), 'its application is stored');
    }
  });

  async function openingOf(uploadId: string): Promise<string | undefined> {
    const client = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl ?? ''), { pathname: `/${database}` }).toString() });
    await client.connect();
    try {
      const { rows } = await client.query<{ opening_id: string }>('select p.opening_id from applications a join channels c on c.id = a.channel_id join postings p on p.id = c.posting_id where a.cv_upload_id = $1', [uploadId]);
      return rows[0]?.opening_id;
    } finally {
      await client.end();
    }
  }
});
