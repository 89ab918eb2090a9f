import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { ERROR_KEYS } from './errors';
import { PostingCreateBodySchema } from './openings';
import { publicSalaryOf, SalarySchema } from './salary';
import { formatSalaryRange } from './salary-format';

const range = { min: 45_000, max: 60_000, currency: 'EUR', period: 'YEAR', show: true };
const messages = (input: unknown) => {
  const result = v.safeParse(SalarySchema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
};

describe('salary range schema', () => {
  it('accepts a range, a single amount and cents', () => {
    assert.deepEqual(messages(range), []);
    assert.deepEqual(messages({ ...range, min: 60_000 }), []);
    assert.deepEqual(messages({ ...range, min: 17.5, max: 19.85, period: 'HOUR' }), []);
  });

  it('refuses min above max with its own key', () => {
    assert.deepEqual(messages({ ...range, min: 70_000 }), [ERROR_KEYS.salaryMinAboveMax]);
  });

  it('refuses zero, negative, huge, non-finite and sub-cent amounts', () => {
    for (const min of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 1.234, 2_000_000_000]) {
      assert.ok(messages({ ...range, min }).includes(ERROR_KEYS.salaryAmount), `min ${min}`);
    }
    assert.ok(messages({ ...range, min: '45000' }).includes(ERROR_KEYS.salaryAmount), 'a string is no amount');
  });

  it('refuses unknown currencies and periods, and extra fields', () => {
    assert.notDeepEqual(messages({ ...range, currency: 'XYZ' }), []);
    assert.notDeepEqual(messages({ ...range, currency: 'eur' }), []);
    assert.notDeepEqual(messages({ ...range, period: 'FORTNIGHT' }), []);
    assert.notDeepEqual(messages({ ...range, bonus: 1 }), []);
    const { show: _show, ...withoutSwitch } = range;
    assert.notDeepEqual(messages(withoutSwitch), [], 'the switch is required');
  });

  it('is optional in a posting, and null clears it', () => {
    const posting = { language: 'en', contents: { en: { title: 'Welder' } } };
    assert.ok(v.safeParse(PostingCreateBodySchema, posting).success);
    assert.ok(v.safeParse(PostingCreateBodySchema, { ...posting, salary: null }).success);
    assert.ok(!v.safeParse(PostingCreateBodySchema, { ...posting, salary: { ...range, max: 1 } }).success);
    assert.ok(!v.safeParse(PostingCreateBodySchema, { ...posting, addressCountry: 'LUX' }).success);
    const parsed = v.safeParse(PostingCreateBodySchema, { ...posting, addressCountry: 'lu' });
    assert.equal(parsed.success && parsed.output.addressCountry, 'LU');
  });

  it('shows visitors only a valid range whose switch is on', () => {
    assert.deepEqual(publicSalaryOf(range), { min: 45_000, max: 60_000, currency: 'EUR', period: 'YEAR' });
    assert.equal(publicSalaryOf({ ...range, show: false }), undefined);
    assert.equal(publicSalaryOf({ ...range, min: 90_000 }), undefined);
    assert.equal(publicSalaryOf(null), undefined);
  });
});

describe('formatSalaryRange', () => {
  it('formats in the page language: separators and currency placement', () => {
    // \s also matches the (narrow) no-break spaces ICU puts in French and German amounts.
    assert.match(formatSalaryRange(range, 'fr'), /^45\s000–60\s000\s€$/u);
    assert.match(formatSalaryRange(range, 'de'), /^45\.000–60\.000\s€$/u);
    assert.match(formatSalaryRange(range, 'en'), /^€45,000\s–\s€60,000$/u);
    assert.match(formatSalaryRange({ min: 7_500, max: 9_500, currency: 'PLN' }, 'pl'), /^7500–9500\szł$/u);
  });

  it('keeps cents when an amount has them, and one amount when min equals max', () => {
    assert.match(formatSalaryRange({ min: 17.5, max: 19.8, currency: 'EUR' }, 'de'), /^17,50–19,80\s€$/u);
    assert.match(formatSalaryRange({ min: 1_400, max: 1_400, currency: 'EUR' }, 'fr'), /^1\s400\s€$/u);
  });
});
