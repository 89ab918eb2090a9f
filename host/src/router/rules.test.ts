import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError, type Session, type UserType } from '@rec/api-client';
import { memoryStorage, REALM_PROFILES_STORAGE_KEY, readRealmProfiles } from '@rec/stores';
import {
  auth,
  authAdmin,
  authApplicant,
  authRecruiter,
  iframePage,
  invitation,
  isRelativePath,
  loginLookup,
  logout,
  magicLinkEntry,
  nativePage,
  oauthCallback,
  recruiterEntry,
  recruiterLogin,
  removeData,
  requireEmail,
  resetSession,
  sameOriginPath,
  tenantChooser,
  tokenLogin,
} from './rules';
import type { RouteServices } from './services';
import type { NavigationContext } from './types';

const ORIGIN = 'https://jobs.example.com';

function context(url: string, params: Record<string, string> = {}): NavigationContext {
  const parsed = new URL(url, ORIGIN);
  return { pathname: parsed.pathname, query: parsed.searchParams, params, data: {} };
}

const session = (type: UserType): Session => ({ baseIdentity: { localUserId: 'u1' }, user: { type, tenantId: type === 'recruiter' ? 'c1' : null } });

interface Fake extends RouteServices {
  calls: string[];
}

function services(overrides: Partial<RouteServices> & { as?: UserType | null } = {}): Fake {
  const calls: string[] = [];
  const { as = null, ...rest } = overrides;
  return {
    calls,
    getSession: async () => (as ? session(as) : null),
    clearSession: async () => void calls.push('clearSession'),
    authorizeToken: async (token) => {
      calls.push(`authorize ${token}`);
      return { email: 'camille@example.com' };
    },
    removeApplicantData: async (token) => {
      calls.push(`removeData ${token}`);
      return { redirectTo: '/applicant/message?messageKey=testCompleted' };
    },
    fetchInvitation: async () => ({ redirectTo: '/invite/abc', email: 'new@x.example', companyName: 'Lumen' }),
    fetchTenants: async () => [],
    switchTenant: async (path) => {
      calls.push(`switchTenant ${path}`);
      return { redirectTo: '/recruiter' };
    },
    loadRecruiterArea: async () => ({ language: 'fr' }),
    storage: memoryStorage(),
    cookiesEnabled: () => true,
    origin: ORIGIN,
    ...rest,
  };
}

const to = (path: string, reload = false) => (reload ? { kind: 'redirect', to: path, reload: true } : { kind: 'redirect', to: path });
const CONTINUE = { kind: 'continue' };

describe('open-redirect guards', () => {
  it('accept app paths and our own origin only', () => {
    assert.equal(isRelativePath('/recruiter'), true);
    assert.equal(isRelativePath('//evil.example/x'), false);
    assert.equal(isRelativePath('/\\evil.example'), false);
    assert.equal(sameOriginPath('/a?b=1#c', ORIGIN), '/a?b=1#c');
    assert.equal(sameOriginPath(`${ORIGIN}/x?y=1`, ORIGIN), '/x?y=1');
    assert.equal(sameOriginPath('https://evil.example/x', ORIGIN), null);
    assert.equal(sameOriginPath('//evil.example/x', ORIGIN), null);
    assert.equal(sameOriginPath('javascript:alert(1)', ORIGIN), null);
    assert.equal(sameOriginPath('relative/path', ORIGIN), null);
    assert.equal(sameOriginPath('', ORIGIN), null);
  });
});

describe('middleware auth', () => {
  it('continues for anyone signed in', async () => {
    for (const type of ['recruiter', 'admin', 'applicant'] as const) assert.deepEqual(await auth(context('/applicant/ongoing'), services({ as: type })), CONTINUE);
  });

  it('sends a visitor to /login with the way back', async () => {
    assert.deepEqual(await auth(context('/applicant/candidatures?x=1'), services()), to('/login?redirect=%2Fapplicant%2Fcandidatures%3Fx%3D1'));
  });
});

