import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN, setCookieOf, tokenOfLink } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';

const { owner, viewer, otherOwner, admin } = DEMO_ACCOUNTS;

describeEachBackend('team, account, sessions and admin (issue 13)', (context) => {
  let t: AuthTestApp;
  let app: FastifyInstance;
  before(async () => {
    t = await buildAuthTestApp(context.db);
    app = t.app;
  });
  after(() => app.close());

  const call = async (cookie: string, options: InjectOptions) =>
    app.inject({ ...options, headers: { cookie, origin: OWN_ORIGIN, ...(options.headers as Record<string, string> | undefined) } });

  /** Invites `email` as `role` and accepts the invitation from the mailed link: answers the new account's cookie and id. */
  async function onboard(ownerCookie: string, email: string, role: string) {
    const invited = await call(ownerCookie, { method: 'POST', url: '/v2/team/invitations', payload: { email, role } });
    assert.equal(invited.statusCode, 201);
    const mail = (await t.mails()).find((entry) => entry.to === email);
    assert.ok(mail, 'invitation mailed');
    const link = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    assert.ok(link);
    const accepted = await app.inject({
      method: 'POST',
      url: '/auth/invitations/accept',
      headers: { origin: OWN_ORIGIN },
      payload: { invitationLink: link, firstName: 'Rita', lastName: 'Recruiter', password: 'rita-password-2026' },
    });
    assert.equal(accepted.statusCode, 200, accepted.body);
    const cookie = setCookieOf(accepted)?.pair ?? '';
    const me = await app.inject({ url: '/v2/recruiter/me', headers: { cookie } });
    return { cookie, id: (me.json() as { _id: string })._id };
  }

  it('lets the owner invite a recruiter who joins with the recruiter role; viewers and recruiters get 403 on the team', async () => {
    const ownerCookie = await t.cookieFor(owner.id);
    const rita = await onboard(ownerCookie, 'rita.recruiter@lumen.example', 'recruiter');
    const permissions = await app.inject({ url: '/v2/recruiter/me/permissions', headers: { cookie: rita.cookie } });
    assert.equal((permissions.json() as { role: string }).role, 'recruiter');
    assert.ok((permissions.json() as { permissions: string[] }).permissions.includes('OPENINGS:MANAGE'));
    // A recruiter manages openings but not the team.
    assert.equal((await call(rita.cookie, { method: 'POST', url: '/v2/jobs', payload: { title: 'Rita’s opening', language: 'en' } })).statusCode, 201);
    assert.equal((await call(rita.cookie, { method: 'GET', url: '/v2/team' })).statusCode, 403);
    assert.equal((await call(await t.cookieFor(viewer.id), { method: 'GET', url: '/v2/team' })).statusCode, 403);
    assert.equal((await call(await t.cookieFor(viewer.id), { method: 'POST', url: '/v2/team/invitations', payload: { email: 'x@lumen.example', role: 'owner' } })).statusCode, 403);

    const team = (await call(ownerCookie, { method: 'GET', url: '/v2/team' })).json() as { members: Array<{ _id: string; role: string; lastSignInAt: string | null; you: boolean }> };
    const member = team.members.find((entry) => entry._id === rita.id);
    assert.equal(member?.role, 'recruiter');
    assert.ok(member?.lastSignInAt, 'last sign-in shown');
    assert.equal(team.members.find((entry) => entry._id === owner.id)?.you, true);

    // Inviting a member again is a conflict.
    assert.equal((await call(ownerCookie, { method: 'POST', url: '/v2/team/invitations', payload: { email: 'rita.recruiter@lumen.example', role: 'viewer' } })).statusCode, 409);
  });

  it('resends (new link, old one dead) and revokes invitations; another company’s invitation is 404', async () => {
    const ownerCookie = await t.cookieFor(owner.id);
    const invited = await call(ownerCookie, { method: 'POST', url: '/v2/team/invitations', payload: { email: 'sam.resend@lumen.example', role: 'viewer' } });
    const { _id } = invited.json() as { _id: string };
    const first = tokenOfLink(/https?:\S+\/invite\/\S+/.exec((await t.mails()).find((mail) => mail.to === 'sam.resend@lumen.example')?.text ?? '')?.[0]);
    assert.equal((await call(ownerCookie, { method: 'POST', url: `/v2/team/invitations/${_id}/resend` })).statusCode, 204);
    assert.equal((await app.inject({ url: `/v2/recruiters/invite/${first}` })).statusCode, 404, 'the old link stops working');
    const mails = (await t.mails()).filter((mail) => mail.to === 'sam.resend@lumen.example');
    assert.equal(mails.length, 2);
    assert.equal((await call(await t.cookieFor(otherOwner.id), { method: 'POST', url: `/v2/team/invitations/${_id}/resend` })).statusCode, 404);
    assert.equal((await call(await t.cookieFor(otherOwner.id), { method: 'DELETE', url: `/v2/team/invitations/${_id}` })).statusCode, 404);
    assert.equal((await call(ownerCookie, { method: 'DELETE', url: `/v2/team/invitations/${_id}` })).statusCode, 204);
    assert.equal((await call(ownerCookie, { method: 'DELETE', url: `/v2/team/invitations/${_id}` })).statusCode, 404);
  });

  it('never leaves a company without an owner (409), changes roles, removes members and ends their sessions', async () => {
    const ownerCookie = await t.cookieFor(owner.id);
    const demote = await call(ownerCookie, { method: 'PATCH', url: `/v2/team/members/${owner.id}`, payload: { role: 'viewer' } });
    assert.equal(demote.statusCode, 409);
    assert.deepEqual(demote.json(), { statusCode: 409, error: 'errors.lastOwner' });
    assert.equal((await call(ownerCookie, { method: 'DELETE', url: `/v2/team/members/${owner.id}` })).statusCode, 409);
    // Another company's member is not found.
    assert.equal((await call(await t.cookieFor(otherOwner.id), { method: 'PATCH', url: `/v2/team/members/${viewer.id}`, payload: { role: 'owner' } })).statusCode, 404);
    assert.equal((await call(await t.cookieFor(otherOwner.id), { method: 'DELETE', url: `/v2/team/members/${viewer.id}` })).statusCode, 404);

    const leo = await onboard(ownerCookie, 'leo.later@lumen.example', 'viewer');
    assert.equal((await call(ownerCookie, { method: 'PATCH', url: `/v2/team/members/${leo.id}`, payload: { role: 'owner' } })).statusCode, 204);
    // With two owners, the first may step down.
    assert.equal((await call(leo.cookie, { method: 'PATCH', url: `/v2/team/members/${owner.id}`, payload: { role: 'recruiter' } })).statusCode, 204);
    assert.equal((await call(leo.cookie, { method: 'PATCH', url: `/v2/team/members/${owner.id}`, payload: { role: 'owner' } })).statusCode, 204);
    assert.equal((await call(ownerCookie, { method: 'DELETE', url: `/v2/team/members/${leo.id}` })).statusCode, 204);
    assert.equal((await app.inject({ url: '/v2/recruiter/me', headers: { cookie: leo.cookie } })).statusCode, 401, 'their session ended');

    const audit = await call(await t.cookieFor(admin.id), { method: 'GET', url: `/v2/admin/audit-log?companyId=${DEMO.companyId}&action=team.remove` });
    assert.equal(audit.statusCode, 200);
    assert.equal((audit.json() as { entries: unknown[] }).entries.length, 1);
  });

  it('rotates the password (confirmed, differentPasswords, current) and ends every other session', async () => {
    const current = await t.cookieFor(viewer.id);
    const older = await t.cookieFor(viewer.id);
    const rotate = (payload: object) => call(current, { method: 'POST', url: '/v2/recruiter/me/password', payload });
    assert.deepEqual((await rotate({ currentPassword: viewer.password, password: 'a-new-password-1', passwordConfirmation: 'another-one-22' })).json(), {
      statusCode: 400,
      error: 'errors.confirmed',
    });
    assert.deepEqual((await rotate({ currentPassword: viewer.password, password: viewer.password, passwordConfirmation: viewer.password })).json(), {
      statusCode: 400,
      error: 'errors.differentPasswords',
    });
    assert.equal((await rotate({ currentPassword: 'wrong-password', password: 'a-new-password-1', passwordConfirmation: 'a-new-password-1' })).statusCode, 422);
    assert.equal((await rotate({ currentPassword: viewer.password, password: 'a-new-password-1', passwordConfirmation: 'a-new-password-1' })).statusCode, 204);
    assert.equal((await app.inject({ url: '/v2/recruiter/me', headers: { cookie: current } })).statusCode, 200, 'this session stays');
    assert.equal((await app.inject({ url: '/v2/recruiter/me', headers: { cookie: older } })).statusCode, 401, 'the older session ended');
    const signIn = await app.inject({ method: 'POST', url: '/auth/password/sign-in', headers: { origin: OWN_ORIGIN }, payload: { email: viewer.email, password: 'a-new-password-1' } });
    assert.equal(signIn.statusCode, 200);
  });

  it('lists the recruiter’s sessions with their device and ends one or all others', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/password/sign-in',
      headers: { origin: OWN_ORIGIN, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
      payload: { email: otherOwner.email, password: otherOwner.password },
    });
    const phone = setCookieOf(signIn)?.pair ?? '';
    const desk = await t.cookieFor(otherOwner.id);
    const list = (await call(desk, { method: 'GET', url: '/v2/recruiter/me/sessions' })).json() as Array<{ _id: string; device: string | null; current: boolean }>;
    assert.ok(list.length >= 2);
    assert.equal(list.filter((entry) => entry.current).length, 1);
    const firefox = list.find((entry) => entry.device === 'Firefox · Linux');
    assert.ok(firefox, 'the device summary is stored');
    assert.ok(!JSON.stringify(list).includes('Gecko'), 'never the raw user agent');
    // Another person cannot end it.
    assert.equal((await call(await t.cookieFor(owner.id), { method: 'DELETE', url: `/v2/recruiter/me/sessions/${firefox._id}` })).statusCode, 404);
    assert.equal((await call(desk, { method: 'DELETE', url: `/v2/recruiter/me/sessions/${firefox._id}` })).statusCode, 204);
    assert.equal((await app.inject({ url: '/v2/recruiter/me', headers: { cookie: phone } })).statusCode, 401);
    const third = await t.cookieFor(otherOwner.id);
    const ended = await call(desk, { method: 'DELETE', url: '/v2/recruiter/me/sessions' });
    assert.ok((ended.json() as { ended: number }).ended >= 1);
    assert.equal((await app.inject({ url: '/v2/recruiter/me', headers: { cookie: third } })).statusCode, 401);
    assert.equal((await app.inject({ url: '/v2/recruiter/me', headers: { cookie: desk } })).statusCode, 200);
  });

  it('saves the name and an inline, content-checked profile picture', async () => {
    const cookie = await t.cookieFor(otherOwner.id);
    const named = await call(cookie, { method: 'PATCH', url: '/v2/recruiter/me/name', payload: { firstName: ' Nora ', lastName: 'Bergström' } });
    assert.equal((named.json() as { fullName: string }).fullName, 'Nora Bergström');
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    assert.equal((await call(cookie, { method: 'PUT', url: '/v2/recruiter/me/profile-picture', payload: { type: 'image/jpeg', base64: png } })).statusCode, 415);
    assert.equal((await call(cookie, { method: 'PUT', url: '/v2/recruiter/me/profile-picture', payload: { type: 'image/gif', base64: png } })).statusCode, 400);
    assert.equal((await call(cookie, { method: 'PUT', url: '/v2/recruiter/me/profile-picture', payload: { type: 'image/png', base64: png } })).statusCode, 200);
    const me = (await app.inject({ url: '/v2/recruiter/me', headers: { cookie } })).json() as { fullName: string; settings: { profilePicture: unknown } };
    assert.equal(me.fullName, 'Nora Bergström');
    assert.deepEqual(me.settings.profilePicture, { type: 'image/png', base64: png });
  });

  it('fills pendingActions of /me from real data: invitations to accept, consent renewals due', async () => {
    const { db } = context;
    // Nora (Nordwind) is invited to Lumen: an invitation for her to accept.
    await call(await t.cookieFor(owner.id), { method: 'POST', url: '/v2/team/invitations', payload: { email: otherOwner.email, role: 'viewer' } });
    // Lumen's consents: all long expired but one, which runs out in 10 days (12 months by default).
    const now = Date.now();
    await db.updateTable('applications').set({ consent_given_at: new Date(now - 5 * 365 * 86_400_000) }).where('company_id', '=', DEMO.companyId).execute();
    const one = await db.selectFrom('applications').select('id').where('company_id', '=', DEMO.companyId).orderBy('id').executeTakeFirstOrThrow();
    const given = new Date(now);
    given.setUTCMonth(given.getUTCMonth() - 12);
    given.setUTCDate(given.getUTCDate() + 10);
    await db.updateTable('applications').set({ consent_given_at: given }).where('id', '=', one.id).execute();

    const nora = (await app.inject({ url: '/v2/recruiter/me', headers: { cookie: await t.cookieFor(otherOwner.id) } })).json() as { pendingActions: Array<{ type: string; companyName?: string }> };
    assert.deepEqual(
      nora.pendingActions.filter((action) => action.type === 'INVITATION').map((action) => action.companyName),
      [DEMO.companyName],
    );
    const claire = (await app.inject({ url: '/v2/recruiter/me', headers: { cookie: await t.cookieFor(owner.id) } })).json() as { pendingActions: unknown[] };
    assert.deepEqual(claire.pendingActions, [{ type: 'CONSENT_RENEWALS', count: 1 }]);
  });

  it('lets an admin create a company whose owner joins by the mailed invitation; suspension blocks sign-in and the boards', async () => {
    const adminCookie = await t.cookieFor(admin.id);
    const created = await call(adminCookie, { method: 'POST', url: '/v2/admin/companies', payload: { name: 'Fjord Labs', language: 'de', ownerEmail: 'olga@fjord.example' } });
    assert.equal(created.statusCode, 201);
    const mail = (await t.mails()).find((entry) => entry.to === 'olga@fjord.example');
    assert.match(mail?.subject ?? '', /Fjord Labs/);
    const link = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const accepted = await app.inject({
      method: 'POST',
      url: '/auth/invitations/accept',
      headers: { origin: OWN_ORIGIN },
      payload: { invitationLink: link, firstName: 'Olga', lastName: 'Fjord', password: 'olga-password-2026' },
    });
    assert.equal(accepted.statusCode, 200);
    const olga = setCookieOf(accepted)?.pair ?? '';
    assert.equal(((await app.inject({ url: '/v2/recruiter/me/permissions', headers: { cookie: olga } })).json() as { role: string }).role, 'owner');

    // Suspending Lumen: its recruiters' sessions end, sign-in is refused with a clear key, its board is 404.
    const ownerCookie = await t.cookieFor(owner.id);
    assert.equal((await call(adminCookie, { method: 'POST', url: `/v2/admin/companies/${DEMO.companyId}/suspend` })).statusCode, 204);
    assert.equal((await app.inject({ url: '/v2/recruiter/me', headers: { cookie: ownerCookie } })).statusCode, 401);
    const refused = await app.inject({ method: 'POST', url: '/auth/password/sign-in', headers: { origin: OWN_ORIGIN }, payload: { email: owner.email, password: owner.password } });
    assert.deepEqual(refused.json(), { statusCode: 403, error: 'errors.companySuspended' });
    assert.equal((await app.inject({ url: `/v2/boards/${DEMO.boardId}` })).statusCode, 404);
    assert.equal((await call(adminCookie, { method: 'POST', url: `/v2/admin/companies/${DEMO.companyId}/reactivate` })).statusCode, 204);
    assert.equal((await app.inject({ url: `/v2/boards/${DEMO.boardId}` })).statusCode, 200);
    const back = await app.inject({ method: 'POST', url: '/auth/password/sign-in', headers: { origin: OWN_ORIGIN }, payload: { email: owner.email, password: owner.password } });
    assert.equal(back.statusCode, 200);

    const log = (await call(adminCookie, { method: 'GET', url: `/v2/admin/audit-log?companyId=${DEMO.companyId}&action=admin.company.suspend` })).json() as {
      entries: Array<{ action: string; actorEmail: string }>;
    };
    assert.equal(log.entries[0]?.actorEmail, admin.email);
    assert.equal((await call(adminCookie, { method: 'POST', url: `/v2/admin/companies/${'0'.repeat(24)}/suspend` })).statusCode, 404);
    assert.equal((await call(await t.cookieFor(owner.id), { method: 'GET', url: '/v2/admin/audit-log' })).statusCode, 403);
  });
});
