import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Session, UserType } from '@rec/api-client';
import type { PendingRequest } from '@rec/core';
import { ongoing, portalRequest } from './portal-rules';
import type { RouteServices } from './services';
import type { NavigationContext } from './types';

const CANDIDATE = '64b0b0a4d0000000000000c7';
const REQUEST = '64b0b0a4d0000000000000d1';
const APPLICATION = '64b0b0a4d0000000000000e2';

function context(url: string, params: Record<string, string> = {}): NavigationContext {
  const parsed = new URL(url, 'https://jobs.example.com');
  return { pathname: parsed.pathname, query: parsed.searchParams, params, data: {} };
}
const session = (type: UserType): Session => ({ baseIdentity: { localUserId: 'u1' }, user: { type, tenantId: null } });
const pending: PendingRequest = { _id: REQUEST, kind: 'step', message: '', applicationId: APPLICATION, openingTitle: 'Engineer', createdAt: '2026-11-20T10:00:00Z' };

function services(as: UserType | null, overrides: Partial<RouteServices> = {}): RouteServices & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    getSession: async () => (as ? session(as) : null),
    clearSession: async () => {},
    authorizeToken: async () => ({ email: '' }),
    removeApplicantData: async () => ({}),
    fetchInvitation: async () => ({ redirectTo: '', email: '', companyName: '' }),
    fetchTenants: async () => [],
    switchTenant: async () => ({ redirectTo: '' }),
    loadRecruiterArea: async () => ({}),
    fetchCandidatures: async () => [{ candidateId: CANDIDATE, companyName: 'Lumen', applications: 2 }],
    fetchPendingRequests: async () => [pending],
    signInWithRequest: async (candidateId, requestId, token) => void calls.push(`sign-in ${candidateId} ${requestId} ${token}`),
    loginApplication: async (applicationId) => void calls.push(`login ${applicationId}`),
    storage: null,
    cookiesEnabled: () => true,
    origin: 'https://jobs.example.com',
    ...overrides,
  };
}

const requestContext = (query = '') => context(`/applicant/${CANDIDATE}/request/${REQUEST}${query}`, { candidateId: CANDIDATE, requestId: REQUEST });

describe('candidate portal rules (spec §2)', () => {
  it('signs in with the request link token and goes to the next step', async () => {
    const fake = services(null);
    assert.deepEqual(await portalRequest(requestContext('?token=abc'), fake), { kind: 'redirect', to: '/applicant/steps/next' });
    assert.deepEqual(fake.calls, [`sign-in ${CANDIDATE} ${REQUEST} abc`]);
  });

  it('with a session, finds the pending request and logs in with its application', async () => {
    const fake = services('applicant');
    assert.deepEqual(await portalRequest(requestContext(), fake), { kind: 'redirect', to: '/applicant/steps/next' });
    assert.deepEqual(fake.calls, [`login ${APPLICATION}`]);
  });

  it('goes to the portal when the request is not pending any more (or the link was used and another session is on)', async () => {
    assert.deepEqual(await portalRequest(requestContext(), services('applicant', { fetchPendingRequests: async () => [] })), { kind: 'redirect', to: `/applicant/${CANDIDATE}` });
    const used = services('applicant', {
      signInWithRequest: async () => {
        throw new Error('401');
      },
      fetchPendingRequests: async () => [],
    });
    assert.deepEqual(await portalRequest(requestContext('?token=used'), used), { kind: 'redirect', to: `/applicant/${CANDIDATE}` });
  });

  it('sends someone without a session and without a valid link to the login, coming back to the request', async () => {
    const failing = services(null, {
      signInWithRequest: async () => {
        throw new Error('401');
      },
    });
    const result = await portalRequest(requestContext('?token=expired'), failing);
    assert.equal(result.kind, 'redirect');
    assert.equal(result.kind === 'redirect' && new URL(result.to, 'https://x').searchParams.get('redirect'), `/applicant/${CANDIDATE}/request/${REQUEST}`);
  });

  it('ongoing: one record goes to its portal, several (or none) to the candidatures list', async () => {
    assert.deepEqual(await ongoing(context('/applicant/ongoing'), services('applicant')), { kind: 'redirect', to: `/applicant/${CANDIDATE}` });
    const two = services('applicant', {
      fetchCandidatures: async () => [
        { candidateId: CANDIDATE, companyName: 'Lumen', applications: 2 },
        { candidateId: REQUEST, companyName: 'Nordwind', applications: 1 },
      ],
    });
    assert.deepEqual(await ongoing(context('/applicant/ongoing/pw'), two), { kind: 'redirect', to: '/applicant/candidatures' });
    assert.equal((await ongoing(context('/applicant/ongoing'), services(null))).kind, 'redirect');
  });
});
