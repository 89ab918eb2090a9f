import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';
import { uploadCv } from '../../testing/candidate';
import { describeEachBackend } from '../../testing/test-database';

/** Issue 8, finding 12: an Idempotency-Key is scoped to the offer and bound to the payload. */
// Another open offer whose apply form asks nothing beyond the defaults (0x02 requires licences).
const OTHER_OFFER_CHANNEL = demoId(DEMO_PREFIX.channel, 0x03);
let n = 0;

async function form(app: FastifyInstance, who: string) {
  n += 1;
  const cv = await uploadCv(app);
  return {
    submissionId: `body-id-${Date.now()}-${n}`,
    firstName: who,
    lastName: 'Tester',
    email: `${who.toLowerCase()}.${Date.now()}.${n}@example.org`,
    birthDate: '21/04/1994',
    cv: { url: cv.url, name: cv.name },
    gdprConsent: true,
  };
}

describeEachBackend('applications: Idempotency-Key scope', (context) => {
  const apply = (channelId: string, body: unknown, key: string) =>
    context.app.inject({ method: 'POST', url: `/v2/offers/channel/${channelId}/applications`, payload: body as object, headers: { 'idempotency-key': key } });
  const count = async (key: string) =>
    Number((await context.db.selectFrom('applications').select((eb) => eb.fn.countAll().as('n')).where('submission_id', '=', key).executeTakeFirstOrThrow()).n);

  it('the same key on another offer is another application, not the first one’s receipt', async () => {
    const key = `shared-key-${Date.now()}`;
    const first = await apply(DEMO.sampleChannelId, await form(context.app, 'Alice'), key);
    assert.equal(first.statusCode, 201, first.body);
    const second = await apply(OTHER_OFFER_CHANNEL, await form(context.app, 'Bruno'), key);
    assert.equal(second.statusCode, 201, second.body);
    assert.notEqual(second.json().applicationId, first.json().applicationId);
    assert.equal(await count(key), 2, 'both applications were saved');
  });

  it('the same key with a different payload on the same offer answers 422 with a key', async () => {
    const key = `reused-key-${Date.now()}`;
    const body = await form(context.app, 'Carla');
    assert.equal((await apply(DEMO.sampleChannelId, body, key)).statusCode, 201);
    const other = await apply(DEMO.sampleChannelId, { ...body, firstName: 'Dora', email: `dora.${Date.now()}@example.org` }, key);
    assert.equal(other.statusCode, 422, other.body);
    assert.deepEqual(other.json(), { statusCode: 422, error: 'application.idempotencyKeyReused' });
    // A true retry (same form) still answers the first application.
    const retry = await apply(DEMO.sampleChannelId, body, key);
    assert.equal(retry.statusCode, 200);
    assert.equal(await count(key), 1);
  });
});
