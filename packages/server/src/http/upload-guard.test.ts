import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { testAppConfig, testBackends } from '../testing/test-database';
import { carriesControlCharacters } from './text-guard';
import { addressKey } from './client-address';
import { registerUploadGuard, SMALL_BODY_BYTES } from './upload-guard';

const EIGHT_MIB = 8 * 1024 * 1024;
const PIECE = 64 * 1024;

/** A body produced only as the server reads it: `pulled` says how much it read. */
function lazyBody(total: number) {
  const counter = { pulled: 0 };
  const piece = Buffer.alloc(PIECE);
  const stream = new Readable({
    read() {
      if (counter.pulled >= total) return this.push(null);
      counter.pulled += piece.length;
      this.push(piece);
    },
  });
  return { stream, counter };
}

/** A route pattern with made-up ids (24 hex digits, question `intro`, attempt 1): a stranger's guess. */
const urlOf = (pattern: string) =>
  pattern
    .replace(/:(id|opening_id|company_id)\b/g, 'aaaaaaaaaaaaaaaaaaaaaaaa')
    .replace(':questionId', 'intro')
    .replace(':attempt', '1')
    .concat(pattern.includes(':attempt') ? '?offset=0' : '');

const CONTENT_TYPES = ['application/octet-stream', 'multipart/form-data; boundary=----x', 'application/json'];

describe('the upload guard (issue 24, H1)', () => {
  it('an octet-stream body (a Buffer) is never walked by the text guard: its bytes are not enumerated', () => {
    let enumerated = 0;
    const body = new Proxy(Buffer.alloc(1024), {
      ownKeys(target) {
        enumerated++;
        return Reflect.ownKeys(target);
      },
    });
    assert.equal(carriesControlCharacters({ body }), false);
    assert.equal(carriesControlCharacters(new Uint8Array(16)), false);
    assert.equal(enumerated, 0);
    assert.equal(carriesControlCharacters({ nested: ['ok', { name: 'a\u0000b' }] }), true, 'plain objects and arrays are still walked');
  });

  it('a route accepting more than the default body without declaring itself an upload route does not start', async () => {
    const app = Fastify();
    registerUploadGuard(app);
    app.post('/small', async () => 'ok');
    app.post('/declared', { bodyLimit: 4 * SMALL_BODY_BYTES, config: { upload: { kind: 'test', admit: async () => {} } } }, async () => 'ok');
    assert.throws(() => app.post('/undeclared', { bodyLimit: 4 * SMALL_BODY_BYTES }, async () => 'ok'), /declare it an upload route/);
    await app.close();
  });

  it('limits IPv6 clients per /64 and IPv4 clients per address', () => {
    assert.equal(addressKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'), '2001:db8:1:2::/64');
    assert.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
    assert.notEqual(addressKey('2001:db8:1:3::1'), addressKey('2001:db8:1:2::1'));
    assert.equal(addressKey('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('203.0.113.7'), '203.0.113.7');
  });

  for (const backend of testBackends().slice(0, 1)) {
    describe(`every upload route of the route table [${backend.name}]`, () => {
      let handle: DatabaseHandle;
      let app: FastifyInstance;
      before(async () => {
        handle = await backend.open();
        app = await buildApp({ db: handle.db, config: testAppConfig(), logger: false });
        await app.ready();
      });
      after(async () => {
        await app.close();
        await handle.close();
      });

      it('lists every route that accepts bytes: CVs, step files, interview chunks, logos, profile pictures', () => {
        const kinds = new Set(app.registeredRoutes.flatMap((route) => (route.upload ? [route.upload] : [])));
        assert.deepEqual([...kinds].sort(), ['cv', 'interview-chunk', 'logo', 'profile-picture', 'step-file']);
      });

      it('answers an anonymous 8 MiB body before reading any of it, whatever its type and framing', async () => {
        const routes = app.registeredRoutes.filter((route) => route.upload);
        for (const route of routes) {
          for (const type of CONTENT_TYPES) {
            for (const framing of ['content-length', 'chunked'] as const) {
              const { stream, counter } = lazyBody(EIGHT_MIB);
              const headers: Record<string, string> = { 'content-type': type };
              if (framing === 'content-length') headers['content-length'] = String(EIGHT_MIB);
              const response = await app.inject({ method: route.method as 'POST', url: urlOf(route.url), payload: stream, headers });
              const what = `${route.method} ${route.url} (${type}, ${framing}): ${response.statusCode} ${response.body.slice(0, 80)}`;
              assert.ok(response.statusCode >= 400 && response.statusCode < 500, what);
              assert.ok(counter.pulled <= PIECE, `${what} read ${counter.pulled} bytes of the body`);
            }
          }
        }
      });
    });
  }
});
