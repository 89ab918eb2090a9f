import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ERROR_KEYS, LOCALES, OBJECT_ID_PATTERN } from '@rec/core';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { DEMO } from '../seed/demo-ids';
import { describeEachBackend } from '../testing/test-database';

/**
 * Property tests: whatever arrives (ids, query strings, Accept-Language, If-None-Match,
 * methods, bodies), the public API answers an expected status with the error shape, never a 5xx.
 */

const KEYS = new Set<string>(Object.values(ERROR_KEYS));
/** FC_RUNS=5000 for a deeper search. */
const RUNS = Number(process.env.FC_RUNS) || (process.env.TEST_DATABASE_URL ? 150 : 300);

const knownId = fc.constantFrom(DEMO.boardId, DEMO.otherBoardId, DEMO.sampleChannelId, DEMO.closedChannelId, DEMO.spontaneousChannelId);
const hexId = fc.stringMatching(/^[0-9a-f]{24}$/);
const anyText = fc.string({ unit: 'binary', maxLength: 30 });
/** Raw path segments that are not valid percent-encoding or that play with dots. */
const rawOddSegment = fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2e%2e', '%2F', '%C0%AF', 'a%20b', '%FF%FE', '..%2f..');
const idSegment = fc.oneof(knownId, hexId, anyText.map(encodeURIComponent), rawOddSegment);

const path = fc.oneof(
  idSegment.map((id) => `/v2/boards/${id}`),
  idSegment.map((id) => `/v2/boards/${id}/offers`),
  idSegment.map((id) => `/v2/boards/${id}/offer-count`),
  idSegment.map((id) => `/v2/offers/channel/${id}`),
  fc.constant('/builds/latest.json'),
);

const queryKey = fc.oneof(
  fc.constantFrom('language', 'lang', 'language[]', 'lang[0]', 'language[a][b]', 'location', 'contract', 'location[]', 'timestamp', '__proto__', 'constructor', 'toString'),
  fc.string({ maxLength: 10 }),
);
const queryValue = fc.oneof(fc.constantFrom(...LOCALES, 'xx', 'fr-BE', 'FR', ''), anyText);
const query = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(queryKey, queryValue), { maxLength: 5 })
    .map((pairs) => `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`),
  // Unencoded junk, minus what cannot appear in a request target at all (space, '#').
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((raw) => `?${raw.replace(/[ #]/g, '_')}`),
);

const headerText = (maxLength: number) => fc.string({ unit: 'grapheme-ascii', maxLength });
const acceptLanguage = fc.oneof(
  fc.constantFrom('fr', 'en-US,en;q=0.9', 'de;q=abc', '*', ';q=1', ',,,', 'pt-BR;q=0.0001, lb', 'x'.repeat(5000), `${'fr,'.repeat(400)}de`),
  headerText(200),
);
const ifNoneMatch = fc.oneof(fc.constantFrom('*', '""', '"', 'W/', 'W/"x"', ', ,', '"a", W/"b"'), headerText(100));
const headers = fc.record(
  {
    'accept-language': acceptLanguage,
    'if-none-match': ifNoneMatch,
    accept: fc.constantFrom('text/html', 'application/json', '*/*', '', 'garbage/'),
    origin: fc.constantFrom('https://careers.example.com', 'null', 'http://localhost:8080'),
  },
  { requiredKeys: [] },
);

const method = fc.constantFrom<NonNullable<InjectOptions['method']>>('GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE');
const body = fc.option(
  fc.record({
    payload: fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom('{"a":', '{}', '[]', 'null', '{"__proto__":{"x":1}}')),
    contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'garbage', 'application/json; charset=utf-16'),
  }),
  { nil: undefined },
);

const EXPECTED: Record<string, number[]> = {
  GET: [200, 304, 400, 404, 410, 414],
  HEAD: [200, 304, 400, 404, 410, 414],
  // 404 (and body errors): a path that normalises out of the public prefixes (`/v2/boards/%2e%2e` is `/v2/`).
  OPTIONS: [204, 400, 404, 413, 414, 415],
  other: [400, 404, 413, 414, 415],
};

describeEachBackend('public API robustness (fast-check)', (context) => {
  it('never answers 5xx, and every answer is an expected status with the error shape', async () => {
    await fc.assert(
      fc.asyncProperty(method, path, query, headers, body, async (verb, url, search, requestHeaders, requestBody) => {
        const response = await context.app.inject({
          method: verb,
          url: url + search,
          headers: requestBody ? { ...requestHeaders, 'content-type': requestBody.contentType } : requestHeaders,
          ...(requestBody ? { payload: requestBody.payload } : {}),
        });
        const status = response.statusCode;
        assert.ok(status < 500, `${verb} ${url}${search} -> ${status} ${response.body}`);
        // A GET or HEAD carrying a body is refused (request-guards.ts); an empty one is no body.
        const bodyOnRead = requestBody !== undefined && requestBody.payload !== '' && (verb === 'GET' || verb === 'HEAD');
        const expected = bodyOnRead ? [400] : (EXPECTED[verb] ?? EXPECTED.other ?? []);
        assert.ok(expected.includes(status), `${verb} ${url}${search} -> ${status}, expected one of ${expected}`);
        if (status >= 400 && verb !== 'HEAD') {
          const error = response.json();
          assert.equal(error.statusCode, status);
          assert.ok(KEYS.has(error.error), `unknown error key ${error.error}`);
        }
        if (status === 304 || status === 204 || verb === 'HEAD') assert.equal(response.body, '');
        if (status === 200 && verb === 'GET') assert.doesNotThrow(() => response.json());
      }),
      { numRuns: RUNS },
    );
  });

  it('answers a board id with 400 unless it is 24 lower-case hex, then 200 or 404', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(knownId, hexId, anyText), async (id) => {
        const response = await context.app.inject({ url: `/v2/boards/${encodeURIComponent(id)}` });
        if (id === '' || /^\.+$/.test(id)) {
          // No id segment left once the URL is normalised: a route miss.
          assert.ok([400, 404].includes(response.statusCode));
        } else if (OBJECT_ID_PATTERN.test(id)) {
          assert.equal(response.statusCode, id === DEMO.boardId || id === DEMO.otherBoardId ? 200 : 404, id);
        } else {
          assert.equal(response.statusCode, 400, JSON.stringify(id));
          assert.deepEqual(response.json(), { statusCode: 400, error: 'errors.invalidId' });
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('sorts the same offers whatever Accept-Language says', async () => {
    const reference = (await context.app.inject({ url: `/v2/boards/${DEMO.boardId}/offers` })).json() as Array<{ channelId: string }>;
    const expected = reference.map((offer) => offer.channelId).sort();
    await fc.assert(
      fc.asyncProperty(acceptLanguage, async (header) => {
        const response = await context.app.inject({ url: `/v2/boards/${DEMO.boardId}/offers`, headers: { 'accept-language': header } });
        assert.equal(response.statusCode, 200);
        const ids = (response.json() as Array<{ channelId: string }>).map((offer) => offer.channelId).sort();
        assert.deepEqual(ids, expected);
      }),
      { numRuns: Math.round(RUNS / 3) },
    );
  });
});