describe('middleware auth-recruiter / auth-applicant / auth-admin', () => {
  it('let the right role through', async () => {
    assert.deepEqual(await authRecruiter(context('/recruiter'), services({ as: 'recruiter' })), CONTINUE);
    assert.deepEqual(await authApplicant(context('/applicant/steps/next'), services({ as: 'applicant' })), CONTINUE);
    assert.deepEqual(await authAdmin(context('/admin'), services({ as: 'admin' })), CONTINUE);
  });

  it('send another role to its own home', async () => {
    assert.deepEqual(await authRecruiter(context('/recruiter'), services({ as: 'applicant' })), to('/applicant/steps/next'));
    assert.deepEqual(await authRecruiter(context('/recruiter'), services({ as: 'admin' })), to('/admin'));
    assert.deepEqual(await authApplicant(context('/applicant/steps/next'), services({ as: 'recruiter' })), to('/recruiter'));
    assert.deepEqual(await authAdmin(context('/admin'), services({ as: 'recruiter' })), to('/recruiter'));
  });

  it('send a visitor to /login', async () => {
    assert.deepEqual(await authRecruiter(context('/recruiter'), services()), to('/login?redirect=%2Frecruiter'));
    assert.deepEqual(await authApplicant(context('/applicant/steps/next'), services()), to('/login?redirect=%2Fapplicant%2Fsteps%2Fnext'));
  });
});

describe('middleware iframe-page / native-page', () => {
  it('mark the page embedded or native and continue', async () => {
    const embedded = context('/recruiter/openings');
    assert.deepEqual(await iframePage(embedded, services()), CONTINUE);
    assert.equal(embedded.embedded, true);
    const native = context('/recruiter/settings_new');
    assert.deepEqual(await nativePage(native, services()), CONTINUE);
    assert.equal(native.embedded, false);
  });
});

describe('rule /login (login-lookup)', () => {
  it('sends a signed-in recruiter, admin, applicant home', async () => {
    assert.deepEqual(await loginLookup(context('/login'), services({ as: 'recruiter' })), to('/recruiter'));
    assert.deepEqual(await loginLookup(context('/login'), services({ as: 'admin' })), to('/admin'));
    assert.deepEqual(await loginLookup(context('/login'), services({ as: 'applicant' })), to('/applicant/steps/next'));
  });

  it('keeps the page with forceLookup', async () => {
    assert.deepEqual(await loginLookup(context('/login?forceLookup=1'), services({ as: 'recruiter' })), CONTINUE);
  });

  it('goes to /login/password with the query and the email of the one stored password profile', async () => {
    const storage = memoryStorage({
      [REALM_PROFILES_STORAGE_KEY]: JSON.stringify([
        { email: 'claire@x.example', name: 'Claire', type: 'password', callbackUrl: '/recruiter', logo: null },
        { email: 'camille@x.example', name: '', type: 'magic-link', callbackUrl: '/applicant/steps/next', logo: null },
      ]),
    });
    assert.deepEqual(await loginLookup(context('/login?redirect=%2Frecruiter%2Fopenings'), services({ storage })), to('/login/password?redirect=%2Frecruiter%2Fopenings&email=claire%40x.example'));
  });

  it('stays with none or several password profiles', async () => {
    assert.deepEqual(await loginLookup(context('/login'), services()), CONTINUE);
    const two = memoryStorage({
      [REALM_PROFILES_STORAGE_KEY]: JSON.stringify([
        { email: 'a@x.example', name: '', type: 'password', callbackUrl: '', logo: null },
        { email: 'b@x.example', name: '', type: 'password', callbackUrl: '', logo: null },
      ]),
    });
    assert.deepEqual(await loginLookup(context('/login'), services({ storage: two })), CONTINUE);
  });
});

describe('rule /login/recruiter (the second login page)', () => {
  it('sends a signed-in recruiter to /recruiter, keeps others', async () => {
    assert.deepEqual(await recruiterLogin(context('/login/recruiter'), services({ as: 'recruiter' })), to('/recruiter'));
    assert.deepEqual(await recruiterLogin(context('/login/recruiter'), services({ as: 'applicant' })), CONTINUE);
    assert.deepEqual(await recruiterLogin(context('/login/recruiter'), services()), CONTINUE);
  });
});

