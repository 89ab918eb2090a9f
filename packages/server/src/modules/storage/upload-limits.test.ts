import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { buildApp } from '../../app';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from '../../config';
import { DEMO } from '../../seed/demo-ids';
import { applyWithCv } from '../../testing/candidate';
import { multipartFile, SMALL_PDF } from '../../testing/multipart';
import { testAppConfig, testBackends, withTestDatabase } from '../../testing/test-database';
import { createUploadRepository } from './repository';

/** A CV upload to the demo sample offer from `client` (a forwarded address: the app trusts its proxy). */
async function upload(app: FastifyInstance, client: string) {
  const { payload, headers } = multipartFile('file', 'cv.pdf', SMALL_PDF);
  const query = `scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`;
  const response = await app.inject({ method: 'POST', url: `/v2/storage?${query}`, payload, headers: { ...headers, 'x-forwarded-for': client } });
  const body = response.json();
  return { status: response.statusCode, error: body.error as string | undefined, url: body.url as string, name: body.name as string };
}

for (const backend of testBackends()) {
  describe(`bounds on unattached uploads [${backend.name}]`, () => {
    /** An app trusting its proxy, with `limits` (given what the seed already holds unattached for the demo company). */
    async function withApp(limits: (companyHeld: number) => Partial<UploadLimits>, fn: (app: FastifyInstance, dataDir: string, db: Kysely<Database>) => Promise<void>) {
      await withTestDatabase(backend, async ({ db }) => {
        const companyHeld = (await createUploadRepository(db).held(DEMO.companyId, 'nobody', new Date(0))).company.count;
        const dataDir = mkdtempSync(join(tmpdir(), 'rec-upload-limits-'));
        const uploadLimits = { ...DEFAULT_UPLOAD_LIMITS, minFreeBytes: 0, ...limits(companyHeld) };
        const app = await buildApp({ db, config: testAppConfig({ dataDir, trustProxy: true, uploadLimits }), logger: false });
        try {
          await fn(app, dataDir, db);
        } finally {
          await app.close();
        }
      });
    }

    it('one address holds at most N unattached files; past the company bound only addresses already holding one are refused; an attached CV no longer counts', async () => {
      await withApp(
        (companyHeld) => ({ perIpCount: 2, perCompanyCount: companyHeld + 4 }),
        async (app) => {
          const first = await upload(app, '203.0.113.10');
          assert.equal(first.status, 201);
          assert.equal((await upload(app, '203.0.113.10')).status, 201);
          assert.deepEqual(await upload(app, '203.0.113.10'), { status: 429, error: 'errors.tooManyRequests', url: undefined, name: undefined });

          assert.equal((await upload(app, '203.0.113.20')).status, 201, 'another address has its own bound');
          assert.equal((await upload(app, '203.0.113.30')).status, 201, 'a third address');
          const companyFull = await upload(app, '203.0.113.20');
          assert.equal(companyFull.status, 429, 'the company holds its maximum: a second file of an address is refused');
          assert.equal(companyFull.error, 'errors.tooManyRequests');

          // Submitting an application attaches the CV: it is no longer "pending".
          await applyWithCv(app, { id: first.url.slice(-24), url: first.url, name: first.name });
          assert.equal((await upload(app, '203.0.113.10')).status, 201);
        },
      );
    });

    it('25 addresses filling the company bound cannot close its applications: a new candidate still uploads (issue 24, M2)', async () => {
      await withApp(
        (companyHeld) => ({ perIpCount: 20, perCompanyCount: companyHeld + 25 }),
        async (app) => {
          for (let i = 1; i <= 25; i++) assert.equal((await upload(app, `198.51.100.${i}`)).status, 201);
          assert.equal((await upload(app, '198.51.100.1')).status, 429, 'the attackers are at the bound');
          const candidate = await upload(app, '192.0.2.77');
          assert.equal(candidate.status, 201, 'a candidate holding nothing gets their CV in');
          await applyWithCv(app, { id: candidate.url.slice(-24), url: candidate.url, name: candidate.name });
        },
      );
    });

    it('counts the addresses of one IPv6 /64 as one client', async () => {
      await withApp(
        () => ({ perIpCount: 2 }),
        async (app) => {
          assert.equal((await upload(app, '2001:db8:5:6::1')).status, 201);
          assert.equal((await upload(app, '2001:db8:5:6::2')).status, 201);
          assert.equal((await upload(app, '2001:db8:5:6:ffff::3')).status, 429, 'the same /64');
          assert.equal((await upload(app, '2001:db8:5:7::1')).status, 201, 'another /64');
        },
      );
    });

    it('files older than the pending minutes no longer count (they are being swept)', async () => {
      await withApp(
        () => ({ perIpCount: 1, pendingMinutes: 20 }),
        async (app, _dataDir, db) => {
          const held = await upload(app, '203.0.113.90');
          assert.equal(held.status, 201);
          assert.equal((await upload(app, '203.0.113.90')).status, 429);
          await db.updateTable('uploads').set({ created_at: new Date(Date.now() - 21 * 60_000) } as never).where('id', '=', held.url.slice(-24)).execute();
          assert.equal((await upload(app, '203.0.113.90')).status, 201);
        },
      );
    });

    it('bounds the bytes one address holds, counting the file being uploaded', async () => {
      await withApp(() => ({ perIpBytes: Math.floor(SMALL_PDF.length * 1.5) }), async (app) => {
        assert.equal((await upload(app, '203.0.113.40')).status, 201);
        const second = await upload(app, '203.0.113.40');
        assert.equal(second.status, 429);
        assert.equal(second.error, 'errors.tooManyRequests');
        assert.equal((await upload(app, '203.0.113.41')).status, 201);
      });
    });

    it('refuses uploads with 507 when the data volume has less free space than the floor, writing nothing', async () => {
      await withApp(() => ({ minFreeBytes: Number.MAX_SAFE_INTEGER }), async (app, dataDir) => {
        const refused = await upload(app, '203.0.113.50');
        assert.equal(refused.status, 507);
        assert.equal(refused.error, 'upload.storageFull');
        const root = join(dataDir, 'uploads');
        const companies = existsSync(root) ? readdirSync(root) : [];
        assert.deepEqual(
          companies.flatMap((company) => readdirSync(join(dataDir, 'uploads', company))),
          [],
          'no file written',
        );
      });
    });
  });
}
