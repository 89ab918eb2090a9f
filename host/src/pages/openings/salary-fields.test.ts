import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_KEYS } from '@rec/core';
import { postingInput, valuesOfPosting } from './posting-values';
import { checkSalary, parseAmount, salaryDraftOf } from './SalaryFields';

describe('salary fields of the opening and posting wizards', () => {
  it('reads amounts as typed in any of the nine languages', () => {
    assert.equal(parseAmount('45000'), 45_000);
    assert.equal(parseAmount('45 000'), 45_000);
    assert.equal(parseAmount('45\u202f000'), 45_000);
    assert.equal(parseAmount('45.000'), 45_000, 'German thousands');
    assert.equal(parseAmount('45,000'), 45_000, 'English thousands');
    assert.equal(parseAmount('17,50'), 17.5, 'a decimal comma');
    assert.equal(parseAmount('1.234,5'), 1234.5);
    assert.ok(Number.isNaN(parseAmount('about 40k')));
    assert.ok(Number.isNaN(parseAmount('-5')));
  });

  it('sends no range when both amounts are empty, the range when valid, the keys of what is wrong otherwise', () => {
    assert.deepEqual(checkSalary(salaryDraftOf(null)), { salary: null });
    assert.deepEqual(checkSalary({ min: '52 000', max: '61 500', currency: 'EUR', period: 'YEAR', show: true }), {
      salary: { min: 52_000, max: 61_500, currency: 'EUR', period: 'YEAR', show: true },
    });
    assert.deepEqual(checkSalary({ min: '52 000', max: '48 000', currency: 'EUR', period: 'YEAR', show: true }), { errors: { max: ERROR_KEYS.salaryMinAboveMax } });
    assert.deepEqual(checkSalary({ min: '', max: '48 000', currency: 'EUR', period: 'YEAR', show: true }), { errors: { min: ERROR_KEYS.salaryAmount } });
    assert.deepEqual(checkSalary({ min: '0', max: 'x', currency: 'EUR', period: 'YEAR', show: true }), {
      errors: { min: ERROR_KEYS.salaryAmount, max: ERROR_KEYS.salaryAmount },
    });
  });

  it('round-trips a posting’s range through the wizard, and a cleared one as null', () => {
    const posting = {
      _id: '64b0c0de0000000000000099',
      openingId: '64b0c0de0000000000000098',
      status: 'OPEN' as const,
      language: 'fr' as const,
      contents: { fr: { title: 'Titre', description: '<p>Fr</p>', location: 'Luxembourg', contract: null } },
      channels: [],
      validThrough: null,
      employmentType: null,
      salary: { min: 4800, max: 5600, currency: 'EUR' as const, period: 'MONTH' as const, show: false },
      addressCountry: 'LU',
      remote: false,
      publishedAt: '2026-01-01T00:00:00.000Z',
      privacyNoticeMissing: [],
    };
    const values = valuesOfPosting(posting);
    assert.deepEqual(postingInput(values).salary, posting.salary);
    assert.equal(postingInput({ ...values, salary: { ...salaryDraftOf(null) } }).salary, null);
  });
});
