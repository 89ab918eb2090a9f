import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Board, Offer } from '@rec/core';
import { createBoardStore, sortOffers, summarizeOffer } from './board';

const BOARD_ID = '64b0b0a4d000000000000001';
const board: Board = {
  _id: BOARD_ID,
  language: 'fr',
  name: 'Lumen Robotics',
  company: { _id: '64b0b0a4d0000000000000c1', name: 'Lumen Robotics' },
  spontaneousOfferChannelUrl: 'http://api.test/offer/c/64b0b0a4d0000000000000f9',
};

function offer(n: number, title: Offer['information']['title'], language: Offer['language'] = 'fr'): Offer {
  const id = `64b0b0a4d0000000000000${String(n).padStart(2, '0')}`;
  return { _id: id, language, channelId: id, information: { title }, url: { canonical: `http://api.test/offer/c/${id}` } };
}

const offers = [
  offer(1, { fr: 'Électricien', en: 'Electrician' }),
  offer(2, { fr: 'Zoologiste', en: 'Animal keeper' }),
  offer(3, { fr: 'Agent de sécurité', en: 'Security guard' }),
  offer(4, { fr: 'Ébéniste' }),
];

interface Route {
  status?: number;
  body: unknown;
  delay?: number;
}

function fakeFetch(routes: (url: URL) => Route) {
  const calls: { url: URL; headers: Headers }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    calls.push({ url, headers: new Headers(init?.headers) });
    const route = routes(url);
    if (route.delay) await new Promise((resolve) => setTimeout(resolve, route.delay));
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return new Response(JSON.stringify(route.body), { status: route.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const api = (url: URL): Route => (url.pathname.endsWith('/offers') ? { body: offers } : { body: board });

describe('sortOffers', () => {
  it('sorts by title in the locale, falling back to the offer language', () => {
    assert.deepEqual(
      sortOffers(offers, 'fr').map((o) => o._id.slice(-2)),
      ['03', '04', '01', '02'],
    );
    // In English offer 4 has no English title: its French one takes part in the sort.
    assert.deepEqual(
      sortOffers(offers, 'en').map((o) => summarizeOffer(o, 'en').title),
      ['Animal keeper', 'Ébéniste', 'Electrician', 'Security guard'],
    );
  });

  it('follows the locale collation (Polish ł after l)', () => {
    const polish = [offer(1, { pl: 'łódź' }, 'pl'), offer(2, { pl: 'lody' }, 'pl'), offer(3, { pl: 'mama' }, 'pl')];
    assert.deepEqual(
      sortOffers(polish, 'pl').map((o) => o.information.title.pl),
      ['lody', 'łódź', 'mama'],
    );
  });
});

describe('summarizeOffer', () => {
  it('tells the language a fallback title is in', () => {
    assert.deepEqual(summarizeOffer(offers[3]!, 'de'), { title: 'Ébéniste', titleLanguage: 'fr', location: '' });
    assert.equal(summarizeOffer(offers[0]!, 'en').titleLanguage, 'en');
  });
});

describe('createBoardStore', () => {
  it('starts loading, then holds board and sorted offers in the board language', async () => {
    const { fetch, calls } = fakeFetch(api);
    const store = createBoardStore({ baseURL: 'http://api.test', fetch });
    assert.equal(store.$board.get().status, 'loading');
    await store.loadBoard(BOARD_ID);
    const state = store.$board.get();
    assert.equal(state.status, 'ready');
    assert.equal(state.locale, 'fr');
    assert.equal(state.board?.name, 'Lumen Robotics');
    assert.deepEqual(
      state.offers.map((o) => o.information.title.fr),
      ['Agent de sécurité', 'Ébéniste', 'Électricien', 'Zoologiste'],
    );
    assert.equal(calls.length, 2);
    assert.equal(calls.find((c) => c.url.pathname.endsWith('/offers'))?.url.search, '');
  });

  it('fetches in an explicit locale and sends it as Accept-Language', async () => {
    const { fetch, calls } = fakeFetch(api);
    const store = createBoardStore({ baseURL: 'http://api.test', fetch });
    await store.loadBoard(BOARD_ID, 'en-GB');
    assert.equal(store.$board.get().locale, 'en');
    assert.equal(calls.find((c) => c.url.pathname.endsWith('/offers'))?.url.search, '?language=en');
    assert.ok(calls.every((c) => c.headers.get('accept-language') === 'en'));
    assert.deepEqual(
      store.$board.get().offers.map((o) => summarizeOffer(o, 'en').title),
      ['Animal keeper', 'Ébéniste', 'Electrician', 'Security guard'],
    );
  });

  it('runs the two calls in parallel', async () => {
    let inFlight = 0;
    let most = 0;
    const { fetch } = fakeFetch((url) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight -= 1;
      }, 20);
      return { ...api(url), delay: 20 };
    });
    await createBoardStore({ baseURL: 'http://api.test', fetch }).loadBoard(BOARD_ID);
    assert.equal(most, 2);
  });

  it('reports the API error key', async () => {
    const { fetch } = fakeFetch(() => ({ status: 404, body: { statusCode: 404, error: 'board.notFound' } }));
    const store = createBoardStore({ baseURL: 'http://api.test', fetch });
    await store.loadBoard(BOARD_ID, 'de');
    assert.deepEqual(store.$board.get(), { status: 'error', board: null, offers: [], errorKey: 'board.notFound', locale: 'de' });
  });

  it('falls back to genericErrorTitle for unexpected failures', async () => {
    const { fetch } = fakeFetch((url) => (url.pathname.endsWith('/offers') ? { status: 502, body: 'bad gateway' } : { body: board }));
    const store = createBoardStore({ baseURL: 'http://api.test', fetch });
    await store.loadBoard(BOARD_ID);
    assert.equal(store.$board.get().status, 'error');
    assert.equal(store.$board.get().errorKey, 'genericErrorTitle');
  });

  it('readies the shown locale before it is ready: early when requested, else the board language', async () => {
    const { fetch } = fakeFetch(api);
    const prepared: string[] = [];
    let states: string[] = [];
    const prepareLocale = async (locale: string) => {
      prepared.push(locale);
      states.push(`prepare ${locale} while ${store.$board.get().status}`);
    };
    const store = createBoardStore({ baseURL: 'http://api.test', fetch, prepareLocale });
    store.$board.listen((state) => states.push(state.status));
    await store.loadBoard(BOARD_ID);
    assert.deepEqual(prepared, ['fr']);
    assert.deepEqual(states, ['loading', 'prepare fr while loading', 'ready']);
    states = [];
    await store.loadBoard(BOARD_ID, 'pl');
    assert.deepEqual(prepared, ['fr', 'pl']);
    assert.deepEqual(states, ['loading', 'prepare pl while loading', 'ready']);
  });

  it('shows a failure even when the locale cannot be readied', async () => {
    const { fetch } = fakeFetch(() => ({ status: 404, body: { statusCode: 404, error: 'board.notFound' } }));
    const store = createBoardStore({ baseURL: 'http://api.test', fetch, prepareLocale: () => Promise.reject(new Error('offline')) });
    await store.loadBoard(BOARD_ID);
    assert.equal(store.$board.get().errorKey, 'board.notFound');
    assert.equal(store.$board.get().locale, 'en');
  });

  it('refuses a malformed or missing id without calling the API', async () => {
    const { fetch, calls } = fakeFetch(api);
    const store = createBoardStore({ baseURL: 'http://api.test', fetch });
    await store.loadBoard('not-an-id');
    assert.equal(store.$board.get().errorKey, 'errors.invalidId');
    await store.loadBoard(undefined);
    assert.equal(store.$board.get().status, 'error');
    assert.equal(calls.length, 0);
  });

  it('keeps the newest request when an older one answers late', async () => {
    const { fetch } = fakeFetch((url) => ({ ...api(url), delay: url.searchParams.get('language') === 'de' ? 40 : 5 }));
    const store = createBoardStore({ baseURL: 'http://api.test', fetch });
    const slow = store.loadBoard(BOARD_ID, 'de');
    const fast = store.loadBoard(BOARD_ID, 'nl');
    await Promise.all([slow, fast]);
    assert.equal(store.$board.get().status, 'ready');
    assert.equal(store.$board.get().locale, 'nl');
  });

  it('keeps the shown board while another language loads', async () => {
    const { fetch } = fakeFetch(api);
    const store = createBoardStore({ baseURL: 'http://api.test', fetch });
    await store.loadBoard(BOARD_ID, 'fr');
    const next = store.loadBoard(BOARD_ID, 'en');
    assert.equal(store.$board.get().status, 'loading');
    assert.equal(store.$board.get().board?.name, 'Lumen Robotics');
    await next;
    assert.equal(store.$board.get().locale, 'en');
  });
});
