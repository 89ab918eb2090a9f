import assert from 'node:assert/strict';
import { it } from 'node:test';
import { DEMO } from '../../seed/demo-ids';
import { DEMO_APPLY } from '../../seed/demo-applications';
import { describeEachBackend } from '../../testing/test-database';

describeEachBackend('referral links and share links', (context) => {
  const refer = (body: unknown) => context.app.inject({ method: 'POST', url: '/v2/referrals', payload: body as object });

  it('creates a personal link to the company board, stored with the referrer', async () => {
    const response = await refer({ companyId: DEMO.companyId, name: 'Camille', email: 'Camille@Example.org' });
    assert.equal(response.statusCode, 201);
    const { code, url } = response.json();
    assert.match(code, /^[a-z2-9]{10}$/);
    assert.equal(url, `http://rec.test/board/${DEMO.boardId}?ref=${code}`);
    const row = await context.db.selectFrom('referrals').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    assert.equal(row.company_id, DEMO.companyId);
    assert.equal(row.referrer_email, 'camille@example.org');
  });

  it('creates a link to one offer of the company, never to another company’s', async () => {
    const response = await refer({ companyId: DEMO.companyId, name: 'Camille', email: 'c@example.org', channelId: DEMO.sampleChannelId });
    assert.match(response.json().url, new RegExp(`/offer/c/${DEMO.sampleChannelId}\\?ref=`));
    const crossed = await refer({ companyId: DEMO.companyId, name: 'Camille', email: 'c@example.org', channelId: DEMO.otherSampleChannelId });
    assert.equal(crossed.statusCode, 400);
  });

  it('answers 400 with field keys and 404 for an unknown company', async () => {
    const bad = await refer({ companyId: DEMO.companyId, name: '', email: 'nope' });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json().fields, { name: 'errors.required', email: 'errors.email' });
    assert.equal((await refer({ companyId: '64b0c0de00000000000000ff', name: 'A', email: 'a@b.co' })).statusCode, 404);
  });

  it('resolves a share slug to its offer channel', async () => {
    const response = await context.app.inject({ url: `/v2/share/${DEMO_APPLY.shareSlug}`, headers: { origin: 'https://x.example' } });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      slug: DEMO_APPLY.shareSlug,
      channelId: DEMO.shareChannelId,
      url: `http://rec.test/share/${DEMO_APPLY.shareSlug}`,
      offerUrl: `http://rec.test/offer/c/${DEMO.shareChannelId}`,
    });
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal((await context.app.inject({ url: '/v2/share/unknown-slug' })).statusCode, 404);
    assert.equal((await context.app.inject({ url: '/v2/share/BAD%20SLUG' })).statusCode, 400);
  });
});
