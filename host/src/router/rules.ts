import { isApiError, type UserType } from '@rec/api-client';
import { ERROR_KEYS } from '@rec/core';
import { readRealmProfiles, saveRealmProfile } from '@rec/stores';
import type { RouteServices } from './services';
import { PORTAL_RULES } from './portal-rules';
import { STEP_RULES } from './step-rules';
import type { Middleware, MiddlewareResult, NavigationContext } from './types';

/**
 * The route middleware of spec §4 (auth, auth-recruiter, auth-applicant, iframe-page,
 * native-page) and the redirect rules of spec §2, each a plain async function of the
 * navigation context and the injected services, so they are unit-tested without a browser.
 */
type Rule = (context: NavigationContext, services: RouteServices) => Promise<MiddlewareResult> | MiddlewareResult;

const CONTINUE: MiddlewareResult = { kind: 'continue' };
const redirect = (to: string, reload = false): MiddlewareResult => (reload ? { kind: 'redirect', to, reload } : { kind: 'redirect', to });

export const ROLE_HOME: Readonly<Record<UserType, string>> = {
  recruiter: '/recruiter',
  admin: '/admin',
  applicant: '/applicant/steps/next',
};

/** A path of this app (`/x`, never `//host` or `/\host`, which browsers treat as another origin). */
export function isRelativePath(value: string | null | undefined): value is string {
  return !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/**
 * `target` as a path of this app when it is relative or on our own origin, else null:
 * the guard against open redirects for every address that comes from a query or an answer.
 */
export function sameOriginPath(target: string | null | undefined, origin: string): string | null {
  if (!target) return null;
  if (!isRelativePath(target) && !/^https?:\/\//i.test(target)) return null;
  try {
    const url = new URL(target, origin);
    if (url.origin !== new URL(origin).origin) return null;
    // Dot segments can leave a path starting with `//` (`/.//evil.example` becomes `//evil.example`),
    // which a browser reads as another host: one leading slash only.
    return url.pathname.replace(/^\/+/, '/') + url.search + url.hash;
  } catch {
    return null;
  }
}

/**
 * /login?redirect=<where the user wanted to go>, so the sign-in can send them back; a half-signed-in
 * session (a code, or an enrolment, still due: issue 32) goes to the page that finishes it.
 */
function toLogin(context: NavigationContext, services?: RouteServices): MiddlewareResult {
  if (services?.pendingSecondFactor?.()) return redirect('/login/two-factor');
  const back = context.pathname + (context.query.size ? `?${context.query}` : '');
  return redirect(`/login?${new URLSearchParams({ redirect: back })}`);
}

function requireRole(role: UserType): Rule {
  return async (context, services) => {
    const session = await services.getSession();
    if (!session) return toLogin(context, services);
    // Signed in with another role: that role's own home rather than a dead end.
    return session.user.type === role ? CONTINUE : redirect(ROLE_HOME[session.user.type] ?? '/login');
  };
}

// ---------- spec §4 route middleware ----------

/** auth: someone must be signed in. */
export const auth: Rule = async (context, services) => ((await services.getSession()) ? CONTINUE : toLogin(context, services));
/** auth-recruiter: signed in as a recruiter. */
export const authRecruiter: Rule = requireRole('recruiter');
/** auth-applicant: signed in as an applicant. */
export const authApplicant: Rule = requireRole('applicant');
/** auth-admin: the /admin home (not one of spec's five names: the admin area is ours to shape). */
export const authAdmin: Rule = requireRole('admin');

/** iframe-page: the page's content is an embedded page (hosted in <rec-embedded-page> once those pages exist). */
export const iframePage: Rule = (context) => {
  context.embedded = true;
  return CONTINUE;
};

/** native-page: the page is rendered by the host itself. */
export const nativePage: Rule = (context) => {
  context.embedded = false;
  return CONTINUE;
};

// ---------- redirect rules of spec §2 ----------

/** /login: a signed-in user goes to their home unless `forceLookup`; one stored password profile goes to its password page. */
export const loginLookup: Rule = async (context, services) => {
  if (context.query.has('forceLookup')) return CONTINUE;
  const session = await services.getSession();
  if (session) return redirect(ROLE_HOME[session.user.type] ?? '/recruiter');
  const passwordProfiles = readRealmProfiles(services.storage).filter((profile) => profile.type === 'password');
  if (passwordProfiles.length === 1) {
    const query = new URLSearchParams(context.query);
    query.set('email', passwordProfiles[0]!.email);
    return redirect(`/login/password?${query}`);
  }
  return CONTINUE;
};

/** The second login page (/login/recruiter): a signed-in recruiter goes to /recruiter. */
export const recruiterLogin: Rule = async (_context, services) => {
  const session = await services.getSession();
  return session?.user.type === 'recruiter' ? redirect('/recruiter') : CONTINUE;
};

/** /login/password: needs the `email` query. */
export const requireEmail: Rule = (context) => (context.query.get('email')?.trim() ? CONTINUE : redirect('/login'));

/** Authorises a magic-link token, remembers the account as a "continue as" choice, goes on to /login/magic-link. */
async function authorized(services: RouteServices, token: string): Promise<MiddlewareResult> {
  const { email } = await services.authorizeToken(token);
  saveRealmProfile(services.storage, { email, name: '', type: 'magic-link', callbackUrl: ROLE_HOME.applicant, logo: null });
  return redirect(`/login/magic-link?${new URLSearchParams({ email })}`);
}

/**
 * Where a refused sign-in link leads: a used or expired one to the magic-link page with its email
 * and why (it offers a new link at once, issue 25); any other to /login (spec §2).
 */
function refusedLink(error: unknown): MiddlewareResult {
  const reason = isApiError(error) ? SPENT_LINK_REASONS[error.key] : undefined;
  const email = isApiError(error) ? error.details.email : undefined;
  return reason && email ? redirect(`/login/magic-link?${new URLSearchParams({ email, link: reason })}`) : redirect('/login');
}
const SPENT_LINK_REASONS: Record<string, 'used' | 'expired'> = { [ERROR_KEYS.magicLinkUsed]: 'used', [ERROR_KEYS.magicLinkExpired]: 'expired' };

/** /login/magic-link: needs `email` or `token`; a token is authorised here; a signed-in applicant goes on to the steps. */
export const magicLinkEntry: Rule = async (context, services) => {
  const token = context.query.get('token')?.trim();
  const email = context.query.get('email')?.trim();
  if (!token && !email) return redirect('/login');
  if (token) {
    try {
      return await authorized(services, token);
    } catch (error) {
      return refusedLink(error);
    }
  }
  const session = await services.getSession();
  return session?.user.type === 'applicant' ? redirect(ROLE_HOME.applicant) : CONTINUE;
};

/** /login/token/{token}: the magic-link entry of the mails. */
export const tokenLogin: Rule = async (context, services) => {
  if (!services.cookiesEnabled()) return redirect('/applicant/message?messageKey=disabledCookies');
  const token = context.params.token?.trim();
  if (!token) return redirect('/login');
  try {
    return await authorized(services, token);
  } catch (error) {
    return refusedLink(error);
  }
};

/** /applicant/removeData/{token}/{slug}: the data-removal link of the mails. */
export const removeData: Rule = async (context, services) => {
  const token = context.params.token?.trim();
  if (!token) return redirect('/applicant');
  try {
    const answer = await services.removeApplicantData(token);
    return redirect(sameOriginPath(answer.redirectTo, services.origin) ?? '/applicant');
  } catch {
    // The removal did not happen: say so rather than pretend (the endpoint arrives later).
    return redirect('/applicant/message?messageKey=genericError');
  }
};

/** /oauth/cronofy, /offer/apply/oauth/indeed: back to `state` with `code` (and `error`), only on our own origin. */
export const oauthCallback: Rule = (context, services) => {
  const target = sameOriginPath(context.query.get('state'), services.origin);
  if (!target) return redirect('/offer/message');
  const url = new URL(target, services.origin);
  const code = context.query.get('code');
  const error = context.query.get('error');
  if (code !== null) url.searchParams.set('code', code);
  if (error !== null) url.searchParams.set('error', error);
  return redirect(url.pathname + url.search + url.hash, true);
};

/** /logout: end the session, then the login page. */
export const logout: Rule = async (_context, services) => {
  await services.clearSession();
  return redirect('/login');
};

/** /reset/{token}: the session ends before a new password is chosen (spec §2). */
export const resetSession: Rule = async (context, services) => {
  if (!context.params.resetPasswordToken?.trim()) return redirect('/login');
  await services.clearSession();
  return CONTINUE;
};

/** /invite/{invitationLink}: the page itself when the invitation is pending, else where the server says. */
export const invitation: Rule = async (context, services) => {
  const link = context.params.invitationLink?.trim();
  if (!link) return redirect('/message?messageKey=invitationExpired');
  try {
    const answer = await services.fetchInvitation(link);
    const target = sameOriginPath(answer.redirectTo, services.origin);
    if (!target) return redirect('/message?messageKey=invitationExpired');
    if (new URL(target, services.origin).pathname === context.pathname) {
      context.data.invitation = answer;
      return CONTINUE;
    }
    return redirect(target);
  } catch {
    return redirect('/message?messageKey=invitationExpired');
  }
};

/** /account-select: one tenant goes straight to its authorisation; `tenantId` picks one; else the chooser. */
export const tenantChooser: Rule = async (context, services) => {
  let tenants: Awaited<ReturnType<RouteServices['fetchTenants']>>;
  try {
    tenants = await services.fetchTenants();
  } catch (error) {
    if (isApiError(error) && error.status === 401) return toLogin(context);
    return { kind: 'error', status: 500, message: 'Tenants could not be loaded', fatal: false };
  }
  const wanted = context.query.get('tenantId');
  const chosen = tenants.length === 1 ? tenants[0] : tenants.find((tenant) => tenant.id === wanted);
  if (chosen) {
    // Only our own server's authorisation URLs are posted to.
    const target = sameOriginPath(chosen.requestAuthUrl, services.origin);
    if (target) {
      try {
        const answer = await services.switchTenant(target);
        return redirect(sameOriginPath(answer.redirectTo, services.origin) ?? ROLE_HOME.recruiter, true);
      } catch (error) {
        if (isApiError(error) && error.status === 401) return toLogin(context);
        // Otherwise the chooser is shown: the user can try again.
      }
    }
  }
  context.data.tenants = tenants;
  return CONTINUE;
};

/** /recruiter/*: loads company, recruiter, permissions and recruiter-me; the page speaks the recruiter's language (default en). */
export const recruiterEntry: Rule = async (context, services) => {
  const session = await services.getSession();
  if (!session) return toLogin(context);
  try {
    const { language } = await services.loadRecruiterArea(session);
    context.locale = language || 'en';
    return CONTINUE;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      await services.clearSession();
      return toLogin(context);
    }
    return { kind: 'error', status: 500, message: 'Recruiter area unavailable', fatal: false };
  }
};

/**
 * Opening routes (spec §2): the opening is loaded unless it is already the held one. Another
 * company's or a deleted opening is a plain 404 page; other failures are a 500 page.
 */
export const openingEntry: Rule = async (context, services) => {
  const id = context.params.opening_id;
  if (!id || !services.loadOpening) return CONTINUE;
  try {
    await services.loadOpening(id);
    return CONTINUE;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { kind: 'error', status: 404, message: `Opening not found: ${id}`, fatal: false };
    if (isApiError(error) && error.status === 401) return toLogin(context);
    return { kind: 'error', status: 500, message: 'Opening unavailable', fatal: false };
  }
};

/** Every middleware and rule by its route-table name. */
export const RULES: Readonly<Record<string, Rule>> = {
  auth,
  'auth-recruiter': authRecruiter,
  'auth-applicant': authApplicant,
  'auth-admin': authAdmin,
  'iframe-page': iframePage,
  'native-page': nativePage,
  'login-lookup': loginLookup,
  'recruiter-login': recruiterLogin,
  'require-email': requireEmail,
  'magic-link-entry': magicLinkEntry,
  'token-login': tokenLogin,
  'remove-data': removeData,
  'oauth-callback': oauthCallback,
  logout,
  'reset-session': resetSession,
  invitation,
  'tenant-chooser': tenantChooser,
  'recruiter-entry': recruiterEntry,
  ...STEP_RULES,
  ...PORTAL_RULES,
  'opening-entry': openingEntry,
};

/** The router's middleware, bound to the services. */
export function createMiddleware(services: RouteServices): Record<string, Middleware> {
  return Object.fromEntries(Object.entries(RULES).map(([name, rule]) => [name, (context: NavigationContext) => rule(context, services)]));
}
