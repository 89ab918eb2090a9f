import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Process } from '@rec/core/steps';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from '../../config';
import { FORM_PROCESS, injectAs, INTERVIEW_PROCESS, WEBM_HEAD } from '../../security/applicant-flow';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { multipartFile, SMALL_PDF } from '../../testing/multipart';
import { testAppConfig, testBackends, withTestDatabase } from '../../testing/test-database';
import { PARTIAL_FILE_MAX_AGE_MS } from '../storage/orphan-files';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * Issue 24, H2: the step flow's files and interview answers are bounded like the CV uploads, by
 * the one upload guard: files and bytes per step and per application, requests per token and per
 * address, the free-space floor, and crash leftovers are swept.
 */
for (const backend of testBackends()) {
  describe(`bounds on step files and interview answers [${backend.name}]`, () => {
    async function withApp(limits: Partial<UploadLimits>, fn: (app: FastifyInstance, dataDir: string) => Promise<void>) {
      await withTestDatabase(backend, async ({ db }) => {
        const dataDir = mkdtempSync(join(tmpdir(), 'rec-step-bounds-'));
        const uploadLimits = { ...DEFAULT_UPLOAD_LIMITS, minFreeBytes: 0, ...limits };
        const app = await buildApp({ db, config: testAppConfig({ dataDir, uploadLimits }), logger: false });
        try {
          await fn(app, dataDir);
        } finally {
          await app.close();
        }
      });
    }

    /** A new application following `process`: its bearer token and first step. */
    async function applyWith(app: FastifyInstance, process: Process) {
      await injectAs(app, DEMO_ACCOUNTS.owner.id, { method: 'PUT', url: '/v2/companies/settings/process', payload: process });
      const upload = `scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`;
      const cv = (await injectAs(app, undefined, { method: 'POST', url: `/v2/storage?${upload}`, ...multipartFile('file', 'cv.pdf', SMALL_PDF) })).json();
      const unique = hex(4);
      const applied = await injectAs(app, undefined, {
        method: 'POST',
        url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
        payload: { submissionId: `bounds-${unique}`, firstName: 'Ana', lastName: 'Bounds', email: `bounds.${unique}@example.org`, cv, gdprConsent: true },
      });
      const authorization = `Bearer ${applied.json().stepsToken}`;
      const next = await app.inject({ method: 'GET', url: '/v2/application-steps/next', headers: { authorization } });
      return { authorization, stepId: next.json().step._id as string };
    }

    const sendFile = (app: FastifyInstance, authorization: string, stepId: string, bytes = SMALL_PDF) =>
      app.inject({ method: 'POST', url: `/v2/application-steps/${stepId}/files?questionId=certificate`, ...withAuth(multipartFile('file', 'certificate.pdf', bytes), authorization) });
    const withAuth = (request: { payload: Buffer; headers: Record<string, string> }, authorization: string) => ({ ...request, headers: { ...request.headers, authorization } });
    const attempts = (stepId: string) => `/v2/application-steps/${stepId}/interview/intro/attempts`;
    const sendChunk = (app: FastifyInstance, authorization: string, stepId: string, offset: number, bytes: Buffer) =>
      app.inject({ method: 'PUT', url: `${attempts(stepId)}/1?offset=${offset}`, payload: bytes, headers: { authorization, 'content-type': 'application/octet-stream' } });

    it('a form step holds at most UPLOAD_FILES_PER_STEP files and UPLOAD_MB_PER_STEP bytes (413 upload.limitReached)', async () => {
      await withApp({ perStepCount: 2, perStepBytes: SMALL_PDF.length * 3 }, async (app) => {
        const { authorization, stepId } = await applyWith(app, FORM_PROCESS);
        assert.equal((await sendFile(app, authorization, stepId)).statusCode, 201);
        assert.equal((await sendFile(app, authorization, stepId)).statusCode, 201);
        const third = await sendFile(app, authorization, stepId);
        assert.equal(third.statusCode, 413);
        assert.equal(third.json().error, 'upload.limitReached');
      });
      await withApp({ perStepBytes: SMALL_PDF.length + 10 }, async (app) => {
        const { authorization, stepId } = await applyWith(app, FORM_PROCESS);
        assert.equal((await sendFile(app, authorization, stepId)).statusCode, 201);
        const over = await sendFile(app, authorization, stepId);
        assert.equal(over.statusCode, 413, 'the bytes of the step are bounded, counting the file being sent');
        assert.equal(over.json().error, 'upload.limitReached');
      });
    });

    it('an application’s interview answers stop at UPLOAD_MB_PER_APPLICATION, and its attempts at UPLOAD_FILES_PER_APPLICATION', async () => {
      await withApp({ perApplicationBytes: 64 * 1024 }, async (app) => {
        const { authorization, stepId } = await applyWith(app, INTERVIEW_PROCESS);
        assert.equal((await app.inject({ method: 'POST', url: attempts(stepId), headers: { authorization } })).statusCode, 200);
        const first = Buffer.concat([WEBM_HEAD, Buffer.alloc(40 * 1024 - WEBM_HEAD.length)]);
        assert.equal((await sendChunk(app, authorization, stepId, 0, first)).statusCode, 200);
        const over = await sendChunk(app, authorization, stepId, first.length, Buffer.alloc(40 * 1024));
        assert.equal(over.statusCode, 413);
        assert.equal(over.json().error, 'upload.limitReached');
      });
      await withApp({ perApplicationCount: 1 }, async (app) => {
        const { authorization, stepId } = await applyWith(app, INTERVIEW_PROCESS);
        assert.equal((await app.inject({ method: 'POST', url: attempts(stepId), headers: { authorization } })).statusCode, 200);
        const retake = await app.inject({ method: 'POST', url: attempts(stepId), headers: { authorization } });
        assert.equal(retake.statusCode, 413, 'a retake would be a second file');
        assert.equal(retake.json().error, 'upload.limitReached');
      });
    });

    it('limits step uploads per token and per client address (429 errors.tooManyRequests)', async () => {
      await withApp({ perTokenPerMinute: 3 }, async (app) => {
        const { authorization, stepId } = await applyWith(app, INTERVIEW_PROCESS);
        await app.inject({ method: 'POST', url: attempts(stepId), headers: { authorization } });
        const statuses: number[] = [];
        // A wrong offset is refused (409) after the rate is counted: the requests still count.
        for (let i = 0; i < 4; i++) statuses.push((await sendChunk(app, authorization, stepId, 999, WEBM_HEAD)).statusCode);
        assert.deepEqual(statuses, [409, 409, 409, 429]);
      });
      await withApp({ perIpPerMinute: 2 }, async (app) => {
        const first = await applyWith(app, FORM_PROCESS);
        const second = await applyWith(app, FORM_PROCESS);
        assert.equal((await sendFile(app, first.authorization, first.stepId)).statusCode, 201);
        assert.equal((await sendFile(app, second.authorization, second.stepId)).statusCode, 201);
        const third = await sendFile(app, second.authorization, second.stepId);
        assert.equal(third.statusCode, 429, 'the same address, whatever the token');
        assert.equal(third.json().error, 'errors.tooManyRequests');
      });
    });

    it('refuses step files and interview chunks with 507 while the store is below the free-space floor', async () => {
      await withTestDatabase(backend, async ({ db }) => {
        const dataDir = mkdtempSync(join(tmpdir(), 'rec-step-floor-'));
        // The applications are made while there is room; then the volume is (said to be) nearly full.
        const roomy = await buildApp({ db, config: testAppConfig({ dataDir }), logger: false });
        const form = await applyWith(roomy, FORM_PROCESS);
        const interview = await applyWith(roomy, INTERVIEW_PROCESS);
        await roomy.inject({ method: 'POST', url: attempts(interview.stepId), headers: { authorization: interview.authorization } });
        await roomy.close();
        const app = await buildApp({ db, config: testAppConfig({ dataDir, uploadLimits: { ...DEFAULT_UPLOAD_LIMITS, minFreeBytes: Number.MAX_SAFE_INTEGER } }), logger: false });
        try {
          const file = await sendFile(app, form.authorization, form.stepId);
          assert.equal(file.statusCode, 507);
          assert.equal(file.json().error, 'upload.storageFull');
          const chunk = await sendChunk(app, interview.authorization, interview.stepId, 0, WEBM_HEAD);
          assert.equal(chunk.statusCode, 507);
          assert.equal(chunk.json().error, 'upload.storageFull');
        } finally {
          await app.close();
        }
      });
    });

    it('sweeps what a kill -9 leaves of step files and interview answers at start-up, and keeps what a record names', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'rec-step-leftovers-'));
      await withTestDatabase(backend, async ({ db }) => {
        const first = await buildApp({ db, config: testAppConfig({ dataDir }), logger: false });
        const form = await applyWith(first, FORM_PROCESS);
        assert.equal((await sendFile(first, form.authorization, form.stepId)).statusCode, 201);
        const interview = await applyWith(first, INTERVIEW_PROCESS);
        await first.inject({ method: 'POST', url: attempts(interview.stepId), headers: { authorization: interview.authorization } });
        await first.close();
        const old = new Date(Date.now() - PARTIAL_FILE_MAX_AGE_MS - 60_000);
        const leave = (folder: string, name: string) => {
          const dir = join(dataDir, 'uploads', folder, DEMO.companyId);
          mkdirSync(dir, { recursive: true });
          const path = join(dir, name);
          writeFileSync(path, 'left by a killed process');
          utimesSync(path, old, old);
          return path;
        };
        const stepPartial = leave('step-files', `.partial-${hex(16)}`);
        const stepOrphan = leave('step-files', `${hex(16)}.pdf`);
        const answerOrphan = leave('interviews', `${hex(16)}.video`);
        const stepKey = (await db.selectFrom('application_steps').select('progress').where('id', '=', form.stepId).executeTakeFirstOrThrow()).progress as { files: Record<string, { key: string }> };
        const kept = Object.values(stepKey.files).map((file) => join(dataDir, 'uploads', 'step-files', file.key));
        const answer = await db.selectFrom('interview_answers').select('storage_key').where('step_id', '=', interview.stepId).executeTakeFirstOrThrow();
        kept.push(join(dataDir, 'uploads', 'interviews', answer.storage_key));

        const second = await buildApp({ db, config: testAppConfig({ dataDir }), logger: false });
        try {
          await second.ready();
          for (let i = 0; i < 100 && [stepPartial, stepOrphan, answerOrphan].some((path) => existsSync(path)); i++) await new Promise((resolve) => setTimeout(resolve, 50));
          assert.equal(existsSync(stepPartial), false, 'a partial step file is removed');
          assert.equal(existsSync(stepOrphan), false, 'a step file no step names is removed');
          assert.equal(existsSync(answerOrphan), false, 'an interview file no attempt names is removed');
          for (const path of kept) assert.ok(existsSync(path), `${path} is named by its record and stays`);
        } finally {
          await second.close();
        }
      });
    });
  });
}
