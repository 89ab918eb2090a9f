import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { emailDomainOf, ownPathOrUndefined, SsoSettingsBodySchema } from './sso';

describe('single sign-on schemas', () => {
  it('keeps a redirect after sign-in to our own paths', () => {
    assert.equal(ownPathOrUndefined('/recruiter/openings?x=1'), '/recruiter/openings?x=1');
    for (const foreign of ['https://evil.example/', '//evil.example', '/\\evil.example', 'evil', '', null, undefined, '/a\nb', '/a\\b']) {
      assert.equal(ownPathOrUndefined(foreign), undefined, String(foreign));
    }
  });

  it('reads the domain of an address', () => {
    assert.equal(emailDomainOf('Ada@Example.COM'), 'example.com');
  });

  it('accepts domains and http(s) issuers only, and never an owner as the default role', () => {
    const body = { issuer: 'https://login.example.com/tenant', clientId: 'c', domains: ['Example.com'], defaultRole: 'recruiter', ssoOnly: false };
    const parsed = v.safeParse(SsoSettingsBodySchema, body);
    assert.ok(parsed.success);
    assert.deepEqual(parsed.output.domains, ['example.com']);
    for (const bad of [
      { ...body, domains: ['@example.com'] },
      { ...body, domains: ['*.example.com'] },
      { ...body, domains: [] },
      { ...body, issuer: 'ftp://example.com' },
      { ...body, issuer: 'https://user:pw@example.com' },
      { ...body, issuer: 'https://example.com/?q=1' },
      { ...body, defaultRole: 'owner' },
    ]) {
      assert.equal(v.safeParse(SsoSettingsBodySchema, bad).success, false, JSON.stringify(bad));
    }
  });
});
