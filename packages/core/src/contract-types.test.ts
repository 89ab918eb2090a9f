import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { CONTRACT_TYPES, employmentTypeOf, isContractType } from './contract-types';
import { OpeningPatchBodySchema } from './openings';

describe('contract types', () => {
  it('maps every code to a schema.org employmentType', () => {
    const schemaOrg = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER'];
    for (const code of CONTRACT_TYPES) assert.ok(schemaOrg.includes(employmentTypeOf(code, null) ?? ''), code);
    assert.equal(employmentTypeOf('fixed-term', 'FULL_TIME'), 'TEMPORARY', 'the contract decides');
    assert.equal(employmentTypeOf('permanent', 'PART_TIME'), 'PART_TIME', 'a permanent contract keeps the posting’s hours');
    assert.equal(employmentTypeOf('permanent', null), 'FULL_TIME');
    assert.equal(employmentTypeOf(null, 'INTERN'), 'INTERN', 'no contract: the stored value');
    assert.equal(employmentTypeOf('CDI', null), undefined, 'a word is no code');
  });

  it('accepts codes and an empty value in the openings forms, refuses words', () => {
    assert.ok(isContractType('apprenticeship'));
    assert.ok(!isContractType('Alternance'));
    assert.ok(v.is(OpeningPatchBodySchema, { contract: 'internship' }));
    assert.ok(v.is(OpeningPatchBodySchema, { contract: '' }));
    assert.ok(v.is(OpeningPatchBodySchema, { contract: null }));
    assert.ok(!v.is(OpeningPatchBodySchema, { contract: 'CDI' }));
  });
});
