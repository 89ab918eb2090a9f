import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type pg from 'pg';
import { createS3Client, s3SettingsFromUrl } from './modules/storage/drivers/s3';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { DEMO } from './seed/demo-ids';
import { multipartFile } from './testing/multipart';
import { startRoundRobinProxy } from './testing/round-robin-proxy';
import { freePort, type ServerProcess, sharedServicesEnv, startServer, tearDownInstances, createInstancesDatabase } from './testing/server-process';

const databaseUrl = process.env.TEST_DATABASE_URL?.trim();
const redisUrl = process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
const s3Url = process.env.S3_TEST_URL?.trim();
const skip = !databaseUrl ? 'TEST_DATABASE_URL is not set' : !s3Url ? 'S3_TEST_URL is not set (npm test starts a local S3 server)' : undefined;

const address = () => `198.51.100.${randomInt(1, 255)}`;

/**
 * The driver a scaled-out deployment uses for files (FILE_STORE=s3): two instances on one
 * PostgreSQL and one bucket behind an alternating proxy (npm test gives it a local s3rver).
 */
describe('two instances behind a load balancer (FILE_STORE=s3)', { skip }, () => {
  const database = `rec_scale_s3_${randomBytes(6).toString('hex')}`;
  // A bucket of this run: the instances' start-up sweep only ever sees this run's files.
  const bucket = `rec-scale-${randomBytes(6).toString('hex')}`;
  const dataDirs: string[] = [];
  const instances: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  let admin: pg.Client;

  before(async () => {
    const settings = s3SettingsFromUrl(s3Url ?? '');
    await createS3Client(settings).send(new CreateBucketCommand({ Bucket: bucket }));
    admin = await createInstancesDatabase(databaseUrl ?? '', database);
    const upstreams: string[] = [];
    proxy = await startRoundRobinProxy(upstreams, await freePort());
    const redisDb = randomInt(1, 16);
    const env = {
      ...sharedServicesEnv(databaseUrl ?? '', database, redisUrl, redisDb),
      FILE_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: settings.endpoint ?? '',
      S3_FORCE_PATH_STYLE: '1',
      AWS_ACCESS_KEY_ID: settings.credentials?.accessKeyId ?? 'test',
      AWS_SECRET_ACCESS_KEY: settings.credentials?.secretAccessKey ?? 'test',
      PUBLIC_URL: proxy.base,
      TRUST_PROXY: 'loopback',
    };
    // One after the other: the first migrates and seeds, the second finds it done.
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'rec-scale-s3-'));
      dataDirs.push(dataDir);
      const instance = await startServer(dataDir, { env, readyTimeoutMs: 180_000 });
      instance.child.stdout?.resume();
      instance.child.stderr?.resume();
      instances.push(instance);
      upstreams.push(instance.base);
    }
  });

  after(async () => {
    await tearDownInstances({ proxy, instances, admin, database, dataDirs });
  });

  it('a CV uploaded through one instance is stored in the bucket and downloads byte-identical (and by range) through the other', async () => {
    const ip = address();
    const call = (path: string, init: RequestInit & { cookie?: string } = {}) =>
      fetch(`${proxy.base}${path}`, { ...init, headers: { origin: proxy.base, 'x-forwarded-for': ip, ...(init.cookie ? { cookie: init.cookie } : {}), ...(init.headers as Record<string, string>) } });
    const bytes = randomBytes(600 * 1024);
    bytes.write('%PDF-1.4\n', 0, 'latin1');
    const { payload, headers } = multipartFile('file', 'Lebenslauf.pdf', bytes);
    const uploaded = await call(`/v2/storage?scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`, { method: 'POST', body: payload, headers });
    assert.equal(uploaded.status, 201, await uploaded.clone().text());
    const { url } = (await uploaded.json()) as { url: string };
    const unique = randomBytes(6).toString('hex');
    const applied = await call(`/v2/offers/channel/${DEMO.sampleChannelId}/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ submissionId: `s3-${unique}`, firstName: 'Inès', lastName: 'Bucket', email: `ines.${unique}@example.org`, birthDate: '21/04/1994', cv: { url, name: 'Lebenslauf.pdf' }, gdprConsent: true }),
    });
    assert.equal(applied.status, 201, await applied.clone().text());

    const signIn = await call('/auth/password/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.owner.email, password: DEMO_ACCOUNTS.owner.password }),
    });
    assert.equal(signIn.status, 200, await signIn.clone().text());
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const served = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const download = await call(url, { cookie });
      assert.equal(download.status, 200);
      assert.ok(Buffer.from(await download.arrayBuffer()).equals(bytes), 'byte-identical');
      served.add(download.headers.get('x-upstream') ?? '');
    }
    assert.equal(served.size, 2, 'both instances served the file');
    const range = await call(url, { cookie, headers: { range: 'bytes=300000-300100' } });
    assert.equal(range.status, 206);
    assert.ok(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(300000, 300101)));
  });
});
