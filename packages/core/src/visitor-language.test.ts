import assert from 'node:assert/strict';
import { test } from 'node:test';
import { supportedLanguage, visitorLanguage, visitorLanguageIfKnown } from './visitor-language';

// Every source filled; each test removes the steps above the one it proves.
const ALL = { attribute: 'pl', query: 'it', saved: 'nl', page: 'de-AT', browser: ['pt-BR', 'es'], content: 'fr' } as const;

test('1. the language attribute wins over everything else', () => {
  assert.equal(visitorLanguage(ALL), 'pl');
});

test('2. without an attribute, the page link’s ?language= decides', () => {
  assert.equal(visitorLanguage({ ...ALL, attribute: undefined }), 'it');
});

test('3. without attribute or query, the saved switcher choice decides', () => {
  assert.equal(visitorLanguage({ ...ALL, attribute: null, query: null }), 'nl');
});

test('4. then the nearest lang of the page (a region subtag is ignored)', () => {
  assert.equal(visitorLanguage({ ...ALL, attribute: null, query: null, saved: null }), 'de');
});

test('5. then the browser’s languages, best first, skipping unsupported ones', () => {
  assert.equal(visitorLanguage({ content: 'fr', browser: ['pt-BR', 'es'] }), 'pt');
  assert.equal(visitorLanguage({ content: 'fr', browser: ['ja', 'ko', 'es-MX'] }), 'es');
});

test('6. then the content’s own language (board, offer, application)', () => {
  assert.equal(visitorLanguage({ content: 'fr', browser: ['ja'] }), 'fr');
});

test('7. English when nothing names a supported language', () => {
  assert.equal(visitorLanguage({ attribute: 'xx', query: '', page: 'ja', browser: [] }), 'en');
  assert.equal(visitorLanguage({}), 'en');
});

test('an unsupported value at one step falls through to the next, never to English early', () => {
  assert.equal(visitorLanguage({ attribute: 'klingon', query: 'zz', page: 'fr-CA', content: 'de' }), 'fr');
});

test('before the content is known, only what the visitor asks for counts', () => {
  assert.equal(visitorLanguageIfKnown({ browser: ['ja'], content: 'fr' }), undefined);
  assert.equal(visitorLanguageIfKnown({ browser: ['ja', 'de'] }), 'de');
});

test('supported languages are recognised in any case and with region or script subtags', () => {
  assert.equal(supportedLanguage('FR'), 'fr');
  assert.equal(supportedLanguage(' pt_BR '), 'pt');
  assert.equal(supportedLanguage('lb-LU'), 'lb');
  assert.equal(supportedLanguage('zh-Hant'), undefined);
  assert.equal(supportedLanguage(''), undefined);
});
