import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { createApiClient } from '@rec/api-client';
import { $company, loadCompany, resetCompany } from './company';
import { $permissions, can, loadPermissions, ROLE_STORAGE_KEY, resetPermissions, storedRole } from './permissions';
import { MAX_REALM_PROFILES, type RealmProfile, readRealmProfiles, removeRealmProfile, saveRealmProfile } from './realm-profiles';
import { $recruiterMe, fullNameOf, loadRecruiterMe, RECRUITER_ME_STORAGE_KEY, resetRecruiterMe, storedRecruiterMe } from './recruiter-me';
import { $session, clearSession, forgetSession, loadSession } from './session';
import { memoryStorage } from './storage';

type Answer = { status: number; body?: unknown };

function fakeApi(answer: (method: string, path: string) => Answer) {
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}`);
    const { status, body } = answer(method, url.pathname);
    return body === undefined ? new Response(null, { status }) : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ baseURL: 'http://api.test', getLocale: () => 'en', fetch, retry: 0 }), calls };
}

const SESSION = { baseIdentity: { localUserId: 'u1' }, user: { type: 'recruiter', tenantId: 'c1' } };
const ME = {
  _id: 'r1',
  name: { first: 'Claire', last: 'Dubois' },
  fullName: 'Claire Dubois',
  email: 'claire@x',
  settings: { language: 'fr', profilePictureUrl: null, notifications: { daily: true } },
  pendingActions: [{ kind: 'x' }],
};

describe('$session', () => {
  beforeEach(() => forgetSession());

  it('fetches once and caches, until forced', async () => {
    const { api, calls } = fakeApi(() => ({ status: 200, body: SESSION }));
    assert.deepEqual(await loadSession(api), SESSION);
    await loadSession(api);
    assert.equal(calls.length, 1);
    await loadSession(api, { force: true });
    assert.equal(calls.length, 2);
    assert.equal($session.get().status, 'signed-in');
  });

  it('treats 401 as signed out and remembers it', async () => {
    const { api, calls } = fakeApi(() => ({ status: 401, body: { statusCode: 401, error: 'auth.required' } }));
    assert.equal(await loadSession(api), null);
    assert.equal($session.get().status, 'signed-out');
    await loadSession(api);
    assert.equal(calls.length, 1);
  });

  it('does not cache other failures', async () => {
    const { api, calls } = fakeApi(() => ({ status: 500, body: { statusCode: 500, error: 'genericErrorTitle' } }));
    assert.equal(await loadSession(api), null);
    assert.equal($session.get().status, 'unknown');
    await loadSession(api);
    assert.equal(calls.length, 2);
  });

  it('clears the session server-side and locally, even when the server fails', async () => {
    const ok = fakeApi(() => ({ status: 204 }));
    await clearSession(ok.api);
    assert.deepEqual(ok.calls, ['DELETE /auth/session-v2']);
    assert.equal($session.get().status, 'signed-out');
    const down = fakeApi(() => ({ status: 503, body: {} }));
    await clearSession(down.api);
    assert.equal($session.get().status, 'signed-out');
  });
});

describe('$recruiterMe', () => {
  beforeEach(() => resetRecruiterMe(null));

  it('loads once, caches, refreshes on demand and bumps the version', async () => {
    const storage = memoryStorage();
    const { api, calls } = fakeApi(() => ({ status: 200, body: ME }));
    await loadRecruiterMe(api, storage);
    await loadRecruiterMe(api, storage);
    assert.equal(calls.length, 1);
    assert.equal($recruiterMe.get().version, 1);
    await loadRecruiterMe(api, storage, { refresh: true });
    assert.equal(calls.length, 2);
    assert.equal($recruiterMe.get().version, 2);
  });

  it('keeps a subset without notification settings and pending actions in storage', async () => {
    const storage = memoryStorage();
    const { api } = fakeApi(() => ({ status: 200, body: ME }));
    await loadRecruiterMe(api, storage);
    const stored = JSON.parse(storage.map.get(RECRUITER_ME_STORAGE_KEY) ?? '{}');
    assert.deepEqual(stored, { _id: 'r1', name: ME.name, fullName: 'Claire Dubois', email: 'claire@x', settings: { language: 'fr', profilePictureUrl: null } });
    assert.equal(storedRecruiterMe(storage)?._id, 'r1');
    resetRecruiterMe(storage);
    assert.equal(storage.map.has(RECRUITER_ME_STORAGE_KEY), false);
  });

  it('derives the full name only from both parts', () => {
    assert.equal(fullNameOf(ME), 'Claire Dubois');
    assert.equal(fullNameOf({ name: { first: 'Claire' } }), '');
    assert.equal(fullNameOf(null), '');
  });
});

describe('$permissions', () => {
  beforeEach(() => resetPermissions(null));

  it('checks the loaded set with one string or a list, every or some', async () => {
    const { api } = fakeApi(() => ({ status: 200, body: { role: 'owner', permissions: ['OPENINGS:MANAGE', 'POSTINGS:CREATE'] } }));
    await loadPermissions(api, null);
    assert.equal(can([]), true);
    assert.equal(can('OPENINGS:MANAGE'), true);
    assert.equal(can(['OPENINGS:MANAGE', 'OPENINGS:DELETE']), false);
    assert.equal(can(['OPENINGS:MANAGE', 'OPENINGS:DELETE'], 'some'), true);
  });

  it('keeps the role in storage and the set in the client', async () => {
    const storage = memoryStorage();
    const { api } = fakeApi(() => ({ status: 200, body: { role: 'owner', permissions: ['OPENINGS:DELETE'] } }));
    assert.equal(can('OPENINGS:DELETE'), false);
    await loadPermissions(api, storage);
    assert.equal(storedRole(storage), 'owner');
    assert.equal(storage.map.get(ROLE_STORAGE_KEY), '"owner"');
    assert.equal(can('OPENINGS:DELETE'), true);
    assert.equal(can(), true);
    assert.deepEqual($permissions.get()?.permissions, ['OPENINGS:DELETE']);
    resetPermissions(storage);
    assert.equal(storedRole(storage), null);
  });
});

describe('$company', () => {
  it('loads the tenant company and keeps it for the same tenant', async () => {
    resetCompany();
    const { api, calls } = fakeApi(() => ({ status: 200, body: { _id: 'c1', name: 'Lumen' } }));
    await loadCompany(api, 'c1');
    await loadCompany(api, 'c1');
    assert.equal(calls.length, 1);
    assert.equal($company.get()?.name, 'Lumen');
  });
});

describe('realm profiles', () => {
  const profile = (email: string, type: RealmProfile['type'] = 'password'): RealmProfile => ({ email, name: email, type, callbackUrl: '/recruiter', logo: null });

  it('saves newest first, replaces the same account, caps the list', () => {
    const storage = memoryStorage();
    saveRealmProfile(storage, profile('a@x'));
    saveRealmProfile(storage, profile('b@x'));
    saveRealmProfile(storage, profile('A@x'));
    assert.deepEqual(
      readRealmProfiles(storage).map((p) => p.email),
      ['A@x', 'b@x'],
    );
    for (let i = 0; i < 10; i += 1) saveRealmProfile(storage, profile(`n${i}@x`, 'magic-link'));
    assert.equal(readRealmProfiles(storage).length, MAX_REALM_PROFILES);
  });

  it('drops malformed entries and survives corrupt storage', () => {
    const storage = memoryStorage({ 'rec.realmProfiles': JSON.stringify([profile('ok@x'), { email: 1 }, { email: 'x@y', type: 'sso', name: '' }]) });
    assert.deepEqual(
      readRealmProfiles(storage).map((p) => p.email),
      ['ok@x'],
    );
    assert.deepEqual(readRealmProfiles(memoryStorage({ 'rec.realmProfiles': '{not json' })), []);
    assert.deepEqual(readRealmProfiles(null), []);
  });

  it('removes one account', () => {
    const storage = memoryStorage();
    saveRealmProfile(storage, profile('a@x'));
    saveRealmProfile(storage, profile('a@x', 'magic-link'));
    assert.deepEqual(
      removeRealmProfile(storage, { email: 'a@x', type: 'password' }).map((p) => p.type),
      ['magic-link'],
    );
  });
});
