import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { DEMO } from '../seed/demo-ids';
import { describeEachBackend, testAppConfig } from '../testing/test-database';
import { cacheControlFor } from './static';

const INDEX_HTML = '<!doctype html><title>Host</title><div id="root"></div>';
const FILES: Record<string, string> = {
  'widgets/rec-widgets.js': 'export const loader = true;',
  'widgets/board-3f9a1c2b.js': 'export const board = true;',
  'widgets/.env': 'SECRET=1',
  'host/index.html': INDEX_HTML,
  'host/assets/app-B7xQa2kZ.js': 'console.log("app");',
  'host/demo/career-site.html': '<!doctype html><title>Career site</title>',
  'package.json': '{"private": true}',
};

describe('cacheControlFor', () => {
  it('revalidates the loader and plain files, caches hashed chunks for a year', () => {
    assert.equal(cacheControlFor('/dist/widgets/rec-widgets.js'), 'no-cache');
    assert.equal(cacheControlFor('/dist/widgets/board-3f9a1c2b.js'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControlFor('/dist/host/assets/index-B7x_Qa2k.css'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControlFor('/dist/host/index.html'), 'no-cache');
    assert.equal(cacheControlFor('/dist/host/demo/career-site.html'), 'no-cache');
    assert.equal(cacheControlFor('/dist/widgets/my-widget.js'), 'no-cache', 'a short word after a dash is no hash');
    assert.equal(cacheControlFor('/dist/widgets/board-3f9a1c2b.js.br'), 'public, max-age=31536000, immutable', 'a precompressed chunk too');
    assert.equal(cacheControlFor('/dist/widgets/rec-widgets.js.gz'), 'no-cache', 'the loader stays revalidated in any encoding');
  });
});

describeEachBackend('static hosting of dist/', (context) => {
  let distDir = '';
  let app: FastifyInstance;

  before(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'rec-dist-'));
    for (const [file, content] of Object.entries(FILES)) {
      mkdirSync(dirname(join(distDir, file)), { recursive: true });
      writeFileSync(join(distDir, file), content);
    }
    // What packages/dev/precompress.mjs writes beside each built asset.
    for (const file of ['widgets/rec-widgets.js', 'widgets/board-3f9a1c2b.js']) {
      const content = Buffer.from(FILES[file] ?? '');
      writeFileSync(join(distDir, `${file}.br`), brotliCompressSync(content));
      writeFileSync(join(distDir, `${file}.gz`), gzipSync(content));
    }
    app = await buildApp({ db: context.db, config: testAppConfig({ distDir }), logger: false });
  });

  it('sends the precompressed copy the client accepts, with its encoding, Vary and the file’s own caching', async () => {
    const br = await app.inject({ url: '/widgets/board-3f9a1c2b.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(br.statusCode, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers['content-type']), /javascript/);
    assert.match(String(br.headers.vary), /accept-encoding/i);
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.ok(br.rawPayload.equals(brotliCompressSync(Buffer.from(FILES['widgets/board-3f9a1c2b.js'] ?? ''))));
    const gz = await app.inject({ url: '/widgets/rec-widgets.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gz.headers['cache-control'], 'no-cache');
    const plain = await app.inject({ url: '/widgets/rec-widgets.js' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, FILES['widgets/rec-widgets.js']);
    assert.match(String(plain.headers.vary), /accept-encoding/i, 'a shared cache must not hand this copy to a br client');
  });
  after(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('serves the widget loader with no-cache and CORS for cross-origin module scripts', async () => {
    const response = await app.inject({ url: '/widgets/rec-widgets.js', headers: { origin: 'https://careers.example.com' } });
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, FILES['widgets/rec-widgets.js']);
    assert.match(String(response.headers['content-type']), /javascript/);
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
  });

  it('serves hashed widget chunks as immutable', async () => {
    const response = await app.inject({ url: '/widgets/board-3f9a1c2b.js' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(response.headers['access-control-allow-origin'], '*');
  });

  it('answers JSON errors for missing widgets and dotfiles', async () => {
    for (const url of ['/widgets/missing.js', '/widgets/.env', '/widgets/sub/.env']) {
      const response = await app.inject({ url, headers: { accept: 'text/html,*/*' } });
      assert.ok(response.statusCode === 404 || response.statusCode === 403, `${url}: ${response.statusCode}`);
      assert.match(response.json().error, /^errors\./);
    }
  });

  it('never serves a file outside the served folders', async () => {
    for (const url of ['/widgets/../package.json', '/widgets/%2e%2e/package.json', '/widgets/..%2fpackage.json', '/..%2fpackage.json', '/package.json']) {
      const response = await app.inject({ url, headers: { accept: '*/*' } });
      assert.ok(!response.body.includes('private'), `${url} leaked dist/package.json`);
      assert.ok(response.statusCode >= 400 && response.statusCode < 500, `${url}: ${response.statusCode}`);
    }
  });

  it('serves the host index at / with no-cache and the HTML security headers', async () => {
    const response = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, INDEX_HTML);
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.equal(response.headers['access-control-allow-origin'], undefined, 'the host app is not a public API');
  });

  it('serves host files and hashed assets', async () => {
    const demo = await app.inject({ url: '/demo/career-site.html' });
    assert.equal(demo.statusCode, 200);
    assert.match(demo.body, /Career site/);
    assert.equal(demo.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    const asset = await app.inject({ url: '/assets/app-B7xQa2kZ.js' });
    assert.equal(asset.statusCode, 200);
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  it('answers index.html for HTML navigations the SPA owns', async () => {
    // The offer and board pages with a valid id are rendered with their content (seo.test.ts).
    for (const url of ['/offer/message', `/share/lumen-embedded-engineer?x=${DEMO.boardId}`, '/recruiter/openings', '/login']) {
      const response = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, INDEX_HTML, url);
      assert.equal(response.headers['cache-control'], 'no-cache');
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    }
    // A board id that names nothing is a 404 page (issue 9), still the app, never a 200.
    const board = await app.inject({ url: '/board/not-an-id', headers: { accept: 'text/html' } });
    assert.equal(board.statusCode, 404);
    assert.match(board.body, /<div id="root">/);
  });

  it('revalidates the SPA fallback with its ETag', async () => {
    const first = await app.inject({ url: '/login', headers: { accept: 'text/html' } });
    const again = await app.inject({ url: '/login', headers: { accept: 'text/html', 'if-none-match': String(first.headers.etag) } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  it('never answers index.html under /v2, /auth, /builds, /widgets, or to non-HTML requests', async () => {
    for (const url of ['/v2/nothing', '/v2', '/auth/nothing', '/builds/other.json', '/widgets/nothing.js']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      assert.equal(response.statusCode, 404, url);
      assert.deepEqual(response.json(), { statusCode: 404, error: 'errors.notFound' }, url);
    }
    const json = await app.inject({ url: '/board/x', headers: { accept: 'application/json' } });
    assert.equal(json.statusCode, 404);
    const post = await app.inject({ method: 'POST', url: '/board/x', headers: { accept: 'text/html' } });
    assert.equal(post.statusCode, 404);
    assert.deepEqual(post.json(), { statusCode: 404, error: 'errors.notFound' });
  });

  it('still routes the API', async () => {
    const response = await app.inject({ url: `/v2/boards/${DEMO.boardId}`, headers: { accept: 'text/html' } });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json()._id, DEMO.boardId);
  });
});

describeEachBackend('without dist/', (context) => {
  it('starts and answers JSON 404s for pages and widgets', async () => {
    const app = await buildApp({ db: context.db, config: testAppConfig({ distDir: join(tmpdir(), 'rec-dist-absent') }), logger: false });
    try {
      for (const url of ['/', '/widgets/rec-widgets.js', '/board/x']) {
        const response = await app.inject({ url, headers: { accept: 'text/html' } });
        assert.equal(response.statusCode, 404, url);
        assert.deepEqual(response.json(), { statusCode: 404, error: 'errors.notFound' });
      }
    } finally {
      await app.close();
    }
  });
});