describe('rule /login/password (require-email)', () => {
  it('needs the email query', async () => {
    assert.deepEqual(await requireEmail(context('/login/password?email=a%40b.example'), services()), CONTINUE);
    assert.deepEqual(await requireEmail(context('/login/password'), services()), to('/login'));
    assert.deepEqual(await requireEmail(context('/login/password?email=%20'), services()), to('/login'));
  });
});

describe('rule /login/magic-link (magic-link-entry)', () => {
  it('needs email or token', async () => {
    assert.deepEqual(await magicLinkEntry(context('/login/magic-link'), services()), to('/login'));
    assert.deepEqual(await magicLinkEntry(context('/login/magic-link?email=a%40b.example'), services()), CONTINUE);
  });

  it('sends a signed-in applicant on to the steps', async () => {
    assert.deepEqual(await magicLinkEntry(context('/login/magic-link?email=a%40b.example'), services({ as: 'applicant' })), to('/applicant/steps/next'));
    assert.deepEqual(await magicLinkEntry(context('/login/magic-link?email=a%40b.example'), services({ as: 'recruiter' })), CONTINUE);
  });

  it('authorises a token query, or goes to /login when it fails', async () => {
    const fake = services();
    assert.deepEqual(await magicLinkEntry(context('/login/magic-link?token=t1'), fake), to('/login/magic-link?email=camille%40example.com'));
    assert.deepEqual(fake.calls, ['authorize t1']);
    const refused = services({ authorizeToken: () => Promise.reject(new ApiError(401, 'auth.invalidToken')) });
    assert.deepEqual(await magicLinkEntry(context('/login/magic-link?token=t1'), refused), to('/login'));
  });
});

describe('rule /login/token/{token} (token-login)', () => {
  it('sends browsers without cookies to the disabledCookies message', async () => {
    const fake = services({ cookiesEnabled: () => false });
    assert.deepEqual(await tokenLogin(context('/login/token/t1', { token: 't1' }), fake), to('/applicant/message?messageKey=disabledCookies'));
    assert.deepEqual(fake.calls, []);
  });

  it('goes to /login without a token', async () => {
    assert.deepEqual(await tokenLogin(context('/login/token'), services()), to('/login'));
    assert.deepEqual(await tokenLogin(context('/login/token/%20', { token: ' ' }), services()), to('/login'));
  });

  it('authorises the token and goes to /login/magic-link with the email, remembering the account', async () => {
    const fake = services();
    assert.deepEqual(await tokenLogin(context('/login/token/t1', { token: 't1' }), fake), to('/login/magic-link?email=camille%40example.com'));
    assert.deepEqual(fake.calls, ['authorize t1']);
    assert.deepEqual(
      readRealmProfiles(fake.storage).map((p) => `${p.type} ${p.email}`),
      ['magic-link camille@example.com'],
    );
  });

  it('goes to /login when the token is refused', async () => {
    const fake = services({ authorizeToken: () => Promise.reject(new ApiError(401, 'auth.invalidToken')) });
    assert.deepEqual(await tokenLogin(context('/login/token/old', { token: 'old' }), fake), to('/login'));
  });

  it('a used or expired link goes to the magic-link page with its email and why, never to the password sign-in (issue 25)', async () => {
    const spent = (key: string) => services({ authorizeToken: () => Promise.reject(new ApiError(401, key, undefined, {}, { email: 'camille@example.com' })) });
    assert.deepEqual(await tokenLogin(context('/login/token/old', { token: 'old' }), spent('auth.magicLinkUsed')), to('/login/magic-link?email=camille%40example.com&link=used'));
    assert.deepEqual(await tokenLogin(context('/login/token/old', { token: 'old' }), spent('auth.magicLinkExpired')), to('/login/magic-link?email=camille%40example.com&link=expired'));
    assert.deepEqual(await magicLinkEntry(context('/login/magic-link?token=old'), spent('auth.magicLinkUsed')), to('/login/magic-link?email=camille%40example.com&link=used'));
  });
});

