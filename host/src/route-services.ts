import { authorizeApplicantToken, fetchInvitation, fetchTenants, removeApplicantData, stepsApi, switchTenant } from '@rec/api-client';
import {
  browserStorage,
  clearSession,
  forgetSession,
  loadCompany,
  loadOpening,
  loadPermissions,
  loadRecruiterMe,
  loadSession,
  pendingSecondFactor,
  resetCompany,
  resetOpening,
  clearToasts,
  showToast,
  resetPermissions,
  resetRecruiterMe,
} from '@rec/stores';
import { api } from './api';
import { portalApi } from './pages/portal/portal-api';
import type { RouteServices } from './router/services';

/** Whether the browser keeps cookies: navigator.cookieEnabled, then a write/read probe. */
export function probeCookies(doc: Pick<Document, 'cookie'> | undefined = globalThis.document, nav: Pick<Navigator, 'cookieEnabled'> | undefined = globalThis.navigator): boolean {
  if (nav && nav.cookieEnabled === false) return false;
  if (!doc) return true;
  try {
    doc.cookie = 'rec_cookie_probe=1; Path=/; SameSite=Lax';
    const kept = doc.cookie.includes('rec_cookie_probe=1');
    doc.cookie = 'rec_cookie_probe=; Max-Age=0; Path=/; SameSite=Lax';
    return kept;
  } catch {
    return false;
  }
}

/** Ends the session and forgets every store that belongs to the signed-in user. */
export async function signOut(): Promise<void> {
  const storage = browserStorage();
  await clearSession(api);
  resetRecruiterMe(storage);
  resetPermissions(storage);
  resetCompany();
  resetOpening();
  clearToasts();
}

/** Moves the session to a company of the signed-in identity (a POST: the server refuses it from foreign pages). */
export async function chooseTenant(requestAuthPath: string): Promise<{ redirectTo: string }> {
  const answer = await switchTenant(api, requestAuthPath);
  // The session cookie changed: the held session and recruiter stores belong to the old company.
  forgetSession();
  resetRecruiterMe(browserStorage());
  resetPermissions(browserStorage());
  resetCompany();
  resetOpening();
  return { redirectTo: answer.redirectTo };
}

/** The real services of the route middleware (unit tests use fakes instead). */
export function createRouteServices(): RouteServices {
  const storage = browserStorage();
  return {
    getSession: () => loadSession(api),
    pendingSecondFactor,
    clearSession: signOut,
    async authorizeToken(token) {
      const answer = await authorizeApplicantToken(api, token);
      forgetSession(); // the server has just signed the applicant in
      return answer;
    },
    removeApplicantData: (token) => removeApplicantData(api, token),
    fetchInvitation: (link) => fetchInvitation(api, link),
    fetchTenants: () => fetchTenants(api),
    switchTenant: chooseTenant,
    async loadRecruiterArea(session) {
      const [, me] = await Promise.all([
        session.user.tenantId ? loadCompany(api, session.user.tenantId) : Promise.resolve(null),
        loadRecruiterMe(api, storage),
        loadPermissions(api, storage),
      ]);
      return { language: me.settings?.language ?? null };
    },
    loadOpening: (openingId) => loadOpening(api, openingId),
    fetchNextStep: () => stepsApi(api).next(),
    fetchApplicationLocale: async () => (await stepsApi(api).application()).locale,
    fetchCandidatures: () => portalApi(api).candidatures(),
    fetchPendingRequests: (candidateId) => portalApi(api).pendingRequests(candidateId),
    async signInWithRequest(candidateId, requestId, token) {
      await portalApi(api).signInWithRequest(candidateId, requestId, token);
      forgetSession(); // the server has just signed the candidate in
    },
    async loginApplication(applicationId) {
      await stepsApi(api).login(applicationId);
    },
    warn: () => void showToast({ tone: 'info', title: 'steps.contactSupportWarning.title', message: 'steps.contactSupportWarning.text' }),
    storage,
    cookiesEnabled: () => probeCookies(),
    origin: typeof location === 'undefined' ? 'http://localhost' : location.origin,
  };
}
