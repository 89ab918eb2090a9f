import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ALL_PERMISSIONS, COMPANY_ROLE_PERMISSIONS, hasPermission, PERMISSIONS } from './permissions';
import { COMPANY_ROLES, isCompanyRole, isRole, ROLES } from './roles';

describe('roles', () => {
  it('names the three session roles and the three company roles', () => {
    assert.deepEqual([...ROLES], ['recruiter', 'admin', 'applicant']);
    assert.deepEqual([...COMPANY_ROLES], ['owner', 'recruiter', 'viewer']);
    assert.ok(isRole('admin'));
    assert.ok(!isRole('owner'));
    assert.ok(isCompanyRole('viewer'));
    assert.ok(isCompanyRole('recruiter'));
    assert.ok(!isCompanyRole('admin'));
  });
});

describe('hasPermission', () => {
  const granted = [PERMISSIONS.openingsManage, PERMISSIONS.openingsArchive];

  it('allows when nothing is required', () => {
    assert.ok(hasPermission([], undefined));
    assert.ok(hasPermission([], []));
    assert.ok(hasPermission([], [], 'some'));
  });

  it('checks one string', () => {
    assert.ok(hasPermission(granted, 'OPENINGS:MANAGE'));
    assert.ok(!hasPermission(granted, 'OPENINGS:DELETE'));
    assert.ok(!hasPermission([], 'OPENINGS:MANAGE'));
  });

  it('matches a list with every (default) or some', () => {
    assert.ok(hasPermission(granted, ['OPENINGS:MANAGE', 'OPENINGS:ARCHIVE']));
    assert.ok(!hasPermission(granted, ['OPENINGS:MANAGE', 'OPENINGS:DELETE']));
    assert.ok(!hasPermission(granted, ['OPENINGS:MANAGE', 'OPENINGS:DELETE'], 'every'));
    assert.ok(hasPermission(granted, ['OPENINGS:MANAGE', 'OPENINGS:DELETE'], 'some'));
    assert.ok(!hasPermission(granted, ['OPENINGS:DELETE', 'POSTINGS:CREATE'], 'some'));
  });

  it('gives owners every permission of spec §6 (and the sensitive read of issue 9, integrations of issue 30) and viewers none', () => {
    assert.equal(ALL_PERMISSIONS.length, 13);
    assert.ok(hasPermission(COMPANY_ROLE_PERMISSIONS.owner, 'CANDIDATES:SENSITIVE:READ'));
    assert.ok(!hasPermission(COMPANY_ROLE_PERMISSIONS.viewer, 'CANDIDATES:SENSITIVE:READ'));
    assert.ok(hasPermission(COMPANY_ROLE_PERMISSIONS.owner, ALL_PERMISSIONS));
    for (const permission of ALL_PERMISSIONS) assert.ok(!hasPermission(COMPANY_ROLE_PERMISSIONS.viewer, permission));
  });

  it('gives recruiters openings, postings and candidates but not company settings, logos or team (issue 13)', () => {
    const recruiter = COMPANY_ROLE_PERMISSIONS.recruiter;
    for (const permission of ['OPENINGS:MANAGE', 'OPENINGS:CREATE', 'POSTINGS:CREATE', 'CANDIDATES:MANAGE', 'CANDIDATES:SENSITIVE:READ']) assert.ok(hasPermission(recruiter, permission), permission);
    for (const permission of ['TEAM:MANAGE', 'COMPANIES:SETTINGS:MANAGE', 'COMPANIES:LOGOS:MANAGE', 'INTEGRATIONS:MANAGE']) assert.ok(!hasPermission(recruiter, permission), permission);
    assert.ok(!hasPermission(COMPANY_ROLE_PERMISSIONS.viewer, 'CANDIDATES:MANAGE'));
  });

  it('every implies some, and a superset never loses a permission (property)', () => {
    const permission = fc.constantFrom(...ALL_PERMISSIONS, 'OTHER');
    fc.assert(
      fc.property(fc.array(permission), fc.array(permission, { minLength: 1 }), fc.array(permission), (have, need, extra) => {
        if (hasPermission(have, need, 'every')) assert.ok(hasPermission(have, need, 'some'));
        if (hasPermission(have, need, 'some')) assert.ok(hasPermission([...have, ...extra], need, 'some'));
        assert.equal(hasPermission(have, need, 'every'), need.every((p) => have.includes(p)));
      }),
    );
  });
});
