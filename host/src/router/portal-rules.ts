import type { RouteServices } from './services';
import type { MiddlewareResult, NavigationContext } from './types';

/**
 * The candidate portal's redirect rules (spec §2, issue 12), plain functions of the navigation
 * context and the services like the other rules, unit-tested without a browser.
 */
type Rule = (context: NavigationContext, services: RouteServices) => Promise<MiddlewareResult> | MiddlewareResult;

const redirect = (to: string): MiddlewareResult => ({ kind: 'redirect', to });
const STEPS_NEXT = '/applicant/steps/next';
const toLogin = (context: NavigationContext) => redirect(`/login?${new URLSearchParams({ redirect: context.pathname + (context.query.size ? `?${context.query}` : '') })}`);

/**
 * /applicant/{candidateId}/request/{requestId}: the mail's `token` signs the candidate in on the
 * request's application; with a session, the request is looked up among the candidate's pending
 * ones and its application becomes the current one. Either way: the next step. A request that is
 * not (or no longer) pending leads to the candidate's portal.
 */
export const portalRequest: Rule = async (context, services) => {
  const { candidateId = '', requestId = '' } = context.params;
  const portal = `/applicant/${candidateId}`;
  const token = context.query.get('token')?.trim();
  if (token && services.signInWithRequest) {
    try {
      await services.signInWithRequest(candidateId, requestId, token);
      return redirect(STEPS_NEXT);
    } catch {
      // A used or expired link: the session (if any) still finds the request below.
    }
  }
  const session = await services.getSession();
  if (!session) return toLogin({ ...context, query: new URLSearchParams() });
  if (session.user.type !== 'applicant' || !services.fetchPendingRequests || !services.loginApplication) return redirect(portal);
  try {
    const request = (await services.fetchPendingRequests(candidateId)).find((item) => item._id === requestId);
    if (!request) return redirect(portal);
    await services.loginApplication(request.applicationId);
    return redirect(STEPS_NEXT);
  } catch {
    return redirect(portal);
  }
};

/** /applicant/ongoing[/password]: one record goes straight to its portal, several to the candidatures list. */
export const ongoing: Rule = async (context, services) => {
  const session = await services.getSession();
  if (!session) return toLogin(context);
  if (session.user.type !== 'applicant' || !services.fetchCandidatures) return redirect('/applicant/candidatures');
  try {
    const list = await services.fetchCandidatures();
    return list.length === 1 ? redirect(`/applicant/${list[0]!.candidateId}`) : redirect('/applicant/candidatures');
  } catch {
    return redirect('/applicant/candidatures');
  }
};

export const PORTAL_RULES: Readonly<Record<string, Rule>> = { 'portal-request': portalRequest, ongoing };
