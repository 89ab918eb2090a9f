import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';

/** Issue 24 (L9): a suspended company does not exist to the public, in any of its public doors. */
describeEachBackend('a suspended company is gone from public answers (issue 24, L9)', (context) => {
  let t: AuthTestApp;
  let invitationLink = '';
  const invitee = `suspended.invitee.${Date.now()}@nordwind.example`;
  before(async () => {
    t = await buildAuthTestApp(context.db);
    ({ invitationLink } = await t.app.accounts.auth.createInvitation({ companyId: DEMO.otherCompanyId, email: invitee, role: 'recruiter' }));
    const before = await t.app.inject({ url: `/v2/recruiters/invite/${invitationLink}` });
    assert.equal(before.json().email, invitee, 'the invitation answers while the company is active');
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    assert.ok(sitemap.includes(DEMO.otherBoardId), 'the board is listed while the company is active');
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/v2/admin/companies/${DEMO.otherCompanyId}/suspend`,
      headers: { cookie: await t.cookieFor(DEMO_ACCOUNTS.admin.id), origin: OWN_ORIGIN },
    });
    assert.ok(suspended.statusCode < 300, suspended.body);
  });
  after(() => t.app.close());

  it('leaves its boards and offers out of sitemap.xml', async () => {
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    assert.ok(!sitemap.includes(DEMO.otherBoardId), 'no board of the suspended company');
    assert.ok(!sitemap.includes(DEMO.otherSampleChannelId), 'no offer of the suspended company');
    assert.ok(sitemap.includes(DEMO.boardId), 'other companies stay');
  });

  it('refuses referrals with 404', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/referrals',
      payload: { companyId: DEMO.otherCompanyId, name: 'Erika Muster', email: 'erika@example.com' },
      remoteAddress: '10.92.0.1',
    });
    assert.equal(response.statusCode, 404, response.body);
  });

  it('answers its invitation lookup with 404, naming neither the invitee nor the company', async () => {
    const response = await t.app.inject({ url: `/v2/recruiters/invite/${invitationLink}` });
    assert.equal(response.statusCode, 404);
    assert.ok(!response.body.includes(invitee) && !response.body.includes(DEMO.otherCompanyName), response.body);
  });
});