describe('rule /applicant/removeData/{token}/{slug} (remove-data)', () => {
  it('goes to the returned address when it is ours', async () => {
    const fake = services();
    assert.deepEqual(await removeData(context('/applicant/removeData/r1/x', { token: 'r1', slug: 'x' }), fake), to('/applicant/message?messageKey=testCompleted'));
    assert.deepEqual(fake.calls, ['removeData r1']);
  });

  it('goes to /applicant when no (or a foreign) address comes back', async () => {
    assert.deepEqual(await removeData(context('/applicant/removeData/r1/x', { token: 'r1' }), services({ removeApplicantData: async () => ({}) })), to('/applicant'));
    assert.deepEqual(
      await removeData(context('/applicant/removeData/r1/x', { token: 'r1' }), services({ removeApplicantData: async () => ({ redirectTo: 'https://evil.example' }) })),
      to('/applicant'),
    );
  });

  it('says so when the removal fails', async () => {
    const failing = services({ removeApplicantData: () => Promise.reject(new ApiError(404, 'errors.notFound')) });
    assert.deepEqual(await removeData(context('/applicant/removeData/r1/x', { token: 'r1' }), failing), to('/applicant/message?messageKey=genericError'));
  });
});

describe('rule OAuth callback (oauth-callback)', () => {
  it('goes to /offer/message without state', async () => {
    assert.deepEqual(await oauthCallback(context('/oauth/cronofy?code=c1'), services()), to('/offer/message'));
  });

  it('appends code and error to a relative or same-origin state', async () => {
    assert.deepEqual(await oauthCallback(context('/oauth/cronofy?state=%2Frecruiter%2Fsettings%3Ftab%3Dcal&code=c1'), services()), to('/recruiter/settings?tab=cal&code=c1', true));
    assert.deepEqual(
      await oauthCallback(context(`/offer/apply/oauth/indeed?state=${encodeURIComponent(`${ORIGIN}/offer/c/1`)}&code=c2&error=denied`), services()),
      to('/offer/c/1?code=c2&error=denied', true),
    );
  });

  it('refuses a foreign state (open redirect)', async () => {
    for (const state of ['https://evil.example/steal', '//evil.example/x', 'javascript:alert(1)']) {
      assert.deepEqual(await oauthCallback(context(`/oauth/cronofy?state=${encodeURIComponent(state)}&code=c`), services()), to('/offer/message'));
    }
  });
});

describe('rule /logout', () => {
  it('clears the session and goes to /login', async () => {
    const fake = services({ as: 'recruiter' });
    assert.deepEqual(await logout(context('/logout'), fake), to('/login'));
    assert.deepEqual(fake.calls, ['clearSession']);
  });
});

describe('rule /reset/{resetPasswordToken} (reset-session)', () => {
  it('clears the session first, then shows the form', async () => {
    const fake = services({ as: 'recruiter' });
    assert.deepEqual(await resetSession(context('/reset/tok', { resetPasswordToken: 'tok' }), fake), CONTINUE);
    assert.deepEqual(fake.calls, ['clearSession']);
  });

  it('goes to /login without a token', async () => {
    assert.deepEqual(await resetSession(context('/reset/%20', { resetPasswordToken: ' ' }), services()), to('/login'));
  });
});

describe('rule /invite/{invitationLink} (invitation)', () => {
  it('shows the accept form when the answer points at the page itself', async () => {
    const nav = context('/invite/abc', { invitationLink: 'abc' });
    assert.deepEqual(await invitation(nav, services()), CONTINUE);
    assert.deepEqual(nav.data.invitation, { redirectTo: '/invite/abc', email: 'new@x.example', companyName: 'Lumen' });
  });

  it('goes where the answer says otherwise', async () => {
    const accepted = services({ fetchInvitation: async () => ({ redirectTo: '/login/password?email=new%40x.example' }) });
    assert.deepEqual(await invitation(context('/invite/abc', { invitationLink: 'abc' }), accepted), to('/login/password?email=new%40x.example'));
  });

  it('sends a failure or a foreign address to the invitationExpired message', async () => {
    const expired = services({ fetchInvitation: () => Promise.reject(new ApiError(404, 'auth.invitationExpired')) });
    assert.deepEqual(await invitation(context('/invite/abc', { invitationLink: 'abc' }), expired), to('/message?messageKey=invitationExpired'));
    const foreign = services({ fetchInvitation: async () => ({ redirectTo: 'https://evil.example' }) });
    assert.deepEqual(await invitation(context('/invite/abc', { invitationLink: 'abc' }), foreign), to('/message?messageKey=invitationExpired'));
  });
});

