import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readLocaleCookie, serializeLocaleCookie, writeLocaleCookie } from './cookie';
import { detectLocale } from './detect';
import { addLocaleMessages, changeLocale, getT, hasKey, i18n, loadLocale } from './i18n';

describe('loadLocale / getT', () => {
  it('loads a locale once and gives a t fixed to it', async () => {
    assert.equal(getT('nl'), undefined);
    const [a, b] = await Promise.all([loadLocale('nl'), loadLocale('nl-BE')]);
    assert.equal(a('board.spontaneous'), 'Stuur een open sollicitatie');
    assert.equal(b('board.spontaneous'), 'Stuur een open sollicitatie');
    assert.ok(getT('nl'));
  });

  it('keeps two languages apart on one page', async () => {
    const [fr, de] = await Promise.all([loadLocale('fr'), loadLocale('de')]);
    assert.equal(fr('board.offerCount', { count: 2 }), '2 postes ouverts');
    assert.equal(de('board.offerCount', { count: 2 }), '2 offene Stellen');
    assert.equal(fr('board.offerCount', { count: 1 }), '1 poste ouvert');
  });

  it('falls back to English for an unsupported tag', async () => {
    const t = await loadLocale('xx');
    assert.equal(t('common.loading'), 'Loading…');
  });

  it('uses Luxembourgish plural rules', async () => {
    const lb = await loadLocale('lb');
    assert.equal(lb('board.offerCount', { count: 1 }), '1 oppe Stell');
    assert.equal(lb('board.offerCount', { count: 4 }), '4 oppe Stellen');
  });

  it('tells whether a key exists in a locale', async () => {
    await loadLocale('en');
    assert.equal(hasKey('en', 'board.notFound'), true);
    assert.equal(hasKey('en', 'board.nope'), false);
  });

  it('accepts messages added directly', () => {
    addLocaleMessages('it', { common: { loading: 'Caricamento…' } });
    assert.equal(getT('it')?.('common.loading'), 'Caricamento…');
  });

  it('changes the instance language for the host', async () => {
    await changeLocale('es');
    assert.equal(i18n.language, 'es');
    assert.equal(i18n.t('common.retry'), 'Reintentar');
  });
});

describe('locale cookie', () => {
  it('serialises for 365 days on the whole site', () => {
    assert.equal(serializeLocaleCookie('fr'), 'rec_locale=fr; Max-Age=31536000; Path=/; SameSite=Lax');
    assert.match(serializeLocaleCookie('fr', { secure: true }), /; Secure$/);
  });

  it('reads the locale among other cookies, ignoring unsupported ones', () => {
    assert.equal(readLocaleCookie('a=1; rec_locale=de; b=2'), 'de');
    assert.equal(readLocaleCookie('rec_locale=pt-PT'), 'pt');
    assert.equal(readLocaleCookie('rec_locale=xx'), undefined);
    assert.equal(readLocaleCookie('other=1'), undefined);
    assert.equal(readLocaleCookie(''), undefined);
  });

  it('writes through document.cookie, Secure on https', () => {
    const doc = { cookie: '', location: { protocol: 'https:' } } as unknown as Document;
    writeLocaleCookie('lb', doc);
    assert.equal(doc.cookie, 'rec_locale=lb; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
  });
});

describe('detectLocale', () => {
  it('prefers explicit, then cookie, then browser, then content, then en (the one language rule)', () => {
    assert.equal(detectLocale({ explicit: 'pl', cookies: 'rec_locale=de', content: 'fr', accepted: ['nl'] }), 'pl');
    assert.equal(detectLocale({ explicit: 'xx', cookies: 'rec_locale=de', content: 'fr' }), 'de');
    // Issue 25: the browser's languages beat the content's own (a German visitor on a French board).
    assert.equal(detectLocale({ content: 'fr', accepted: 'nl;q=0.5, it' }), 'it');
    assert.equal(detectLocale({ content: 'fr', accepted: 'ja' }), 'fr');
    assert.equal(detectLocale({ accepted: 'nl;q=0.5, it' }), 'it');
    assert.equal(detectLocale({}), 'en');
  });
});
