import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { STRICT_OUTBOUND_POLICY } from '../../http/outbound-guard';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';
import { freshRecruiter } from '../../security/route-targets';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { candidateOfApplication } from '../../testing/application-candidate';
import { uploadCv } from '../../testing/candidate';
import { describeEachBackend } from '../../testing/test-database';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver';
import { anonymiseCandidate } from '../candidate-portal/anonymise';
import { createSecretBox } from '../two-factor/secret-box';
import { DISABLE_AFTER_FAILURES, MAX_ATTEMPTS, RETRY_DELAYS_MS } from './delivery-policy';
import { createWebhookRepository } from './repository';
import { createWebhookService } from './service';
import { verifySignature } from './signing';

const BASE = '/v2/companies/settings/webhooks';
let submissions = 0;

describeEachBackend('outgoing webhooks', (context) => {
  let t: AuthTestApp;
  let receiver: WebhookReceiver;
  let owner: string;
  before(async () => {
    t = await buildAuthTestApp(context.db);
    await t.app.ready();
    receiver = await startWebhookReceiver();
    owner = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
  });
  after(async () => {
    await t.app.close();
    await receiver.close();
  });

  const as = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: OWN_ORIGIN, cookie }, ...(payload ? { payload } : {}) });

  async function addEndpoint(events: string[], url = receiver.url): Promise<{ id: string; secret: string }> {
    const created = await as(owner, 'POST', BASE, { url, events });
    assert.equal(created.statusCode, 201, created.body);
    const { endpoint, secret } = created.json();
    return { id: endpoint.id, secret };
  }
  const removeEndpoint = async (id: string) => assert.equal((await as(owner, 'DELETE', `${BASE}/${id}`)).statusCode, 204);
  const deliveries = async (id: string) => (await as(owner, 'GET', `${BASE}/${id}/deliveries`)).json() as Array<Record<string, unknown>>;

  async function apply(): Promise<{ applicationId: string; email: string; sentAt: number }> {
    submissions += 1;
    const unique = `${Date.now()}-${submissions}`;
    const cv = await uploadCv(t.app);
    const email = `ana.hook.${unique}@example.org`;
    const sentAt = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
      remoteAddress: `10.77.0.${submissions}`,
      payload: { submissionId: `hook-${unique}`, firstName: 'Anabela', lastName: 'Quaresma', email, birthDate: '21/04/1994', cv: { url: cv.url, name: cv.name }, gdprConsent: true },
    });
    assert.equal(response.statusCode, 201, response.body);
    return { applicationId: response.json().applicationId, email, sentAt };
  }

  it('shows the secret once: on creation and rotation, never in a list; refuses a bad URL with a key', async () => {
    const { id, secret } = await addEndpoint(['posting.closed']);
    assert.match(secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = await as(owner, 'GET', BASE);
    assert.equal(listed.statusCode, 200);
    assert.ok(!listed.body.includes(secret) && !listed.body.includes('whsec_'), 'no secret in the list');
    const stored = await context.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', id).executeTakeFirstOrThrow();
    assert.ok(!stored.secret.includes(secret), 'stored sealed, not as is');
    const rotated = await as(owner, 'POST', `${BASE}/${id}/secret`);
    assert.equal(rotated.statusCode, 200);
    assert.notEqual(rotated.json().secret, secret);
    const bad = await as(owner, 'POST', BASE, { url: 'ftp://example.org/hook', events: ['posting.closed'] });
    assert.equal(bad.statusCode, 400);
    const noEvents = await as(owner, 'POST', BASE, { url: receiver.url, events: [] });
    assert.equal(noEvents.statusCode, 400);
    await removeEndpoint(id);
  });

  it('delivers a signed application.created within 2 s, with ids only (no personal data)', async () => {
    const { id, secret } = await addEndpoint(['application.created']);
    const before = receiver.received.length;
    const { applicationId, email, sentAt } = await apply();
    const [hook] = (await receiver.waitFor(before + 1, 2000)).slice(before);
    assert.ok(hook);
    // From the application's request (its CV uploaded before) to the receiver.
    const elapsed = hook.at - sentAt;
    console.log(`# application.created arrived ${elapsed} ms after the application was sent`);
    assert.ok(elapsed < 2000, `${elapsed} ms`);
    const signature = String(hook.headers['rec-signature']);
    assert.match(signature, /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.ok(verifySignature(secret, hook.body, signature, Math.floor(Date.now() / 1000)), 'the signature verifies');
    assert.ok(!verifySignature(secret, hook.body.replace(applicationId, 'f'.repeat(24)), signature, Math.floor(Date.now() / 1000)), 'a changed body does not');
    const body = JSON.parse(hook.body);
    assert.equal(body.type, 'application.created');
    assert.match(body.id, /^[0-9a-f]{24}$/);
    assert.ok(!Number.isNaN(Date.parse(body.createdAt)));
    assert.deepEqual(Object.keys(body.data).sort(), ['applicationId', 'openingId']);
    assert.equal(body.data.applicationId, applicationId);
    for (const personal of [email, 'Anabela', 'Quaresma', '1994', 'cv.pdf']) assert.ok(!hook.body.includes(personal), `no ${personal} in the body`);
    const [logged] = await deliveries(id);
    assert.equal(logged?.status, 'delivered');
    assert.equal(logged?.lastStatus, 200);
    assert.equal(typeof logged?.latencyMs, 'number');
    await removeEndpoint(id);
  });

  it('tells of stage moves and rejections with the stage key only', async () => {
    const { id } = await addEndpoint(['application.stage_changed', 'application.rejected']);
    const { applicationId } = await apply();
    const row = await context.db
      .selectFrom('applications as a')
      .innerJoin('channels as c', (join) => join.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.channel_id'))
      .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
      .select('p.opening_id')
      .where('a.id', '=', applicationId)
      .executeTakeFirstOrThrow();
    const at = `/v2/recruiter/openings/${row.opening_id}/applications/${applicationId}`;
    const before = receiver.received.length;
    assert.equal((await as(owner, 'POST', `${at}/stage`, { stage: 'INTERVIEW' })).statusCode, 200);
    assert.equal((await as(owner, 'POST', `${at}/reject`, { reason: 'EXPERIENCE' })).statusCode, 200);
    const hooks = (await receiver.waitFor(before + 2)).slice(before).map((hook) => JSON.parse(hook.body));
    const byType = new Map(hooks.map((hook) => [hook.type, hook.data]));
    assert.deepEqual(byType.get('application.stage_changed'), { applicationId, openingId: row.opening_id, stage: 'INTERVIEW' });
    assert.deepEqual(byType.get('application.rejected'), { applicationId, openingId: row.opening_id, stage: 'REJECTED' });
    await removeEndpoint(id);
  });

  it('retries a failing receiver on schedule (clock faked), dead after the last try; "send again" delivers', async () => {
    const { id } = await addEndpoint(['posting.closed']);
    receiver.status = 500;
    const before = receiver.received.length;
    try {
      const sent = await as(owner, 'POST', `${BASE}/${id}/test`);
      assert.equal(sent.statusCode, 202);
      await receiver.waitFor(before + 1);
      const worker = t.app.webhooks.worker;
      // The first try is in; each next one comes exactly after its delay, not a millisecond before.
      let total = 0;
      for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
        // Wait for the first try's record (it is written after the answer arrived).
        for (let wait = 0; (await deliveries(id))[0]?.nextAttemptAt === undefined && wait < 100; wait += 1) await new Promise((r) => setTimeout(r, 10));
        const [pending] = await deliveries(id);
        assert.equal(pending?.status, 'pending');
        assert.equal(pending?.attempts, index + 1);
        assert.equal(pending?.lastStatus, 500);
        assert.equal(pending?.responseExcerpt, 'receiver down');
        t.advance(delay - 1);
        assert.equal(await worker.runDue(), 0, `try ${index + 2} not before its time`);
        t.advance(1);
        assert.equal(await worker.runDue(), 1, `try ${index + 2} on time`);
        total += delay;
      }
      assert.ok(total >= 12 * 3600_000, `retries span ${total / 3600_000} hours`);
      assert.equal(receiver.received.length - before, MAX_ATTEMPTS);
      const [dead] = await deliveries(id);
      assert.equal(dead?.status, 'dead');
      assert.equal(dead?.nextAttemptAt, null);
      t.advance(24 * 3600_000);
      assert.equal(await worker.runDue(), 0, 'a dead delivery is not tried again');
      receiver.status = 200;
      const again = await as(owner, 'POST', `${BASE}/${id}/deliveries/${dead?.id}/resend`);
      assert.equal(again.statusCode, 202, again.body);
      const hooks = await receiver.waitFor(before + MAX_ATTEMPTS + 1);
      assert.equal(JSON.parse(hooks.at(-1)?.body ?? '{}').id, JSON.parse(hooks.at(-2)?.body ?? '{}').id, 'the same event id');
    } finally {
      receiver.status = 200;
      await removeEndpoint(id);
    }
  });

  it('tells of a closed posting, and of a candidate removal queued in its own transaction (none when it rolls back)', async () => {
    const { id } = await addEndpoint(['posting.closed', 'candidate.removed']);
    const postingId = demoId(DEMO_PREFIX.posting, 0x05);
    const posting = await context.db.selectFrom('postings').select('opening_id').where('id', '=', postingId).executeTakeFirstOrThrow();
    const before = receiver.received.length;
    const closed = await as(owner, 'POST', `/v2/jobs/${posting.opening_id}/postings/${postingId}/close`);
    assert.equal(closed.statusCode, 200, closed.body);
    const [hook] = (await receiver.waitFor(before + 1)).slice(before);
    assert.deepEqual(JSON.parse(hook?.body ?? '{}').data, { postingId, openingId: posting.opening_id });

    const { applicationId } = await apply();
    const candidateId = await candidateOfApplication(context.db, applicationId);
    const queued = () => context.db.selectFrom('webhook_deliveries').select('payload').where('endpoint_id', '=', id).where('event_type', '=', 'candidate.removed').execute();
    await assert.rejects(
      context.db.transaction().execute(async (trx) => {
        await anonymiseCandidate(trx, DEMO.companyId, candidateId, new Date());
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    assert.equal((await queued()).length, 0, 'no event for a removal that did not happen');
    await context.db.transaction().execute((trx) => anonymiseCandidate(trx, DEMO.companyId, candidateId, new Date()));
    const [removed] = await queued();
    assert.deepEqual(JSON.parse(removed?.payload ?? '{}').data, { candidateId });
    // The worker's poll sends it (no kick from inside a transaction): run it now.
    await t.app.webhooks.worker.runDue();
    assert.ok(receiver.received.some((received) => JSON.parse(received.body).type === 'candidate.removed'));
    await removeEndpoint(id);
  });

  it('turns an endpoint off after a run of failures and mails the owner', async () => {
    const { id } = await addEndpoint(['posting.closed']);
    receiver.status = 503;
    try {
      await context.db.updateTable('webhook_endpoints').set({ failure_streak: DISABLE_AFTER_FAILURES - 1 }).where('id', '=', id).execute();
      const before = receiver.received.length;
      assert.equal((await as(owner, 'POST', `${BASE}/${id}/test`)).statusCode, 202);
      await receiver.waitFor(before + 1);
      let endpoint: Record<string, unknown> | undefined;
      for (let wait = 0; wait < 200 && !endpoint?.disabledAt; wait += 1) {
        endpoint = ((await as(owner, 'GET', BASE)).json() as Array<Record<string, unknown>>).find((row) => row.id === id);
        await new Promise((r) => setTimeout(r, 10));
      }
      assert.equal(endpoint?.active, false);
      assert.ok(endpoint?.disabledAt);
      // The mail goes out after the endpoint was turned off: wait for it.
      const ownerMail = async () => (await t.mails()).find((sent) => sent.to === DEMO_ACCOUNTS.owner.email && sent.text.includes('127.0.0.1'));
      let mail = await ownerMail();
      for (let wait = 0; wait < 200 && !mail; wait += 1) {
        await new Promise((r) => setTimeout(r, 10));
        mail = await ownerMail();
      }
      assert.ok(mail, 'the owner is told');
      assert.ok(!mail.text.includes('/hook'), 'the host only, not the URL');
      const on = await as(owner, 'PATCH', `${BASE}/${id}`, { active: true });
      assert.equal(on.json().failureStreak, 0);
      assert.equal(on.json().disabledAt, null);
    } finally {
      receiver.status = 200;
      await removeEndpoint(id);
    }
  });

  it('lets owners only manage endpoints: recruiter and viewer 403, another company 404', async () => {
    const { id } = await addEndpoint(['posting.closed']);
    const viewer = await t.cookieFor(DEMO_ACCOUNTS.viewer.id);
    const recruiter = await t.cookieFor(await freshRecruiter(t.app));
    const other = await t.cookieFor(DEMO_ACCOUNTS.otherOwner.id);
    for (const cookie of [viewer, recruiter]) {
      assert.equal((await as(cookie, 'GET', BASE)).statusCode, 403);
      assert.equal((await as(cookie, 'POST', BASE, { url: receiver.url, events: ['posting.closed'] })).statusCode, 403);
      assert.equal((await as(cookie, 'GET', `${BASE}/${id}/deliveries`)).statusCode, 403);
      assert.equal((await as(cookie, 'DELETE', `${BASE}/${id}`)).statusCode, 403);
    }
    assert.deepEqual((await as(other, 'GET', BASE)).json(), []);
    for (const [method, url] of [
      ['GET', `${BASE}/${id}/deliveries`],
      ['PATCH', `${BASE}/${id}`],
      ['DELETE', `${BASE}/${id}`],
      ['POST', `${BASE}/${id}/secret`],
      ['POST', `${BASE}/${id}/test`],
    ] as const) {
      const response = await as(other, method, url, method === 'PATCH' ? { active: false } : undefined);
      assert.equal(response.statusCode, 404, `${method} ${url}`);
      assert.equal(response.json().error, 'webhooks.errors.notFound');
    }
    await removeEndpoint(id);
  });

  it('refuses, with the production policy, http and addresses outside the public internet on save', async () => {
    const service = createWebhookService({
      db: context.db,
      repository: createWebhookRepository(context.db),
      box: createSecretBox(context.db),
      policy: STRICT_OUTBOUND_POLICY,
      resolve: async (hostname) => [{ address: hostname === 'inside.example' ? '10.1.2.3' : '93.184.215.14', family: 4 }],
      now: () => new Date(),
      kick: () => undefined,
    });
    for (const url of ['http://hooks.example/x', 'https://127.0.0.1/x', 'https://[::1]/x', 'https://localhost/x', 'https://169.254.169.254/latest', 'https://inside.example/x']) {
      await assert.rejects(service.create(DEMO.companyId, { url, events: ['posting.closed'], active: true }), { statusCode: 422, key: 'webhooks.errors.urlRefused' }, url);
    }
    const created = await service.create(DEMO.companyId, { url: 'https://hooks.example/x', events: ['posting.closed'], active: true });
    await service.remove(DEMO.companyId, created.endpoint.id);
  });
});
