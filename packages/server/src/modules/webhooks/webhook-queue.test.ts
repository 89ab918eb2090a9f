import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DatabaseHandle } from '../../db/database';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { testBackends } from '../../testing/test-database';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver';
import { CLAIM_LEASE_MS } from './delivery-policy';
import { createWebhookRepository } from './repository';

/** An endpoint of the demo company for `posting.closed`, made through the API of `t`. */
async function addEndpoint(t: AuthTestApp, url: string): Promise<string> {
  const cookie = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
  const created = await t.app.inject({ method: 'POST', url: '/v2/companies/settings/webhooks', headers: { origin: OWN_ORIGIN, cookie }, payload: { url, events: ['posting.closed'] } });
  assert.equal(created.statusCode, 201, created.body);
  return created.json().endpoint.id;
}

const publish = (t: AuthTestApp, index: number) => t.app.webhooks.service.publish(DEMO.companyId, 'posting.closed', { postingId: index.toString(16).padStart(24, '0'), openingId: null });

/** How many times each delivery reached the receiver. */
function countsById(receiver: WebhookReceiver): Map<string, number> {
  const counts = new Map<string, number>();
  for (const hook of receiver.received) {
    const id = String(hook.headers['rec-delivery-id']);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

for (const backend of testBackends()) {
  describe(`webhook queue across restarts [${backend.name}]`, () => {
    let handle: DatabaseHandle;
    let receiver: WebhookReceiver;
    before(async () => {
      handle = await backend.open();
      receiver = await startWebhookReceiver();
    });
    after(async () => {
      await receiver.close();
      await handle.close();
    });

    it('a new instance on the same database sends what the stopped one left: queued, and claimed by a worker that died', async () => {
      const first = await buildAuthTestApp(handle.db);
      await first.app.ready();
      // This instance queues but never sends: it stops before the events come.
      await first.app.webhooks.worker.stop();
      await addEndpoint(first, receiver.url);
      await publish(first, 1);
      await publish(first, 2);
      // A worker claims one and dies before sending it (its lease stays on the row).
      const now = new Date();
      const [claimed] = await createWebhookRepository(handle.db).claimDue(now, new Date(now.getTime() + CLAIM_LEASE_MS), 1);
      assert.ok(claimed);
      await first.app.close();
      assert.equal(receiver.received.length, 0);

      const second = await buildAuthTestApp(handle.db);
      try {
        await second.app.ready();
        // The queued one leaves at start-up; the claimed one waits for its lease to run out.
        await receiver.waitFor(1);
        // Its outcome is recorded once the answer came back.
        const delivered = () => handle.db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'delivered').execute();
        for (let wait = 0; wait < 300 && (await delivered()).length < 1; wait += 1) await new Promise((resolve) => setTimeout(resolve, 10));
        assert.equal(await second.app.webhooks.worker.runDue(), 0, 'the lease still holds');
        second.advance(CLAIM_LEASE_MS + 1);
        assert.equal(await second.app.webhooks.worker.runDue(), 1, 'reclaimed after the lease');
        const counts = countsById(receiver);
        assert.equal(counts.size, 2);
        assert.equal(counts.get(claimed.id), 1);
        assert.ok([...counts.values()].every((count) => count === 1));
      } finally {
        await second.app.close();
      }
    });
  });
}

const postgres = testBackends().find((backend) => backend.name === 'postgres');
describe('webhook queue with two instances on one PostgreSQL database', { skip: postgres ? false : 'TEST_DATABASE_URL is not set' }, () => {
  let handle: DatabaseHandle;
  let receiver: WebhookReceiver;
  let a: AuthTestApp;
  let b: AuthTestApp;
  before(async () => {
    if (!postgres) return;
    handle = await postgres.open();
    receiver = await startWebhookReceiver();
    a = await buildAuthTestApp(handle.db);
    b = await buildAuthTestApp(handle.db);
    await Promise.all([a.app.ready(), b.app.ready()]);
  });
  after(async () => {
    await a?.app.close();
    await b?.app.close();
    await receiver?.close();
    await handle?.close();
  });

  it('never sends one delivery twice when both claim at once', async () => {
    // Both workers wait while the events are queued, then four claim loops (two per instance) race.
    await Promise.all([a.app.webhooks.worker.stop(), b.app.webhooks.worker.stop()]);
    await addEndpoint(a, receiver.url);
    const events = 60;
    for (let index = 0; index < events; index += 1) await publish(index % 2 ? a : b, index);
    // Each app has its own fake clock, frozen at its creation: both are moved past every event's time.
    a.advance(60_000);
    b.advance(60_000);
    const tries = await Promise.all([a.app.webhooks.worker.runDue(), b.app.webhooks.worker.runDue(), a.app.webhooks.worker.runDue(), b.app.webhooks.worker.runDue()]);
    console.log(`# tries per claim loop: ${tries.join(', ')}`);
    assert.equal(
      tries.reduce((sum, count) => sum + count, 0),
      events,
    );
    const counts = countsById(receiver);
    assert.equal(counts.size, events);
    assert.ok([...counts.values()].every((count) => count === 1), 'each delivery once');
    const delivered = await handle.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'delivered').executeTakeFirstOrThrow();
    assert.equal(Number(delivered.n), events);
  });
});
