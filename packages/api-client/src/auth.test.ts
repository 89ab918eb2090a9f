import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  acceptInvitation,
  authorizeApplicantToken,
  deleteSession,
  fetchInvitation,
  fetchSession,
  fetchTenants,
  removeApplicantData,
  requestMagicLink,
  requestPasswordRecovery,
  resetPassword,
  signInWithPassword,
  switchTenant,
} from './auth';
import { createApiClient } from './client';
import { fetchAdminCompanies, fetchCompany, fetchRecruiterMe, fetchRecruiterPermissions, updateRecruiterSettings } from './recruiters';

function recorder(status = 200, body: unknown = {}) {
  const calls: { method: string; url: string; body: string | undefined }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ method: init?.method ?? 'GET', url, body: init?.body === undefined ? undefined : String(init.body) });
    return status === 204
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ baseURL: 'http://api.test', getLocale: () => 'en', fetch, retry: 0 }), calls };
}

describe('sign-in contract calls', () => {
  it('use the contract paths, methods and bodies', async () => {
    const { api, calls } = recorder();
    await fetchSession(api);
    await signInWithPassword(api, { email: 'a@b.c', password: 'pw' });
    await requestMagicLink(api, 'a@b.c');
    await authorizeApplicantToken(api, 'tok');
    await requestPasswordRecovery(api, 'a@b.c');
    await fetchInvitation(api, 'link/1');
    await acceptInvitation(api, { invitationLink: 'l', firstName: 'F', lastName: 'L', password: 'p' });
    await fetchTenants(api);
    await switchTenant(api, '/auth/tenants/t2/authorize');
    await removeApplicantData(api, 'rt');
    await fetchRecruiterMe(api, ['name', 'email']);
    await fetchRecruiterPermissions(api);
    await updateRecruiterSettings(api, { language: 'fr' });
    await fetchCompany(api, 'c1');
    await fetchAdminCompanies(api);
    assert.deepEqual(
      calls.map((call) => `${call.method} ${call.url.replace('http://api.test', '')}${call.body ? ` ${call.body}` : ''}`),
      [
        'GET /auth/session-v2',
        'POST /auth/password/sign-in {"email":"a@b.c","password":"pw"}',
        'POST /auth/magic-link {"email":"a@b.c"}',
        'POST /v2/applicants-auth/authorize {"token":"tok"}',
        'POST /auth/password/recover {"email":"a@b.c"}',
        'GET /v2/recruiters/invite/link%2F1',
        'POST /auth/invitations/accept {"invitationLink":"l","firstName":"F","lastName":"L","password":"p"}',
        'GET /auth/tenants',
        'POST /auth/tenants/t2/authorize',
        'POST /v2/applicants/removedata/rt',
        'GET /v2/recruiter/me?select[]=name&select[]=email',
        'GET /v2/recruiter/me/permissions',
        'PATCH /v2/recruiter/me/settings {"language":"fr"}',
        'GET /v2/companies/c1',
        'GET /v2/admin/companies',
      ],
    );
  });

  it('accept 204 answers', async () => {
    const { api, calls } = recorder(204);
    await deleteSession(api);
    await resetPassword(api, { token: 't', password: 'long-enough-1' });
    assert.deepEqual(
      calls.map((call) => call.method),
      ['DELETE', 'POST'],
    );
  });

  it('report the error key of a refused sign-in', async () => {
    const { api } = recorder(401, { statusCode: 401, error: 'auth.invalidCredentials' });
    await assert.rejects(signInWithPassword(api, { email: 'a@b.c', password: 'x' }), { status: 401, key: 'auth.invalidCredentials' });
  });
});
