import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { registerErrorHandler } from './errors';
import { parsedQueryCarriesControlCharacters, queryCarriesControlCharacters, registerTextGuard } from './text-guard';

const URLS = [
  '/q',
  '/q?language=en',
  '/q?language=en&lang=fr',
  '/q?search=a+b&page=2',
  '/q?search=%00',
  '/q?search=a%00b',
  '/q?%1B=x',
  '/q?x=%7F',
  '/q?x=%7f&y=1',
  '/q?x=%E2%80%8B',
  '/q?x=%C3%A9',
  '/q?x=%ZZ',
  '/q?x=%',
  '/q?x=\u007f',
  '/q?\u007f',
  '/q?x=\u0085',
  '/q#%00?x=1',
  '/q?a=1#%00',
  '/q?x=%ED%A0%80',
  '/q?x[]=1&x[]=%00',
  '/q?language=en&language=fr',
];

describe('the text guard on queries', () => {
  it('refuses exactly the queries whose parsed keys or values carry a control character, with or without its raw-URL shortcut', async () => {
    const guarded = Fastify();
    registerErrorHandler(guarded);
    registerTextGuard(guarded);
    guarded.get('/q', async () => ({ ok: true }));
    const plain = Fastify();
    plain.get('/q', async (request) => ({ walked: parsedQueryCarriesControlCharacters(request.query), shortcut: queryCarriesControlCharacters(request.url, request.query) }));
    for (const url of URLS) {
      const expected = (await plain.inject(url)).json() as { walked: boolean; shortcut: boolean };
      assert.equal(expected.shortcut, expected.walked, `${JSON.stringify(url)}: the shortcut agrees with the walk`);
      const response = await guarded.inject(url);
      assert.equal(response.statusCode, expected.walked ? 400 : 200, `${JSON.stringify(url)}: ${response.body}`);
      if (expected.walked) assert.equal(response.json().error, 'errors.controlCharacters');
    }
    const refused = await Promise.all(URLS.map(async (url) => (await guarded.inject(url)).statusCode === 400));
    assert.ok(refused.filter(Boolean).length >= 6, 'the list holds refused queries');
    await guarded.close();
    await plain.close();
  });
});
