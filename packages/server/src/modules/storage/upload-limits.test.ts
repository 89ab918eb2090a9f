import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
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
    async function withApp(limits: (companyHeld: number) => Partial<UploadLimits>, fn: (app: FastifyInstance, dataDir: string) => Promise<void>) {
      await withTestDatabase(backend, async ({ db }) => {
        const companyHeld = (await createUploadRepository(db).held(DEMO.companyId, 'nobody', new Date(0))).company.count;
        const dataDir = mkdtempSync(join(tmpdir(), 'rec-upload-limits-'));
        const uploadLimits = { ...DEFAULT_UPLOAD_LIMITS, minFreeBytes: 0, ...limits(companyHeld) };
        const app = await buildApp({ db, config: testAppConfig({ dataDir, trustProxy: true, uploadLimits }), logger: false });
        try {
          await fn(app, dataDir);
        } finally {
          await app.close();
        }
      });
    }

    it('one address holds at most N unattached files, one company at most M; an attached CV no longer counts', async () => {
      await withApp(
        (companyHeld) => ({ perIpCount: 2, perCompanyCount: companyHeld + 3 }),
        async (app) => {
          const first = await upload(app, '203.0.113.10');
          assert.equal(first.status, 201);
          assert.equal((await upload(app, '203.0.113.10')).status, 201);
          assert.deepEqual(await upload(app, '203.0.113.10'), { status: 429, error: 'errors.tooManyRequests', url: undefined, name: undefined });

          assert.equal((await upload(app, '203.0.113.20')).status, 201, 'another address has its own bound');
          const companyFull = await upload(app, '203.0.113.30');
          assert.equal(companyFull.status, 429, 'the company holds its maximum');
          assert.equal(companyFull.error, 'errors.tooManyRequests');

          // Submitting an application attaches the CV: it is no longer "pending".
          await applyWithCv(app, { id: first.url.slice(-24), url: first.url, name: first.name });
          assert.equal((await upload(app, '203.0.113.10')).status, 201);
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
