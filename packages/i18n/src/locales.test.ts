// Guards the locale files of every part (locales/<lang>.json, locales/app/<lang>.json...): same keys everywhere (plural forms per language), nothing
// empty, the same {{placeholders}}, and real translations rather than copied English.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ERROR_KEYS, LOCALES, MESSAGE_KEYS } from '@rec/core';
import { LOCALE_PART_DIRS, type LocalePartName, type ServerLocalePart } from './locale-files';

type AnyPart = LocalePartName | ServerLocalePart;
const ALL_PARTS = Object.keys(LOCALE_PART_DIRS) as AnyPart[];

const LOCALES_DIR = new URL('../../../locales/', import.meta.url);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const MAX_SAME_AS_ENGLISH = 0.3;

type Flat = Map<string, string>;

function flatten(value: unknown, prefix: string, out: Flat, problems: string[]): Flat {
  if (typeof value === 'string') {
    out.set(prefix, value);
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out, problems);
  } else {
    problems.push(`${prefix}: not a string`);
  }
  return out;
}

function load(dir: URL, locale: string): { flat: Flat; problems: string[] } {
  const problems: string[] = [];
  const flat = flatten(JSON.parse(readFileSync(new URL(`${locale}.json`, dir), 'utf8')), '', new Map(), problems);
  return { flat, problems };
}

/** Keys with plural suffixes folded to their base, with the categories each base carries. */
function baseKeys(flat: Flat): Map<string, Set<string>> {
  const bases = new Map<string, Set<string>>();
  for (const key of flat.keys()) {
    const match = PLURAL_SUFFIX.exec(key);
    const base = match ? key.slice(0, -match[0].length) : key;
    const categories = bases.get(base) ?? new Set<string>();
    if (match?.[1]) categories.add(match[1]);
    bases.set(base, categories);
  }
  return bases;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

function checkPart(part: AnyPart): Flat {
  const DIR = new URL(LOCALE_PART_DIRS[part], LOCALES_DIR);
  const files = Object.fromEntries(LOCALES.map((locale) => [locale, load(DIR, locale)]));
  const english = files.en!.flat;
  const englishBases = baseKeys(english);

  /** The English text of a key, plural keys compared through their `_other` form. */
  function englishOf(key: string): string | undefined {
    const match = PLURAL_SUFFIX.exec(key);
    return english.get(key) ?? (match ? english.get(`${key.slice(0, -match[0].length)}_other`) : undefined);
  }

  describe(`locales/${LOCALE_PART_DIRS[part]}*.json`, () => {
    it('has exactly one file per supported locale', () => {
      const present = readdirSync(DIR)
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -5))
        .sort();
      assert.deepEqual(present, [...LOCALES].sort());
    });

    if (part === 'offer') {
      it('contains a message for every form rule and upload check', () => {
        const rules = ['required', 'email', 'min', 'max', 'confirmed', 'regex', 'is_not', 'not_one_of', 'url', 'date'];
        const needed = [...rules.map((rule) => `errors.${rule}`), 'offerPage.invalidFileExtension', 'offerPage.maxFileSize', 'offerPage.uploadMissing'];
        for (const key of needed) assert.ok(english.has(key), `offer/en.json lacks ${key}`);
      });
    }


    for (const locale of LOCALES) {
      describe(locale, () => {
        const { flat, problems } = files[locale]!;
        const bases = baseKeys(flat);

        it('holds only strings, none empty', () => {
          for (const [key, text] of flat) if (!text.trim()) problems.push(`${key}: empty`);
          assert.deepEqual(problems, []);
        });

        it('has the same keys as every other locale', () => {
          for (const other of LOCALES) {
            const otherBases = baseKeys(files[other]!.flat);
            const missing = [...otherBases.keys()].filter((key) => !bases.has(key));
            assert.deepEqual(missing, [], `${locale}.json lacks keys of ${other}.json`);
          }
        });

        it('has exactly the plural forms its language needs', () => {
          const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.slice().sort();
          for (const [base, categories] of bases) {
            const englishCategories = englishBases.get(base);
            if (!categories.size && !englishCategories?.size) continue;
            assert.deepEqual([...categories].sort(), needed, `${locale}: ${base}_* plural forms`);
          }
        });

        it('keeps the {{placeholders}} of English', () => {
          for (const [key, text] of flat) {
            const reference = englishOf(key);
            if (reference !== undefined) assert.deepEqual(placeholders(text), placeholders(reference), `${locale}: ${key}`);
          }
        });

        if (locale !== 'en') {
          it(`has at most ${MAX_SAME_AS_ENGLISH * 100}% of strings identical to English`, () => {
            const same = [...flat].filter(([key, text]) => englishOf(key) === text).map(([key]) => key);
            assert.ok(same.length / flat.size <= MAX_SAME_AS_ENGLISH, `${locale}: ${same.length}/${flat.size} identical to English: ${same.join(', ')}`);
          });
        }
      });
    }
  });
  return english;
  }

const englishByPart = ALL_PARTS.map((part) => [part, checkPart(part)] as const);

describe('locale parts', () => {
  it('never define the same key twice (they merge into one bundle per language)', () => {
    const owner = new Map<string, AnyPart>();
    const clashes: string[] = [];
    for (const [part, flat] of englishByPart) {
      for (const key of flat.keys()) {
        const first = owner.get(key);
        if (first) clashes.push(`${key} in ${first} and ${part}`);
        else owner.set(key, part);
      }
    }
    assert.deepEqual(clashes, []);
  });
});

describe('error and message keys', () => {
  it('are translated in a part the clients load (public ones in common, back-office ones in app)', () => {
    const translated = new Set(englishByPart.filter(([part]) => part !== 'server').flatMap(([, flat]) => [...flat.keys()]));
    const needed = [
      ...Object.values(ERROR_KEYS),
      'genericErrorMessage',
      ...MESSAGE_KEYS.flatMap((key) => [`messageKeys.${key}.title`, `messageKeys.${key}.text`]),
    ];
    assert.deepEqual(
      needed.filter((key) => !translated.has(key)),
      [],
    );
  });

  it('keeps what the public widgets show in the common part', () => {
    const common = new Map(englishByPart).get('common');
    const widgetKeys = ['genericErrorTitle', 'genericErrorMessage', 'errors.invalidId', 'errors.notFound', 'errors.tooManyRequests', 'board.notFound', 'offer.notFound', 'offer.closed'];
    assert.deepEqual(
      widgetKeys.filter((key) => !common?.has(key)),
      [],
    );
  });
});
