import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { describeEachBackend, testAppConfig } from '../../testing/test-database';
import { BUILD_INFO_FILE } from './routes';

describeEachBackend('GET /builds/latest.json', (context) => {
  let distDir = '';
  let app: FastifyInstance;
  const startedAt = 1_732_233_600_000;

  before(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'rec-builds-'));
    app = await buildApp({ db: context.db, config: testAppConfig({ distDir }), logger: false, startedAt });
  });
  after(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const writeInfo = (content: string) => writeFileSync(join(distDir, BUILD_INFO_FILE), content);

  it('answers the process start while the build wrote no build-info.json', async () => {
    rmSync(join(distDir, BUILD_INFO_FILE), { force: true });
    const response = await app.inject({ url: '/builds/latest.json' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { buildId: `dev-${startedAt}`, timestamp: startedAt });
  });

  it('answers the build written by the build, re-read on each call', async () => {
    writeInfo(JSON.stringify({ buildId: 'b-1', timestamp: 1000 }));
    assert.deepEqual((await app.inject({ url: '/builds/latest.json' })).json(), { buildId: 'b-1', timestamp: 1000 });
    writeInfo(JSON.stringify({ buildId: 'b-2', timestamp: 2000, extra: 'ignored' }));
    assert.deepEqual((await app.inject({ url: '/builds/latest.json?timestamp=123' })).json(), { buildId: 'b-2', timestamp: 2000 });
  });

  it('falls back on an unreadable or malformed file', async () => {
    for (const content of ['{not json', JSON.stringify({ buildId: 42 }), '[]']) {
      writeInfo(content);
      assert.deepEqual((await app.inject({ url: '/builds/latest.json' })).json(), { buildId: `dev-${startedAt}`, timestamp: startedAt }, content);
    }
  });

  it('must be revalidated, carries an ETag and CORS, and answers 304 when unchanged', async () => {
    writeInfo(JSON.stringify({ buildId: 'b-3', timestamp: 3000 }));
    const first = await app.inject({ url: '/builds/latest.json', headers: { origin: 'https://careers.example.com' } });
    assert.equal(first.headers['cache-control'], 'no-cache');
    assert.equal(first.headers['access-control-allow-origin'], '*');
    assert.equal(first.headers['x-content-type-options'], 'nosniff');
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[\w-]+"$/);
    const unchanged = await app.inject({ url: '/builds/latest.json', headers: { 'if-none-match': etag } });
    assert.equal(unchanged.statusCode, 304);
    writeInfo(JSON.stringify({ buildId: 'b-4', timestamp: 4000 }));
    const changed = await app.inject({ url: '/builds/latest.json', headers: { 'if-none-match': etag } });
    assert.equal(changed.statusCode, 200, 'a new build invalidates the old ETag');
    assert.equal(changed.json().buildId, 'b-4');
  });
});
