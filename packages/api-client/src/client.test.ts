import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError, errorKeyOf } from './api-error';
import { fetchBoard, fetchBoardOffers } from './boards';
import { createApiClient } from './client';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function fakeFetch(respond: (url: string) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    return respond(url);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const header = (call: Call | undefined, name: string) => new Headers(call?.init?.headers).get(name);

describe('createApiClient', () => {
  it('joins base URL and path, writes bracket queries, sends the current locale', async () => {
    let locale = 'fr';
    const { fetch, calls } = fakeFetch(() => json(200, { ok: true }));
    const api = createApiClient({ baseURL: 'http://api.test/', getLocale: () => locale, fetch });

    assert.deepEqual(await api.get('/v2/jobs/1', { query: { select: ['title', 'status'] } }), { ok: true });
    locale = 'de';
    await api.get('/v2/jobs/2');

    assert.equal(calls[0]?.url, 'http://api.test/v2/jobs/1?select[]=title&select[]=status');
    assert.equal(header(calls[0], 'accept-language'), 'fr');
    assert.equal(header(calls[1], 'accept-language'), 'de');
  });

  it('sends JSON bodies', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const api = createApiClient({ baseURL: 'http://api.test', getLocale: () => 'en', fetch });
    await api.post('/v2/candidates/1/consent', { renew: true });
    assert.equal(calls[0]?.init?.method, 'POST');
    assert.equal(calls[0]?.init?.body, '{"renew":true}');
    assert.equal(header(calls[0], 'content-type'), 'application/json');
  });

  it('turns an error body into an ApiError with status and key', async () => {
    const { fetch } = fakeFetch(() => json(404, { statusCode: 404, error: 'board.notFound' }));
    const api = createApiClient({ baseURL: 'http://api.test', getLocale: () => 'en', fetch });
    await assert.rejects(fetchBoard(api, '64b0b0a4d000000000000001'), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 404);
      assert.equal(error.key, 'board.notFound');
      return true;
    });
  });

  it('falls back to genericErrorTitle for non-key bodies and network failures', async () => {
    const notKey = fakeFetch(() => json(400, { statusCode: 400, error: 'Bad Request' }));
    const api = createApiClient({ baseURL: 'http://api.test', getLocale: () => 'en', fetch: notKey.fetch });
    await assert.rejects(api.get('/x'), { name: 'ApiError', status: 400, key: 'genericErrorTitle' });

    const down = fakeFetch(() => Promise.reject(new TypeError('network down')));
    const offline = createApiClient({ baseURL: 'http://api.test', getLocale: () => 'en', fetch: down.fetch, retry: 0 });
    await assert.rejects(offline.get('/x'), { name: 'ApiError', status: 0, key: 'genericErrorTitle' });
  });

  it('retries a GET once on 503, then reports it', async () => {
    const { fetch, calls } = fakeFetch(() => json(503, { statusCode: 503, error: 'errors.unavailable' }));
    const api = createApiClient({ baseURL: 'http://api.test', getLocale: () => 'en', fetch });
    await assert.rejects(api.get('/x'), { status: 503, key: 'errors.unavailable' });
    assert.equal(calls.length, 2);
  });

  it('fetches board offers in a language', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, []));
    const api = createApiClient({ baseURL: 'http://api.test', getLocale: () => 'en', fetch });
    await fetchBoardOffers(api, 'b1', 'fr');
    await fetchBoardOffers(api, 'b1');
    assert.equal(calls[0]?.url, 'http://api.test/v2/boards/b1/offers?language=fr');
    assert.equal(calls[1]?.url, 'http://api.test/v2/boards/b1/offers');
  });
});

describe('errorKeyOf', () => {
  it('keeps keys, refuses raw text', () => {
    assert.equal(errorKeyOf({ error: 'errors.invalidId' }), 'errors.invalidId');
    assert.equal(errorKeyOf({ error: 'Not Found' }), 'genericErrorTitle');
    assert.equal(errorKeyOf('<html>'), 'genericErrorTitle');
    assert.equal(errorKeyOf(null), 'genericErrorTitle');
  });
});
