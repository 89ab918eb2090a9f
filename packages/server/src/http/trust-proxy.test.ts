import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../app';
import type { Config } from '../config';
import { type TestBackend, testAppConfig, testBackends, withTestDatabase } from '../testing/test-database';

/** Three upload attempts from three different forwarded clients, all through the same proxy (inject's 127.0.0.1). */
async function statusesFromThreeClients(trustProxy: Config['trustProxy'] | undefined): Promise<number[]> {
  const backend = testBackends()[0] as TestBackend;
  return withTestDatabase(backend, async ({ db }) => {
    const app = await buildApp({ db, config: testAppConfig(trustProxy === undefined ? {} : { trustProxy }), logger: false, rateLimit: { limit: 2, windowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        // The query is invalid on purpose: the rate limit runs first, so 400 means "counted, not limited".
        const response = await app.inject({ method: 'POST', url: '/v2/storage', headers: { 'x-forwarded-for': client } });
        statuses.push(response.statusCode);
      }
      return statuses;
    } finally {
      await app.close();
    }
  });
}

describe('TRUST_PROXY', () => {
  it('without it every client behind the proxy shares one budget, and a forged X-Forwarded-For changes nothing', async () => {
    assert.deepEqual(await statusesFromThreeClients(undefined), [400, 400, 429]);
    assert.deepEqual(await statusesFromThreeClients(false), [400, 400, 429]);
  });

  it('with a trusted hop or proxy address each forwarded client has its own budget', async () => {
    assert.deepEqual(await statusesFromThreeClients(1), [400, 400, 400]);
    assert.deepEqual(await statusesFromThreeClients(['127.0.0.1']), [400, 400, 400]);
  });

  it('a proxy that is not in the list is not believed', async () => {
    assert.deepEqual(await statusesFromThreeClients(['10.9.9.9']), [400, 400, 429]);
  });
});
