import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO_STEPS } from '../../seed/demo-steps';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';

describeEachBackend('talent pools (issue 13)', (context) => {
  let t: AuthTestApp;
  const cookies: Record<string, string> = {};
  const call = async (who: 'owner' | 'viewer' | 'otherOwner', method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: { origin: OWN_ORIGIN, cookie: cookies[who]! }, ...(payload ? { payload } : {}) });

  before(async () => {
    t = await buildAuthTestApp(context.db);
    for (const who of ['owner', 'viewer', 'otherOwner'] as const) cookies[who] = await t.cookieFor(DEMO_ACCOUNTS[who].id);
  });
  after(async () => {
    await t.app.close();
  });

  it('creates, renames, fills, lists and deletes a pool; names are unique per company whatever the case', async () => {
    const created = await call('owner', 'POST', '/v2/talent-pools', { name: '  Robotics engineers ' });
    assert.equal(created.statusCode, 201, created.body);
    const pool = created.json();
    assert.equal(pool.name, 'Robotics engineers');
    assert.equal(pool.candidateCount, 0);
    assert.equal((await call('owner', 'POST', '/v2/talent-pools', { name: 'ROBOTICS ENGINEERS' })).json().error, 'talentPools.errors.nameTaken');
    // Another company may use the same name: names are unique per company only.
    assert.equal((await call('otherOwner', 'POST', '/v2/talent-pools', { name: 'Robotics engineers' })).statusCode, 201);

    assert.equal((await call('owner', 'PUT', `/v2/talent-pools/${pool._id}/candidates/${DEMO_STEPS.candidateId}`)).statusCode, 204);
    assert.equal((await call('owner', 'PUT', `/v2/talent-pools/${pool._id}/candidates/${DEMO_STEPS.candidateId}`)).statusCode, 204, 'adding twice is fine');
    const members = (await call('viewer', 'GET', `/v2/talent-pools/${pool._id}/candidates`)).json();
    assert.equal(members.pool.candidateCount, 1);
    assert.equal(members.candidates.length, 1);
    assert.equal(members.candidates[0]._id, DEMO_STEPS.candidateId);
    assert.ok(members.candidates[0].fullName);
    assert.match(members.candidates[0].openingId, /^[0-9a-f]{24}$/);
    assert.deepEqual((await call('viewer', 'GET', `/v2/talent-pools/of-candidate/${DEMO_STEPS.candidateId}`)).json().poolIds, [pool._id]);

    const renamed = await call('owner', 'PATCH', `/v2/talent-pools/${pool._id}`, { name: 'Senior robotics' });
    assert.equal(renamed.statusCode, 200);
    assert.equal(renamed.json().name, 'Senior robotics');
    const list = (await call('viewer', 'GET', '/v2/talent-pools')).json().pools;
    assert.ok(list.some((item: { _id: string; name: string; candidateCount: number }) => item._id === pool._id && item.name === 'Senior robotics' && item.candidateCount === 1));

    assert.equal((await call('owner', 'DELETE', `/v2/talent-pools/${pool._id}/candidates/${DEMO_STEPS.candidateId}`)).statusCode, 204);
    assert.equal((await call('owner', 'DELETE', `/v2/talent-pools/${pool._id}/candidates/${DEMO_STEPS.candidateId}`)).statusCode, 404, 'not a member any more');
    assert.equal((await call('owner', 'DELETE', `/v2/talent-pools/${pool._id}`)).statusCode, 204);
    assert.equal((await call('owner', 'GET', `/v2/talent-pools/${pool._id}/candidates`)).statusCode, 404);
  });

  it('keeps companies apart: another company neither sees nor fills a pool, nor adds a candidate of another company', async () => {
    const lumen = (await call('owner', 'POST', '/v2/talent-pools', { name: 'Lumen only' })).json();
    const nordwind = (await call('otherOwner', 'POST', '/v2/talent-pools', { name: 'Nordwind only' })).json();
    assert.ok(!(await call('otherOwner', 'GET', '/v2/talent-pools')).json().pools.some((item: { _id: string }) => item._id === lumen._id));
    assert.equal((await call('otherOwner', 'GET', `/v2/talent-pools/${lumen._id}/candidates`)).statusCode, 404);
    assert.equal((await call('otherOwner', 'PATCH', `/v2/talent-pools/${lumen._id}`, { name: 'Taken over' })).statusCode, 404);
    assert.equal((await call('otherOwner', 'DELETE', `/v2/talent-pools/${lumen._id}`)).statusCode, 404);
    // Lumen's candidate in Nordwind's own pool: the candidate does not exist for Nordwind.
    const foreign = await call('otherOwner', 'PUT', `/v2/talent-pools/${nordwind._id}/candidates/${DEMO_STEPS.candidateId}`);
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().error, 'errors.candidateNotFound');
    assert.equal((await call('otherOwner', 'GET', `/v2/talent-pools/of-candidate/${DEMO_STEPS.candidateId}`)).statusCode, 404);
    assert.equal((await call('owner', 'GET', `/v2/talent-pools/${lumen._id}/candidates`)).statusCode, 200);
  });

  it('lets a viewer read but not change pools, and refuses bad input with 400 rather than 500', async () => {
    const pool = (await call('owner', 'POST', '/v2/talent-pools', { name: 'Read only' })).json();
    assert.equal((await call('viewer', 'POST', '/v2/talent-pools', { name: 'Viewer pool' })).statusCode, 403);
    assert.equal((await call('viewer', 'PATCH', `/v2/talent-pools/${pool._id}`, { name: 'x' })).statusCode, 403);
    assert.equal((await call('viewer', 'PUT', `/v2/talent-pools/${pool._id}/candidates/${DEMO_STEPS.candidateId}`)).statusCode, 403);
    assert.equal((await call('viewer', 'DELETE', `/v2/talent-pools/${pool._id}`)).statusCode, 403);
    assert.equal((await call('viewer', 'GET', `/v2/talent-pools/${pool._id}/candidates`)).statusCode, 200);
    for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(81) }, { name: 42 }, { name: 'bell\u0007' }]) {
      assert.equal((await call('owner', 'POST', '/v2/talent-pools', payload)).statusCode, 400, JSON.stringify(payload));
    }
    assert.equal((await call('owner', 'GET', '/v2/talent-pools/not-an-id/candidates')).statusCode, 400);
    assert.equal((await call('owner', 'PUT', `/v2/talent-pools/${pool._id}/candidates/nope`)).statusCode, 400);
    assert.equal((await call('owner', 'PUT', `/v2/talent-pools/${pool._id}/candidates/${'f'.repeat(24)}`)).statusCode, 404);
    assert.equal((await t.app.inject({ method: 'GET', url: '/v2/talent-pools' })).statusCode, 401);
  });
});
