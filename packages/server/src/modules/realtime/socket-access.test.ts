import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { REALTIME_PATH, subscriptionKey } from '@rec/core/realtime';
import type WebSocket from 'ws';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { connectRealtime, type TestRealtimeClient } from '../../testing/realtime-client';
import { describeEachBackend } from '../../testing/test-database';
import { CLOSE_SESSION_ENDED, CLOSE_TOO_MANY_SOCKETS } from './routes';

/**
 * Issue 24: open websockets of a removed member, a revoked session or a suspended company kept
 * receiving the company's events (L2); one address opened 400 sockets in 0.36 s (L6).
 */
const closed = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
const COMPANY = subscriptionKey('REFRESH_RESOURCE', { resource: 'company' });

describeEachBackend('realtime sockets follow their session; sockets per address are limited (issue 24, L2, L6)', (context) => {
  let t: AuthTestApp;
  let url: string;
  const clients: TestRealtimeClient[] = [];
  before(async () => {
    t = await buildAuthTestApp(context.db, { config: { realtimeSocketsPerAddress: 3 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
  });
  after(async () => {
    for (const client of clients) client.close();
    await t.app.close();
  });

  async function following(cookie: string): Promise<TestRealtimeClient> {
    const client = await connectRealtime(url, { origin: OWN_ORIGIN, cookie });
    clients.push(client);
    client.send({ type: 'subscribe', event: 'REFRESH_RESOURCE', params: { resource: 'company' } });
    await client.next((message) => message.type === 'subscribed' && message.key === COMPANY);
    return client;
  }
  const call = (cookie: string, method: 'DELETE' | 'POST', path: string) => t.app.inject({ method, url: path, headers: { cookie, origin: OWN_ORIGIN } });

  it('closes a removed member’s socket (4401) before the company’s next event reaches it', async () => {
    const { invitationLink } = await t.app.accounts.auth.createInvitation({ companyId: DEMO.companyId, email: `ws.member.${Date.now()}@lumen.example`, role: 'recruiter' });
    const { account } = await t.app.accounts.auth.acceptInvitation({ invitationLink, firstName: 'Wes', lastName: 'Socket', password: 'wes-socket-password' });
    const member = await following(await t.cookieFor(account.id));
    const colleague = await following(await t.cookieFor(DEMO_ACCOUNTS.viewer.id));
    const code = closed(member.socket);
    assert.equal((await call(await t.cookieFor(DEMO_ACCOUNTS.owner.id), 'DELETE', `/v2/team/members/${account.id}`)).statusCode, 204);
    assert.equal(await code, CLOSE_SESSION_ENDED);
    t.app.domainEvents.emit({ type: 'COMPANY_CHANGED', companyId: DEMO.companyId });
    await colleague.next((message) => message.type === 'event' && message.key === COMPANY);
    assert.ok(!member.messages.some((message) => message.type === 'event'), 'the removed member heard nothing more');
  });

  it('closes the socket of a session revoked from the account page', async () => {
    const owner = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
    const other = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
    const socket = await following(other);
    const code = closed(socket.socket);
    const ended = await call(owner, 'DELETE', '/v2/recruiter/me/sessions');
    assert.equal(ended.statusCode, 200, ended.body);
    assert.equal(await code, CLOSE_SESSION_ENDED);
  });

  it('closes every socket of a company the admin suspends', async () => {
    const nora = await following(await t.cookieFor(DEMO_ACCOUNTS.otherOwner.id));
    const code = closed(nora.socket);
    const suspended = await call(await t.cookieFor(DEMO_ACCOUNTS.admin.id), 'POST', `/v2/admin/companies/${DEMO.otherCompanyId}/suspend`);
    assert.equal(suspended.statusCode, 204);
    assert.equal(await code, CLOSE_SESSION_ENDED);
    await call(await t.cookieFor(DEMO_ACCOUNTS.admin.id), 'POST', `/v2/admin/companies/${DEMO.otherCompanyId}/reactivate`);
  });

  it('closes sockets over the per-address limit with 1013, and lets one in again once another closes', async () => {
    for (const client of clients.splice(0)) client.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const open = [];
    for (let index = 0; index < 3; index++) open.push(await connectRealtime(url, { origin: OWN_ORIGIN }));
    const extra = await connectRealtime(url, { origin: OWN_ORIGIN });
    assert.equal(await closed(extra.socket), CLOSE_TOO_MANY_SOCKETS);
    const first = open.shift();
    const gone = closed(first!.socket);
    first!.close();
    await gone;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await connectRealtime(url, { origin: OWN_ORIGIN });
    open.push(again);
    again.send({ type: 'subscribe', event: 'REFRESH_RESOURCE', params: { resource: 'company' } });
    await again.next((message) => message.type === 'error' || message.type === 'subscribed');
    for (const client of open) client.close();
  });
});
