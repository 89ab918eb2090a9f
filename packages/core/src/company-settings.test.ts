import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { CompanySettingsPatchSchema, companySettingsOf, DEFAULT_STAGES } from './company-settings';

describe('company settings', () => {
  it('fills defaults for settings stored before these keys existed', () => {
    const settings = companySettingsOf({ language: 'fr' });
    assert.equal(settings.language, 'fr');
    assert.equal(settings.consentMonths, 12);
    assert.deepEqual(settings.stages, DEFAULT_STAGES);
    assert.deepEqual(settings.brand, {});
  });

  it('falls back on a stored value that no longer validates', () => {
    assert.deepEqual(companySettingsOf({ stages: [{ id: 'x' }] }).stages, DEFAULT_STAGES);
    assert.equal(companySettingsOf({ language: 'xx' }).language, 'en');
  });

  it('accepts a brand and renamed stages, refuses unknown keys and bad stage lists', () => {
    const ok = v.safeParse(CompanySettingsPatchSchema, {
      brand: { colors: { primary: '#0055aa' }, font: 'serif', radius: 8 },
      stages: [{ id: 'NEW', kind: 'open', names: { fr: 'Nouveau' } }, { id: 'HIRED', kind: 'hired' }, { id: 'REJECTED', kind: 'rejected' }],
    });
    assert.ok(ok.success);
    assert.ok(!v.safeParse(CompanySettingsPatchSchema, { other: 1 }).success);
    assert.ok(!v.safeParse(CompanySettingsPatchSchema, { brand: { colors: { primary: 'red' } } }).success);
    const twoHired = [{ id: 'NEW', kind: 'open' }, { id: 'HIRED', kind: 'hired' }, { id: 'DONE', kind: 'hired' }, { id: 'REJECTED', kind: 'rejected' }];
    assert.ok(!v.safeParse(CompanySettingsPatchSchema, { stages: twoHired }).success);
    const duplicate = [{ id: 'NEW', kind: 'open' }, { id: 'NEW', kind: 'open' }, { id: 'HIRED', kind: 'hired' }, { id: 'REJECTED', kind: 'rejected' }];
    assert.ok(!v.safeParse(CompanySettingsPatchSchema, { stages: duplicate }).success);
  });
});
