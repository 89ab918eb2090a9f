import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { Offer } from '@rec/core';
import { createOfferStore } from './offer';

const CHANNEL = '64b0c4a10000000000000004';
const offer: Offer = {
  _id: '64b0b0a4d000000000000004',
  language: 'fr',
  channelId: CHANNEL,
  information: { title: { fr: 'Data scientist', de: 'Data Scientist (befristet)' } },
  url: { canonical: `http://api.test/offer/c/${CHANNEL}` },
};

/** A fake API that answers the offer in the language the server would pick, and records each call. */
function fakeFetch(status = 200) {
  const calls: { url: URL; acceptLanguage: string | null }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    calls.push({ url, acceptLanguage: new Headers(init?.headers).get('accept-language') });
    const body = status === 200 ? { ...offer, language: new Headers(init?.headers).get('accept-language')?.startsWith('de') ? 'de' : 'fr' } : { statusCode: status, error: 'offer.closed' };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** The browser's languages as navigator.languages reports them (Node 20 has no navigator). */
function browserLanguages(languages: string[] | undefined): void {
  Object.defineProperty(globalThis, 'navigator', { value: languages ? { languages } : undefined, configurable: true, writable: true });
}

describe('createOfferStore', () => {
  const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  afterEach(() => {
    if (original) Object.defineProperty(globalThis, 'navigator', original);
    else browserLanguages(undefined);
  });

  it('asks in the browser’s languages when the page names none, never in English by default', async () => {
    browserLanguages(['de-DE', 'de', 'fr']);
    const { fetch, calls } = fakeFetch();
    const store = createOfferStore({ baseURL: 'http://api.test', fetch });
    await store.loadOffer({ channelId: CHANNEL });
    assert.equal(calls.length, 1, 'one call: no second fetch in another language');
    assert.equal(calls[0]?.acceptLanguage, 'de-DE,de,fr');
    assert.equal(calls[0]?.url.searchParams.get('language'), null);
    assert.equal(store.$offer.get().locale, 'de');
  });

  it('labels follow the visitor’s language; the content stays in the offer’s own when it has no posting in it (issue 25)', async () => {
    browserLanguages(['en-US', 'en']);
    const { fetch, calls } = fakeFetch();
    const store = createOfferStore({ baseURL: 'http://api.test', fetch });
    await store.loadOffer({ channelId: CHANNEL }, 'pl');
    assert.equal(calls[0]?.url.searchParams.get('language'), 'pl');
    assert.equal(calls[0]?.acceptLanguage, 'pl');
    assert.equal(store.$offer.get().locale, 'pl', 'the switcher said Polski: the labels are Polish');
    assert.equal(store.$offer.get().offer?.language, 'fr', 'not written in Polish: the content in its own language');
  });

  it('without any language asked, the labels follow the offer’s own language', async () => {
    browserLanguages([]);
    const { fetch } = fakeFetch();
    const store = createOfferStore({ baseURL: 'http://api.test', fetch });
    await store.loadOffer({ channelId: CHANNEL });
    assert.equal(store.$offer.get().locale, 'fr');
  });

  it('shows a closed offer’s message in the visitor’s language', async () => {
    browserLanguages(['pl-PL', 'pl']);
    const { fetch } = fakeFetch(410);
    const store = createOfferStore({ baseURL: 'http://api.test', fetch });
    await store.loadOffer({ channelId: CHANNEL }, 'pl');
    assert.deepEqual(store.$offer.get(), { status: 'error', offer: null, messageKey: 'closedJob', locale: 'pl' });
  });
});
