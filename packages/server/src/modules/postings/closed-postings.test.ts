import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';
import { DEMO_OPENING_IDS } from '../../seed/demo-openings';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';

/** Issue 8, finding 16: a CLOSED posting, or one of an ARCHIVED opening, cannot be edited. */
describeEachBackend('postings: closed ones are history', (context) => {
  let t: AuthTestApp;
  let cookie = '';
  before(async () => {
    t = await buildAuthTestApp(context.db);
    cookie = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
  });
  after(() => t.app.close());

  const patch = (openingId: string, postingId: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/v2/jobs/${openingId}/postings/${postingId}`, headers: { cookie, origin: OWN_ORIGIN }, payload });
  const channelCount = async (postingId: string) => (await context.db.selectFrom('channels').select('id').where('posting_id', '=', postingId).execute()).length;

  it('a posting of an ARCHIVED opening answers 409 and gains no channel', async () => {
    const opening = DEMO_OPENING_IDS.archivedRetained;
    const posting = demoId(DEMO_PREFIX.posting, 0x65);
    const before = await channelCount(posting);
    const response = await patch(opening, posting, { channels: ['SHARE', 'REFERRAL', 'BOARD'] });
    assert.equal(response.statusCode, 409, response.body);
    assert.deepEqual(response.json(), { statusCode: 409, error: 'posting.notEditable' });
    assert.equal(await channelCount(posting), before);
  });

  it('a CLOSED posting of a published opening answers 409; an open one is still editable', async () => {
    const opening = DEMO_OPENING_IDS.published;
    const posting = demoId(DEMO_PREFIX.posting, 0x62);
    assert.equal((await patch(opening, posting, { employmentType: 'PART_TIME' })).statusCode, 200);
    const close = await t.app.inject({ method: 'POST', url: `/v2/jobs/${opening}/postings/${posting}/close`, headers: { cookie, origin: OWN_ORIGIN } });
    assert.equal(close.statusCode, 200, close.body);
    const response = await patch(opening, posting, { channels: ['REFERRAL'], contents: { en: { title: 'Back from the dead' } } });
    assert.equal(response.statusCode, 409);
    assert.equal(response.json().error, 'posting.notEditable');
    const title = await context.db.selectFrom('posting_contents').select('title').where('posting_id', '=', posting).where('language', '=', 'en').executeTakeFirst();
    assert.notEqual(title?.title, 'Back from the dead');
  });

  it('the demo’s closed board posting cannot be edited either', async () => {
    const row = await context.db.selectFrom('channels').select('posting_id').where('id', '=', DEMO.closedPostingChannelId).executeTakeFirstOrThrow();
    const posting = await context.db.selectFrom('postings').select(['opening_id', 'status']).where('id', '=', row.posting_id).executeTakeFirstOrThrow();
    assert.equal(posting.status, 'CLOSED');
    assert.equal((await patch(posting.opening_id, row.posting_id, { employmentType: 'FULL_TIME' })).statusCode, 409);
  });
});
