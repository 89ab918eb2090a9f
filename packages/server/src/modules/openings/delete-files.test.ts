import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { applyWithCv, uploadCv } from '../../testing/candidate';
import { describeEachBackend } from '../../testing/test-database';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachBackend('deleting an opening removes its applications’ CV files', (context) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rec-delete-files-'));
  let t: AuthTestApp;
  before(async () => {
    t = await buildAuthTestApp(context.db, { config: { dataDir } });
  });
  after(() => t.app.close());

  it('removes the stored file once the opening is deleted, and only then', async () => {
    const cv = await uploadCv(t.app);
    await applyWithCv(t.app, cv);
    const upload = await context.db.selectFrom('uploads').select('storage_key').where('id', '=', cv.id).executeTakeFirstOrThrow();
    const file = join(dataDir, 'uploads', upload.storage_key);
    assert.ok(existsSync(file), 'the CV is on disk');

    const { opening_id: openingId } = await context.db
      .selectFrom('channels as c')
      .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
      .where('c.id', '=', DEMO.sampleChannelId)
      .select('p.opening_id')
      .executeTakeFirstOrThrow();
    const call = async (method: 'POST' | 'DELETE', url: string) => {
      const cookie = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
      return t.app.inject({ method, url, headers: { cookie, origin: OWN_ORIGIN } });
    };
    assert.equal((await call('POST', `/v2/jobs/${openingId}/archive`)).statusCode, 200);
    // Still under legal retention: the delete is refused and the file stays.
    assert.equal((await call('DELETE', `/v2/jobs/${openingId}`)).statusCode, 409);
    assert.ok(existsSync(file), 'a refused delete keeps the CV');

    t.advance(800 * DAY_MS);
    assert.equal((await call('DELETE', `/v2/jobs/${openingId}`)).statusCode, 204);
    assert.equal(existsSync(file), false, 'the CV file is gone with its application');
    assert.equal((await context.db.selectFrom('uploads').select('id').where('id', '=', cv.id).execute()).length, 0);
  });
});
