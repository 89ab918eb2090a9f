import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { DEMO } from '../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp } from '../testing/auth-helpers';
import { describeEachBackend } from '../testing/test-database';

/**
 * Issue 24 (found by the OpenAPI fuzz): a multipart body the parser cannot read answered 500; it
 * is the client's fault, so 400 with a key, on every route that parses multipart.
 */
const UPLOAD = `/v2/storage?scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`;
const PART = 'Content-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cut';

describeEachBackend('malformed multipart bodies (issue 24)', (context) => {
  let t: AuthTestApp;
  before(async () => {
    t = await buildAuthTestApp(context.db);
  });
  after(() => t.app.close());

  const cases: Record<string, { type: string; payload: string }> = {
    'no boundary': { type: 'multipart/form-data', payload: '{}' },
    'a body cut short': { type: 'multipart/form-data; boundary=cut', payload: `--cut\r\n${PART}` },
    'a boundary over 256 characters': { type: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: `--${'b'.repeat(300)}\r\n${PART}` },
  };
  for (const [name, { type, payload }] of Object.entries(cases)) {
    it(`answers 400 errors.badRequest for ${name}, not 500`, async () => {
      const response = await t.app.inject({ method: 'POST', url: UPLOAD, headers: { 'content-type': type }, payload, remoteAddress: `10.91.0.${Object.keys(cases).indexOf(name) + 1}` });
      assert.deepEqual([response.statusCode, response.json().error], [400, 'errors.badRequest'], response.body);
    });
  }
});
