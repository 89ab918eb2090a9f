import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { applicationRules } from './application';
import { applyFormOf, DEFAULT_APPLY_FORM } from './apply-form';
import { normalizeFormDate } from './form-rules';
import { ApplyFormConfigSchema } from './openings';

describe('apply form configuration (issue 9)', () => {
  it('completes a stored configuration with the defaults and drops unknown fields and levels', () => {
    assert.deepEqual(applyFormOf(undefined), DEFAULT_APPLY_FORM);
    assert.deepEqual(applyFormOf({ birthDate: 'required', gender: 'always', shoeSize: 'required' }), { ...DEFAULT_APPLY_FORM, birthDate: 'required' });
  });

  it('validates what a recruiter sends: known fields and levels only, the rest from the defaults', () => {
    assert.deepEqual(v.parse(ApplyFormConfigSchema, { cv: 'required' }), { ...DEFAULT_APPLY_FORM, cv: 'required' });
    assert.ok(!v.safeParse(ApplyFormConfigSchema, { cv: 'mandatory' }).success);
    assert.ok(!v.safeParse(ApplyFormConfigSchema, { shoeSize: 'optional' }).success);
  });

  it('builds the form rules from the levels: hidden fields have none, required ones start with required, name and email always required', () => {
    const rules = applicationRules({ ...DEFAULT_APPLY_FORM, birthDate: 'required', phone: 'hidden' });
    assert.equal(rules.phone, undefined);
    assert.equal(rules.nationality, undefined);
    assert.deepEqual(rules.birthDate, [{ name: 'required' }, { name: 'date' }]);
    assert.deepEqual(rules.cv, []);
    assert.equal(rules.firstName?.[0]?.name, 'required');
    assert.equal(rules.email?.[0]?.name, 'required');
    assert.deepEqual(rules.profileUrl?.map((rule) => rule.name), ['url', 'max']);
    assert.deepEqual(rules.gdprConsent, [{ name: 'required' }]);
  });
});

describe('normalizeFormDate', () => {
  it('writes what people type as DD/MM/YYYY and leaves anything else unchanged', () => {
    const cases: [string, string][] = [
      ['1.2.1990', '01/02/1990'],
      ['01/02/1990', '01/02/1990'],
      ['1-2-1990', '01/02/1990'],
      [' 21 04 1994 ', '21/04/1994'],
      ['21041994', '21/04/1994'],
      ['1994-04-21', '21/04/1994'],
      ['April 21', 'April 21'],
      ['21/04/94', '21/04/94'],
      ['', ''],
    ];
    for (const [typed, shown] of cases) assert.equal(normalizeFormDate(typed), shown, typed);
  });
});
