import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { ERROR_KEYS } from '@rec/core';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { uploadCv } from '../../testing/candidate';
import { SMALL_PDF } from '../../testing/multipart';
import { describeEachBackend } from '../../testing/test-database';

describeEachBackend('downloading an uploaded CV', (context) => {
  let t: AuthTestApp;
  let owner = '';
  let viewer = '';
  let otherOwner = '';
  let applicant = '';
  let url = '';
  before(async () => {
    t = await buildAuthTestApp(context.db);
    owner = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
    viewer = await t.cookieFor(DEMO_ACCOUNTS.viewer.id);
    otherOwner = await t.cookieFor(DEMO_ACCOUNTS.otherOwner.id);
    applicant = await t.cookieFor(DEMO_ACCOUNTS.applicant.id);
    url = (await uploadCv(t.app, 'Lebenslauf Zoë.pdf')).url;
  });
  after(() => t.app.close());
  const download = (path: string, cookie?: string) => t.app.inject({ url: path, headers: cookie ? { cookie, origin: OWN_ORIGIN } : {} });

  it('serves the exact bytes to a recruiter of the company, as an attachment that is never sniffed nor cached', async () => {
    for (const cookie of [owner]) {
      const response = await download(url, cookie);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.rawPayload, SMALL_PDF);
      assert.equal(response.headers['content-type'], 'application/pdf');
      assert.equal(response.headers['content-disposition'], `attachment; filename="Lebenslauf Zo_.pdf"; filename*=UTF-8''Lebenslauf%20Zo%C3%AB.pdf`);
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.headers['cache-control'], 'private, no-store');
      assert.match(String(response.headers['content-security-policy']), /sandbox/);
    }
  });

  it('records each download in the audit log, without the file name', async () => {
    const count = async () =>
      (await context.db.selectFrom('audit_log').select('id').where('action', '=', 'file.download').where('company_id', '=', DEMO.companyId).execute()).length;
    const before = await count();
    assert.equal((await download(url, owner)).statusCode, 200);
    assert.equal(await count(), before + 1);
    const row = await context.db.selectFrom('audit_log').select(['details', 'actor_id']).where('action', '=', 'file.download').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    assert.equal(row.actor_id, DEMO_ACCOUNTS.owner.id);
    assert.deepEqual(row.details, { uploadId: url.slice(-24) });
  });

  it('is 404 for another company’s recruiter, an unknown id and a malformed one; 401 anonymous; 403 for an applicant', async () => {
    const other = await download(url, otherOwner);
    assert.equal(other.statusCode, 404);
    assert.equal(other.json().error, ERROR_KEYS.fileNotFound);
    assert.equal((await download('/v2/storage/0123456789abcdef01234567', owner)).statusCode, 404);
    assert.equal((await download('/v2/storage/not-an-id', owner)).statusCode, 404);
    assert.equal((await download(url)).statusCode, 401);
    assert.equal((await download(url, applicant)).statusCode, 403);
  });

  it('is 403 for a viewer: a CV needs CANDIDATES:SENSITIVE:READ (issue 9)', async () => {
    const response = await download(url, viewer);
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().error, ERROR_KEYS.forbidden);
  });

  it('answers a range with 206 and Content-Range, a suffix range, and 416 past the end', async () => {
    const ranged = (range: string) => t.app.inject({ url, headers: { cookie: owner, origin: OWN_ORIGIN, range } });
    const first = await ranged('bytes=0-9');
    assert.equal(first.statusCode, 206, first.body);
    assert.deepEqual(first.rawPayload, SMALL_PDF.subarray(0, 10));
    assert.equal(first.headers['content-range'], `bytes 0-9/${SMALL_PDF.length}`);
    assert.equal(first.headers['content-length'], '10');
    assert.equal(first.headers['accept-ranges'], 'bytes');
    const tail = await ranged('bytes=-5');
    assert.equal(tail.statusCode, 206);
    assert.deepEqual(tail.rawPayload, SMALL_PDF.subarray(SMALL_PDF.length - 5));
    const open = await ranged('bytes=3-');
    assert.deepEqual(open.rawPayload, SMALL_PDF.subarray(3));
    const past = await ranged(`bytes=${SMALL_PDF.length}-`);
    assert.equal(past.statusCode, 416);
    assert.equal(past.headers['content-range'], `bytes */${SMALL_PDF.length}`);
    const several = await ranged('bytes=0-1,4-5');
    assert.equal(several.statusCode, 200, 'several ranges: the whole file');
    assert.deepEqual(several.rawPayload, SMALL_PDF);
  });
});
