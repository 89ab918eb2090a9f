import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOCALE_COOKIE, visitorLanguageIfKnown } from '@rec/core';
import { askedLanguage, type LanguageRequest, requestLanguageSources } from './page-language';

describe('askedLanguage', () => {
  it('answers what the one rule answers, with or without its shortcut for a query that names a language', () => {
    const queries = [undefined, {}, { language: 'fr' }, { language: 'FR-be' }, { language: 'xx' }, { lang: 'de' }, { language: 'xx', lang: 'de' }, { language: '', lang: 'nl' }, { language: 'pt_BR' }];
    const headers = [undefined, 'de-DE,de;q=0.9,en;q=0.8', 'xx', 'it;q=0, pl', '*'];
    const cookies = [undefined, { [LOCALE_COOKIE]: 'lb' }, { [LOCALE_COOKIE]: 'xx' }];
    for (const query of queries) {
      for (const header of headers) {
        for (const saved of cookies) {
          for (const readSaved of [false, true]) {
            const request: LanguageRequest = { query, headers: { 'accept-language': header }, cookies: saved };
            const expected = visitorLanguageIfKnown(requestLanguageSources(request, { readSaved }));
            assert.equal(askedLanguage(request, { readSaved }), expected, JSON.stringify({ query, header, saved, readSaved }));
          }
        }
      }
    }
  });
});
