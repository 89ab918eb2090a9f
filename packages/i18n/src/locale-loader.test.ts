import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Locale } from '@rec/core';
import type { LocalePart, Messages } from './locale-files';
import { createLocaleLoader } from './locale-loader';

/** A part whose fr file fails on the first download, and counts its downloads. */
function flakyPart() {
  let downloads = 0;
  const file = async () => {
    downloads += 1;
    if (downloads === 1) throw new Error('offline');
    return { default: { hello: 'bonjour' } };
  };
  const part = { name: 'common', files: { fr: file } } as unknown as LocalePart;
  return { part, downloads: () => downloads };
}

function memoryStore() {
  const added: Array<[Locale, Messages]> = [];
  return { added, add: (locale: Locale, messages: Messages) => added.push([locale, messages]), translator: (locale: Locale) => (key: string) => `${locale}:${key}` };
}

it('shares one download between concurrent loads, retries a failed one, and gives one stable t per locale', async () => {
  const store = memoryStore();
  const loader = createLocaleLoader(store);
  const { part, downloads } = flakyPart();

  await assert.rejects(Promise.all([loader.loadLocale('fr', [part]), loader.loadLocale('fr-BE', [part])]), /offline/);
  assert.equal(downloads(), 1, 'the two callers shared the failed download');
  assert.equal(loader.getT('fr', [part]), undefined, 'nothing loaded yet');

  const [t, again] = await Promise.all([loader.loadLocale('fr', [part]), loader.loadLocale('fr', [part])]);
  assert.equal(downloads(), 2, 'the failure was retried once, for both callers');
  assert.equal(t, again);
  assert.equal(loader.getT('fr', [part]), t, 'the same function on every call');
  assert.equal(t('hello'), 'fr:hello');
  assert.deepEqual(store.added, [['fr', { hello: 'bonjour' }]]);

  await loader.loadLocale('fr', [part]);
  assert.equal(downloads(), 2, 'a loaded part is not fetched again');
});
