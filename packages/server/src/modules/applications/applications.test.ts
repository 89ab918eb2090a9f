import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { DEMO } from '../../seed/demo-ids';
import { DEMO_APPLY } from '../../seed/demo-applications';
import { describeEachBackend } from '../../testing/test-database';
import { multipartFile, SMALL_PDF } from '../../testing/multipart';

const dataDir = mkdtempSync(join(tmpdir(), 'rec-apply-test-'));
const outbox = join(dataDir, 'outbox');

describeEachBackend(
  'applying to an offer',
  (context) => {
    let counter = 0;
    // Both backends share the outbox folder: addresses must differ between their runs.
    const run = Math.random().toString(36).slice(2, 8);
    async function upload(fileName: string, content: Buffer | string, query = `scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`) {
      const { payload, headers } = multipartFile('file', fileName, content);
      return context.app.inject({ method: 'POST', url: `/v2/storage?${query}`, payload, headers });
    }
    async function uploadedCv(): Promise<{ url: string; name: string }> {
      const response = await upload('cv.pdf', SMALL_PDF);
      assert.equal(response.statusCode, 201, response.body);
      return response.json();
    }
    function form(cv: { url: string; name: string }, extra: Record<string, unknown> = {}) {
      counter += 1;
      return {
        submissionId: `test-submission-${counter}-${Date.now()}`,
        firstName: 'Ana',
        lastName: 'Silva',
        email: `ana.silva.${run}.${counter}@example.org`,
        phone: '+352 621 123 456',
        birthDate: '21/04/1994',
        gender: 'female',
        salary: '65000',
        drivingLicenses: ['B'],
        hasWorkPermit: 'yes',
        cv,
        gdprConsent: true,
        ...extra,
      };
    }
    const apply = (body: unknown, channelId: string = DEMO.sampleChannelId, headers: Record<string, string> = {}) =>
      context.app.inject({ method: 'POST', url: `/v2/offers/channel/${channelId}/applications`, payload: body as object, headers });
    const outboxFiles = () => {
      try {
        return readdirSync(outbox).map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')) as { to: string; subject: string; text: string; html: string; date: string });
      } catch {
        return [];
      }
    };

    it('stores a CV and an application in the offer’s company, and mails the candidate', async () => {
      const cv = await uploadedCv();
      assert.match(cv.url, /^\/v2\/storage\/[0-9a-f]{24}$/);
      const body = form(cv, { language: 'fr' });
      const response = await apply(body);
      assert.equal(response.statusCode, 201, response.body);
      const receipt = response.json();
      assert.equal(receipt.created, true);

      const row = await context.db.selectFrom('applications').selectAll().where('id', '=', receipt.applicationId).executeTakeFirstOrThrow();
      assert.equal(row.company_id, DEMO.companyId);
      assert.equal(row.channel_id, DEMO.sampleChannelId);
      assert.equal(row.cv_upload_id, cv.url.slice(-24));
      assert.ok(row.consent_given_at instanceof Date);
      assert.match(row.consent_text, /Lumen Robotics traite vos données/);
      const candidate = await context.db.selectFrom('candidates').selectAll().where('id', '=', row.candidate_id).executeTakeFirstOrThrow();
      assert.equal(candidate.email, body.email);
      assert.deepEqual((candidate.data as { personal: { name: unknown } }).personal.name, { first: 'Ana', last: 'Silva' });

      const mail = outboxFiles().find((file) => file.to === body.email);
      assert.ok(mail, 'a confirmation mail is in the outbox');
      assert.match(mail.subject, /^Votre candidature pour Ingénieur·e logiciel embarqué/, 'in the language of the application');
      assert.match(mail.text, /\/login\/token\/[\w-]{43}/, 'a magic link to continue');
      assert.ok(!Number.isNaN(Date.parse(mail.date)));
    });

    it('does not duplicate a retried submission (same submission id or Idempotency-Key)', async () => {
      const cv = await uploadedCv();
      const body = form(cv);
      const first = await apply(body);
      const again = await apply(body);
      assert.equal(first.statusCode, 201);
      assert.equal(again.statusCode, 200);
      assert.equal(again.json().created, false);
      assert.equal(again.json().applicationId, first.json().applicationId);
      const rows = await context.db.selectFrom('applications').select('id').where('submission_id', '=', body.submissionId).execute();
      assert.equal(rows.length, 1);
      assert.equal(outboxFiles().filter((mail) => mail.to === body.email).length, 1, 'one mail only');

      const cv2 = await uploadedCv();
      const key = `idem-${Date.now()}`;
      const keyed = form(cv2);
      const one = await apply(keyed, DEMO.sampleChannelId, { 'idempotency-key': key });
      // A retry may carry a fresh submission id in the body: the header names the submission.
      const two = await apply({ ...keyed, submissionId: `other-${key}` }, DEMO.sampleChannelId, { 'idempotency-key': key });
      assert.equal(one.statusCode, 201);
      assert.equal(two.statusCode, 200);
      assert.equal(two.json().applicationId, one.json().applicationId);
    });

    it('answers 400 with a key per invalid field', async () => {
      const cv = await uploadedCv();
      // The birth date is hidden on this engineering offer: its bad value is ignored (apply-form.test.ts).
      const response = await apply(form(cv, { firstName: ' ', email: 'not-an-email', birthDate: '31/02/1990', phone: 'abc', gdprConsent: false }));
      assert.equal(response.statusCode, 400);
      const body = response.json();
      assert.equal(body.error, 'errors.badRequest');
      assert.deepEqual(body.fields, {
        firstName: 'errors.required',
        email: 'errors.email',
        phone: 'errors.regex',
        gdprConsent: 'errors.required',
      });
      const missing = await apply({ submissionId: 'abcdefgh1' });
      assert.equal(missing.statusCode, 400);
      assert.equal(missing.json().fields.email, 'errors.required');
      assert.equal(missing.json().fields.cv, undefined, 'the CV is optional by default');
    });

    it('refuses a CV that is not an upload of the offer’s company, or already used', async () => {
      const cv = await uploadedCv();
      assert.equal((await apply(form(cv))).statusCode, 201);
      const reused = await apply(form(cv));
      assert.equal(reused.statusCode, 400);
      assert.deepEqual(reused.json().fields, { cv: 'offerPage.uploadMissing' });

      // An upload made for the other company cannot be named in an application to this one.
      const other = await upload('cv.pdf', SMALL_PDF, `scopeName=COMPANY&companyId=${DEMO.otherCompanyId}&channelId=${DEMO.otherSampleChannelId}`);
      assert.equal(other.statusCode, 201);
      const crossed = await apply(form(other.json()));
      assert.equal(crossed.statusCode, 400);
      assert.deepEqual(crossed.json().fields, { cv: 'offerPage.uploadMissing' });
    });

    it('takes the tenant from the offer: an application to the other company’s channel lands there', async () => {
      const other = await upload('cv.pdf', SMALL_PDF, `scopeName=COMPANY&companyId=${DEMO.otherCompanyId}&channelId=${DEMO.otherSampleChannelId}`);
      const response = await apply(form(other.json(), { companyId: DEMO.companyId }), DEMO.otherSampleChannelId);
      assert.equal(response.statusCode, 201, response.body);
      const row = await context.db.selectFrom('applications').select('company_id').where('id', '=', response.json().applicationId).executeTakeFirstOrThrow();
      assert.equal(row.company_id, DEMO.otherCompanyId);
    });

    it('refuses an upload whose companyId is not the offer’s company (403) or misses its channel (400)', async () => {
      const crossed = await upload('cv.pdf', SMALL_PDF, `scopeName=COMPANY&companyId=${DEMO.otherCompanyId}&channelId=${DEMO.sampleChannelId}`);
      assert.equal(crossed.statusCode, 403);
      assert.deepEqual(crossed.json(), { statusCode: 403, error: 'errors.forbidden' });
      const noChannel = await upload('cv.pdf', SMALL_PDF, `scopeName=COMPANY&companyId=${DEMO.companyId}`);
      assert.equal(noChannel.statusCode, 400);
      const closed = await upload('cv.pdf', SMALL_PDF, `scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.closedChannelId}`);
      assert.equal(closed.statusCode, 410);
    });

    it('answers 415 for content that is not what its name says (HTML renamed .pdf)', async () => {
      const html = await upload('cv.pdf', '<!doctype html><html><body><script>alert(1)</script></body></html>');
      assert.equal(html.statusCode, 415);
      assert.deepEqual(html.json(), { statusCode: 415, error: 'errors.unsupportedMediaType' });
      assert.equal((await upload('cv.html', '<p>hello</p>')).statusCode, 415, 'web pages are not CVs');
      assert.equal((await upload('cv.png', SMALL_PDF)).statusCode, 415, 'a PDF named .png');
      assert.equal((await upload('cv.txt', Buffer.from([0x41, 0x00, 0x42]))).statusCode, 415, 'text with NUL');
      assert.equal((await upload('cv.txt', 'Ana Silva — ingénieure')).statusCode, 201, 'UTF-8 text is fine');
    });

    it('answers 413 above 10 MB and 400 for an empty file', async () => {
      const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x20);
      SMALL_PDF.copy(big);
      const response = await upload('cv.pdf', big);
      assert.equal(response.statusCode, 413);
      assert.deepEqual(response.json(), { statusCode: 413, error: 'errors.payloadTooLarge' });
      assert.equal((await upload('cv.pdf', Buffer.alloc(0))).statusCode, 400);
    });

    it('never serves uploaded files to anonymous callers', async () => {
      const cv = await uploadedCv();
      const response = await context.app.inject({ url: cv.url });
      // Signed-in recruiters of the company download it (storage/download.test.ts); nobody else.
      assert.equal(response.statusCode, 401);
      assert.equal(response.headers['access-control-allow-origin'], undefined);
    });

    it('records a known referral code and drops an unknown one', async () => {
      const known = await apply(form(await uploadedCv(), { companyReferralCode: DEMO_APPLY.referralCode }));
      assert.equal(known.statusCode, 201);
      const row = await context.db.selectFrom('applications').select('referral_code').where('id', '=', known.json().applicationId).executeTakeFirstOrThrow();
      assert.equal(row.referral_code, DEMO_APPLY.referralCode);
      const unknown = await apply(form(await uploadedCv(), { companyReferralCode: 'nosuchcode' }));
      const other = await context.db.selectFrom('applications').select('referral_code').where('id', '=', unknown.json().applicationId).executeTakeFirstOrThrow();
      assert.equal(other.referral_code, null);
    });

    it('answers 410 for a closed offer and 404 for an unknown channel', async () => {
      assert.equal((await apply({}, DEMO.closedChannelId)).statusCode, 410);
      assert.equal((await apply({}, '64b0c4a100000000000000ff')).statusCode, 404);
    });

    it('answers CORS preflights for the apply and upload calls', async () => {
      const response = await context.app.inject({ method: 'OPTIONS', url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`, headers: { origin: 'https://careers.example.com' } });
      assert.equal(response.statusCode, 204);
      assert.match(String(response.headers['access-control-allow-methods']), /POST/);
    });
  },
  { config: { dataDir } },
);
