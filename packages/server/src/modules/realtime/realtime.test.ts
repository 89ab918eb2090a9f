import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { REALTIME_ERRORS, REALTIME_PATH, type RealtimeServerMessage, subscriptionKey } from '@rec/core/realtime';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { DEMO_OPENING_IDS } from '../../seed/demo-openings';
import { buildAuthTestApp, OWN_ORIGIN, type AuthTestApp } from '../../testing/auth-helpers';
import { connectRealtime, type TestRealtimeClient } from '../../testing/realtime-client';
import { multipartFile, SMALL_PDF } from '../../testing/multipart';
import { describeEachBackend } from '../../testing/test-database';

const OPENING = DEMO_OPENING_IDS.published;
const isEvent = (key: string) => (message: RealtimeServerMessage) => message.type === 'event' && message.key === key;
const answerTo = (key: string) => (message: RealtimeServerMessage) => message.type !== 'event' && 'key' in message && message.key === key;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachBackend('realtime websocket', (context) => {
  let t: AuthTestApp;
  let url: string;
  const clients: TestRealtimeClient[] = [];
  let otherOpening: string;
  before(async () => {
    t = await buildAuthTestApp(context.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
    otherOpening = (await context.db.selectFrom('openings').select('id').where('company_id', '=', DEMO.otherCompanyId).executeTakeFirstOrThrow()).id;
  });
  after(async () => {
    for (const client of clients) client.close();
    await t.app.close();
  });
  async function as(accountId: string | undefined, origin = OWN_ORIGIN) {
    const headers: Record<string, string> = { origin };
    if (accountId) headers.cookie = await t.cookieFor(accountId);
    const client = await connectRealtime(url, headers);
    clients.push(client);
    return client;
  }
  async function subscribed(client: TestRealtimeClient, event: Parameters<typeof subscriptionKey>[0], params: Parameters<typeof subscriptionKey>[1]) {
    client.send({ type: 'subscribe', event, params });
    return client.next(answerTo(subscriptionKey(event, params)));
  }

  it('answers a plain GET with 426 and refuses a cookie socket from a foreign origin before the upgrade', async () => {
    const plain = await t.app.inject({ url: REALTIME_PATH });
    assert.equal(plain.statusCode, 426);
    await assert.rejects(as(DEMO_ACCOUNTS.owner.id, 'https://evil.example'), (error: { statusCode?: number }) => error.statusCode === 403);
    // Without a cookie a foreign page (the embedded step flow on a career site) may connect: it proves itself per subscription.
    const anonymous = await as(undefined, 'https://careers.example');
    const answer = await subscribed(anonymous, 'APPLICATION_CREATED', { openingId: OPENING });
    assert.deepEqual(answer, { type: 'error', event: 'APPLICATION_CREATED', key: subscriptionKey('APPLICATION_CREATED', { openingId: OPENING }), error: REALTIME_ERRORS.authRequired });
  });

  it('answers an unreadable message with an error and keeps the socket', async () => {
    const owner = await as(DEMO_ACCOUNTS.owner.id);
    for (const bad of ['not json', JSON.stringify({ type: 'subscribe', event: 'NOPE', params: {} }), JSON.stringify({ type: 'subscribe', event: 'APPLICATION_CREATED', params: { openingId: OPENING, companyId: DEMO.companyId } })]) {
      const before = owner.messages.length;
      owner.send(bad);
      const answer = await owner.next((message) => owner.messages.indexOf(message) >= before);
      assert.deepEqual(answer, { type: 'error', error: REALTIME_ERRORS.badMessage });
    }
    assert.equal((await subscribed(owner, 'APPLICATION_CREATED', { openingId: OPENING })).type, 'subscribed');
  });

  it('closes a socket that floods subscriptions faster than they are answered (1008)', async () => {
    const owner = await as(DEMO_ACCOUNTS.owner.id);
    const closed = new Promise<number>((resolve) => owner.socket.once('close', (code) => resolve(code)));
    for (let i = 0; i < 200; i++) owner.send({ type: 'subscribe', event: 'APPLICATION_CREATED', params: { openingId: OPENING } });
    assert.equal(await closed, 1008);
  });

  it('refuses another company’s opening, an applicant on an opening and an admin, with an error and never data', async () => {
    const other = await as(DEMO_ACCOUNTS.otherOwner.id);
    const applicant = await as(DEMO_ACCOUNTS.applicant.id);
    const admin = await as(DEMO_ACCOUNTS.admin.id);
    for (const client of [other, applicant, admin]) {
      const answer = await subscribed(client, 'APPLICATION_CREATED', { openingId: OPENING });
      assert.equal(answer.type, 'error');
      assert.equal((answer as { error: string }).error, REALTIME_ERRORS.forbidden);
    }
    t.app.domainEvents.emit({ type: 'APPLICATION_CREATED', companyId: DEMO.companyId, openingId: OPENING, applicationId: '64b0c0de00000000000000ff' });
    await pause(100);
    for (const client of [other, applicant, admin]) assert.ok(!client.messages.some((message) => message.type === 'event'));
  });

  it('delivers a real application to the recruiter following the opening', async () => {
    const channel = await context.db
      .selectFrom('channels as c')
      .innerJoin('postings as p', 'p.id', 'c.posting_id')
      .select(['c.id', 'p.opening_id'])
      .where('c.id', '=', DEMO.sampleChannelId)
      .executeTakeFirstOrThrow();
    const owner = await as(DEMO_ACCOUNTS.owner.id);
    const viewer = await as(DEMO_ACCOUNTS.viewer.id);
    const key = subscriptionKey('APPLICATION_CREATED', { openingId: channel.opening_id });
    assert.equal((await subscribed(owner, 'APPLICATION_CREATED', { openingId: channel.opening_id })).type, 'subscribed');
    assert.equal((await subscribed(viewer, 'APPLICATION_CREATED', { openingId: channel.opening_id })).type, 'subscribed');
    const upload = `scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`;
    const cv = (await t.app.inject({ method: 'POST', url: `/v2/storage?${upload}`, remoteAddress: '10.77.0.1', ...multipartFile('file', 'cv.pdf', SMALL_PDF) })).json();
    const applied = await t.app.inject({
      method: 'POST',
      url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
      remoteAddress: '10.77.0.1',
      payload: { submissionId: `realtime-${Date.now()}`, firstName: 'Ada', lastName: 'Live', email: `ada.live.${Date.now()}@example.com`, cv, gdprConsent: true },
    });
    assert.equal(applied.statusCode, 201, applied.body);
    for (const client of [owner, viewer]) {
      const event = await client.next(isEvent(key));
      assert.equal(event.type === 'event' && event.data.openingId, channel.opening_id);
      assert.equal(event.type === 'event' && event.data.companyId, DEMO.companyId);
    }
  });

  it('keeps tenants apart on keys shared by name: company B never hears company A’s change', async () => {
    const owner = await as(DEMO_ACCOUNTS.owner.id);
    const other = await as(DEMO_ACCOUNTS.otherOwner.id);
    assert.equal((await subscribed(owner, 'REFRESH_RESOURCE', { resource: 'company' })).type, 'subscribed');
    assert.equal((await subscribed(other, 'REFRESH_RESOURCE', { resource: 'company' })).type, 'subscribed');
    assert.equal((await subscribed(other, 'REFRESH_RESOURCE', { resource: 'opening', id: otherOpening })).type, 'subscribed');
    assert.equal((await subscribed(other, 'REFRESH_RESOURCE', { resource: 'opening', id: OPENING })).type, 'error', 'A’s opening is refused to B');
    t.app.domainEvents.emit({ type: 'COMPANY_CHANGED', companyId: DEMO.companyId });
    t.app.domainEvents.emit({ type: 'OPENING_CHANGED', companyId: DEMO.companyId, openingId: OPENING });
    await owner.next(isEvent(subscriptionKey('REFRESH_RESOURCE', { resource: 'company' })));
    await pause(100);
    assert.deepEqual(other.messages.filter((message) => message.type === 'event'), []);
    t.app.domainEvents.emit({ type: 'OPENING_CHANGED', companyId: DEMO.otherCompanyId, openingId: otherOpening });
    const refresh = await other.next(isEvent(subscriptionKey('REFRESH_RESOURCE', { resource: 'opening', id: otherOpening })));
    assert.deepEqual(refresh.type === 'event' && refresh.data, { companyId: DEMO.otherCompanyId, resource: 'opening', id: otherOpening });
  });

  it('refreshes a recruiter’s own store when their role changes, and no one else’s', async () => {
    const viewer = await as(DEMO_ACCOUNTS.viewer.id);
    const owner = await as(DEMO_ACCOUNTS.owner.id);
    const other = await as(DEMO_ACCOUNTS.otherOwner.id);
    assert.equal((await subscribed(viewer, 'REFRESH_RESOURCE', { resource: 'recruiter', id: DEMO_ACCOUNTS.viewer.id })).type, 'subscribed');
    assert.equal((await subscribed(owner, 'REFRESH_RESOURCE', { resource: 'recruiter', id: DEMO_ACCOUNTS.viewer.id })).type, 'error', 'another recruiter’s store');
    assert.equal((await subscribed(other, 'REFRESH_RESOURCE', { resource: 'recruiter' })).type, 'subscribed');
    const ownerCookie = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
    const role = (value: string) =>
      t.app.inject({ method: 'PATCH', url: `/v2/team/members/${DEMO_ACCOUNTS.viewer.id}`, headers: { origin: OWN_ORIGIN, cookie: ownerCookie }, payload: { role: value } });
    const changed = await role('recruiter');
    try {
      assert.ok(changed.statusCode < 300, changed.body);
      const refresh = await viewer.next(isEvent(subscriptionKey('REFRESH_RESOURCE', { resource: 'recruiter', id: DEMO_ACCOUNTS.viewer.id })));
      assert.deepEqual(refresh.type === 'event' && refresh.data, { companyId: DEMO.companyId, resource: 'recruiter', id: DEMO_ACCOUNTS.viewer.id });
    } finally {
      await role('viewer');
    }
    await pause(50);
    assert.deepEqual(other.messages.filter((message) => message.type === 'event'), [], 'another company');
  });

  it('tells the candidate (session or step token) and the recruiters when a step finishes, and stops after unsubscribe', async () => {
    const applicationId = (await context.db.selectFrom('applications as a').innerJoin('candidates as c', 'c.id', 'a.candidate_id').select('a.id').where('c.email', '=', DEMO_ACCOUNTS.applicant.email).where('a.company_id', '=', DEMO.companyId).executeTakeFirstOrThrow()).id;
    const { token } = await t.app.steps.issueToken(DEMO.companyId, applicationId);
    const openingId = (await context.db.selectFrom('applications as a').innerJoin('channels as ch', 'ch.id', 'a.channel_id').innerJoin('postings as p', 'p.id', 'ch.posting_id').select('p.opening_id').where('a.id', '=', applicationId).executeTakeFirstOrThrow()).opening_id;
    const camille = await as(DEMO_ACCOUNTS.applicant.id);
    const embedded = await as(undefined, 'https://careers.example');
    const owner = await as(DEMO_ACCOUNTS.owner.id);
    const other = await as(DEMO_ACCOUNTS.otherOwner.id);
    assert.equal((await subscribed(camille, 'APPLICATION_STEP_FINISHED', { applicationId })).type, 'subscribed');
    assert.equal((await subscribed(embedded, 'APPLICATION_STEP_FINISHED', { applicationId, token })).type, 'subscribed');
    assert.equal((await subscribed(owner, 'APPLICATION_STEP_FINISHED', { openingId })).type, 'subscribed');
    assert.equal((await subscribed(other, 'APPLICATION_STEP_FINISHED', { applicationId })).type, 'error', 'a recruiter does not follow one application');
    assert.equal((await subscribed(embedded, 'APPLICATION_STEP_FINISHED', { applicationId: otherOpening, token })).type, 'error', 'the token is for one application');
    await t.app.events.emit({ type: 'APPLICATION_STEP_FINISHED', companyId: DEMO.companyId, applicationId, stepId: '64b0c0de00000000000000aa', product: 'form', finished: false });
    const key = subscriptionKey('APPLICATION_STEP_FINISHED', { applicationId });
    for (const client of [camille, embedded]) {
      const event = await client.next(isEvent(key));
      assert.equal(event.type === 'event' && event.data.stepId, '64b0c0de00000000000000aa');
    }
    await owner.next(isEvent(subscriptionKey('APPLICATION_STEP_FINISHED', { openingId })));
    camille.send({ type: 'unsubscribe', event: 'APPLICATION_STEP_FINISHED', params: { applicationId } });
    await camille.next((message) => message.type === 'unsubscribed');
    const count = camille.messages.length;
    await t.app.events.emit({ type: 'APPLICATION_STEP_FINISHED', companyId: DEMO.companyId, applicationId, stepId: '64b0c0de00000000000000ab', product: 'form', finished: true });
    await embedded.next((message) => message.type === 'event' && message.data.stepId === '64b0c0de00000000000000ab');
    await pause(50);
    assert.equal(camille.messages.length, count, 'nothing after unsubscribe');
  });
});