describe('rule /account-select (tenant-chooser)', () => {
  const tenants = [
    { id: 't1', name: 'Lumen', requestAuthUrl: '/auth/tenants/t1/authorize' },
    { id: 't2', name: 'Nordwind', requestAuthUrl: '/auth/tenants/t2/authorize' },
  ];

  it('switches straight to the only tenant with a POST, then reloads its home', async () => {
    const fake = services({ fetchTenants: async () => [tenants[0]!] });
    assert.deepEqual(await tenantChooser(context('/account-select'), fake), to('/recruiter', true));
    assert.deepEqual(fake.calls, ['switchTenant /auth/tenants/t1/authorize']);
  });

  it('switches to the tenant named by tenantId', async () => {
    const fake = services({ fetchTenants: async () => tenants });
    assert.deepEqual(await tenantChooser(context('/account-select?tenantId=t2'), fake), to('/recruiter', true));
    assert.deepEqual(fake.calls, ['switchTenant /auth/tenants/t2/authorize']);
  });

  it('shows the chooser when the switch fails, and never follows a foreign redirectTo', async () => {
    const failing = services({ fetchTenants: async () => tenants, switchTenant: () => Promise.reject(new ApiError(404, 'company.notFound')) });
    const nav = context('/account-select?tenantId=t2');
    assert.deepEqual(await tenantChooser(nav, failing), CONTINUE);
    assert.deepEqual(nav.data.tenants, tenants);
    const foreign = services({ fetchTenants: async () => [tenants[0]!], switchTenant: async () => ({ redirectTo: '//evil.example/x' }) });
    assert.deepEqual(await tenantChooser(context('/account-select'), foreign), to('/recruiter', true));
  });

  it('shows the chooser otherwise', async () => {
    const nav = context('/account-select?tenantId=nope');
    assert.deepEqual(await tenantChooser(nav, services({ fetchTenants: async () => tenants })), CONTINUE);
    assert.deepEqual(nav.data.tenants, tenants);
  });

  it('never follows a foreign authorisation URL', async () => {
    const nav = context('/account-select');
    const foreign = services({ fetchTenants: async () => [{ id: 't9', requestAuthUrl: 'https://evil.example/auth' }] });
    assert.deepEqual(await tenantChooser(nav, foreign), CONTINUE);
    assert.deepEqual(foreign.calls, [], 'nothing posted');
  });

  it('sends an expired session to /login', async () => {
    const expired = services({ fetchTenants: () => Promise.reject(new ApiError(401, 'auth.required')) });
    assert.deepEqual(await tenantChooser(context('/account-select'), expired), to('/login?redirect=%2Faccount-select'));
  });
});

describe('rule recruiter entry (recruiter-entry)', () => {
  it('loads the area and takes the recruiter settings language', async () => {
    const nav = context('/recruiter');
    assert.deepEqual(await recruiterEntry(nav, services({ as: 'recruiter' })), CONTINUE);
    assert.equal(nav.locale, 'fr');
  });

  it('defaults to en without a settings language', async () => {
    const nav = context('/recruiter');
    await recruiterEntry(nav, services({ as: 'recruiter', loadRecruiterArea: async () => ({ language: null }) }));
    assert.equal(nav.locale, 'en');
  });

  it('sends an expired session to /login, and reports other failures', async () => {
    const expired = services({ as: 'recruiter', loadRecruiterArea: () => Promise.reject(new ApiError(401, 'auth.required')) });
    assert.deepEqual(await recruiterEntry(context('/recruiter'), expired), to('/login?redirect=%2Frecruiter'));
    assert.deepEqual(expired.calls, ['clearSession']);
    const broken = services({ as: 'recruiter', loadRecruiterArea: () => Promise.reject(new ApiError(500)) });
    assert.equal((await recruiterEntry(context('/recruiter'), broken)).kind, 'error');
  });
});
