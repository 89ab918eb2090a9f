// The widgets translate with translator.ts instead of i18next (issue 17). This differential test
// is the condition: every key of the widget locale parts (common and offer), in all nine
// languages, with plural counts 0, 1, 2, 5, 21 and sample interpolation values, gives the same
// text through i18next (configured as the host's instance, i18n.ts) and through the translator.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { DEFAULT_LOCALE, LOCALES } from '@rec/core';
import i18next from 'i18next';
import { LOCALE_PART_DIRS, type Messages } from './locale-files';
import { createTranslator } from './translator';
import { addLocaleMessages, getT, hasKey, loadLocale } from './widgets';

const WIDGET_PARTS = ['common', 'offer'] as const;
const COUNTS = [0, 1, 2, 5, 21];
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** A sample for every placeholder name the locale files use (others get a generic sample). */
const SAMPLES: Record<string, string | number> = {
  brand: 'Rec',
  company: 'Lumen <Robotics> & Co',
  date: '3 mars 2026',
  extensions: 'PDF, DOCX',
  length: 120,
  name: 'cv-{{name}}.pdf',
  percent: 42,
  size: 10,
  total: 500,
};

function read(part: (typeof WIDGET_PARTS)[number], locale: string): Messages {
  return JSON.parse(readFileSync(new URL(`../../../locales/${LOCALE_PART_DIRS[part]}${locale}.json`, import.meta.url), 'utf8'));
}

function flatKeys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Messages).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

function merged(locale: string): Messages {
  const tree: Messages = {};
  for (const part of WIDGET_PARTS) addLocaleMessagesTo(tree, read(part, locale));
  return tree;
}

function addLocaleMessagesTo(target: Messages, source: Messages) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && target[key] && typeof target[key] === 'object') addLocaleMessagesTo(target[key] as Messages, value as Messages);
    else target[key] = value;
  }
}

/** An i18next instance set up as the host's (packages/i18n/src/i18n.ts), all nine languages loaded. */
function reference() {
  const instance = i18next.createInstance();
  instance.init({
    initAsync: false,
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: merged(locale) }])),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

describe('the small translator against i18next (every widget key, nine languages)', () => {
  const i18n = reference();
  for (const locale of LOCALES) {
    it(`gives i18next's text for every key in ${locale}`, () => {
      const messages = merged(locale);
      const t = createTranslator(locale, messages);
      const expected = i18n.getFixedT(locale, 'translation');
      const keys = new Set(flatKeys(messages).flatMap((key) => [key, key.replace(PLURAL_SUFFIX, '')]));
      const differences: string[] = [];
      let compared = 0;
      const compare = (key: string, options?: Record<string, unknown>) => {
        compared += 1;
        const mine = t(key, options);
        const theirs = String(expected(key, options as never));
        if (mine !== theirs) differences.push(`${key} ${JSON.stringify(options)}: ${JSON.stringify(mine)} != i18next ${JSON.stringify(theirs)}`);
      };
      for (const key of keys) {
        compare(key);
        compare(key, SAMPLES);
        for (const count of COUNTS) {
          compare(key, { count });
          compare(key, { ...SAMPLES, count });
        }
        // A placeholder passed as undefined, and one not passed at all.
        compare(key, { name: undefined, size: null });
      }
      compare('board.noSuchKey');
      compare('board');
      assert.deepEqual(differences, []);
      assert.ok(compared > 100 * 8, `only ${compared} comparisons in ${locale}`);
    });
  }
});

describe('createTranslator', () => {
  // Plain cases the differential test above reaches only if the locale files use them.
  const t = createTranslator('en', { a: { n_zero: 'none', n_one: 'one {{count}}', n_other: '{{count}} {{what}}' }, b: 'x {{ v }} y' });

  it('prefers _zero for 0, then the plural category, then _other', () => {
    assert.equal(t('a.n', { count: 0 }), 'none');
    assert.equal(t('a.n', { count: 1 }), 'one 1');
    assert.equal(t('a.n', { count: 7, what: 'jobs' }), '7 jobs');
  });

  it('interpolates with spaces inside braces, never a second time, and leaves unknown ones', () => {
    assert.equal(t('b', { v: '{{v}}' }), 'x {{v}} y');
    assert.equal(t('b', {}), 'x {{ v }} y');
    assert.equal(t('b', { v: undefined }), 'x  y');
  });

  it('answers the key when it is missing or a section', () => {
    assert.equal(t('a'), 'a');
    assert.equal(t('nope.nothing'), 'nope.nothing');
  });
});

describe('@rec/i18n/widgets', () => {
  it('loads the common and offer parts into one tree per locale, fetched once', async () => {
    const [a, b] = await Promise.all([loadLocale('pl'), loadLocale('pl-PL')]);
    assert.equal(a, b);
    assert.equal(a('board.offerCount', { count: 5 }), String(reference().getFixedT('pl')('board.offerCount', { count: 5 })));
    const { OFFER_PART, COMMON_PART } = await import('./locale-files');
    assert.equal(getT('pl', [COMMON_PART, OFFER_PART]), undefined);
    const both = await loadLocale('pl', [COMMON_PART, OFFER_PART]);
    assert.equal(both, a);
    // Keys of both parts, including a section present in both files, resolve.
    const offerKey = flatKeys(read('offer', 'pl'))[0] ?? '';
    assert.notEqual(both(offerKey), offerKey);
    assert.equal(hasKey('pl', 'board.spontaneous'), true);
    assert.equal(hasKey('pl', 'board.nope'), false);
  });

  it('resolves an unsupported tag to English and accepts messages added directly', async () => {
    const t = await loadLocale('xx');
    assert.equal(t('common.loading'), 'Loading…');
    addLocaleMessages('it', { test: { only: 'solo {{x}}' } });
    assert.equal(getT('it')?.('test.only', { x: 1 }), 'solo 1');
  });
});
