import { isApiError } from '@rec/api-client';
import { toLocale } from '@rec/core';
import { afStepRoute, afSubPageRoute, entryRoute, NEXT_STEP_PATH, productPageRoute, type StepRoute, stepOfProduct } from '@rec/core/step-routing';
import { isAssessmentProduct, type NextStepAnswer } from '@rec/core/steps';
import type { RouteServices } from './services';
import type { MiddlewareResult, NavigationContext } from './types';

/**
 * The applicant area's rules (spec §2): each loads the candidate's steps and asks the pure
 * routing functions of @rec/core where the candidate belongs; the page then gets the steps in
 * `context.data.steps` (and its own step in `context.data.step`).
 */
type Rule = (context: NavigationContext, services: RouteServices) => Promise<MiddlewareResult>;

const CONTINUE: MiddlewareResult = { kind: 'continue' };
const CONTACT_SUPPORT: MiddlewareResult = { kind: 'redirect', to: '/applicant/message?messageKey=contactSupport' };

function follow(route: StepRoute, services: RouteServices, context: NavigationContext): MiddlewareResult {
  if (route.kind === 'stay') return CONTINUE;
  if (route.warning) services.warn?.(route.warning);
  return { kind: 'redirect', to: withStepsLanguage(route.to, context.locale) };
}

/**
 * The steps speak one language from the first page to the last (issue 25): the language decided
 * on this page rides along to the next applicant page in its `language` query, which the host
 * reads before anything else. The last page (/applicant/message) has no application to ask, so
 * without it it fell back to the cookie or the browser and changed language.
 */
export function withStepsLanguage(to: string, locale: string | undefined): string {
  const known = toLocale(locale);
  if (!known || !to.startsWith('/applicant/')) return to;
  const url = new URL(to, 'https://host.invalid');
  url.searchParams.set('language', known);
  return `${url.pathname}${url.search}`;
}

/** The next-step answer, or a result to return instead (sign-in again, contact support). */
async function loadSteps(context: NavigationContext, services: RouteServices): Promise<NextStepAnswer | MiddlewareResult> {
  if (!services.fetchNextStep) return CONTACT_SUPPORT;
  try {
    const [answer, locale] = await Promise.all([services.fetchNextStep(), services.fetchApplicationLocale?.().catch(() => undefined)]);
    context.data.steps = answer;
    // The step pages speak the language chosen on an earlier step page (carried in the link), else the application's.
    const chosen = toLocale(context.query.get('language'));
    if (chosen ?? locale) context.locale = chosen ?? locale;
    return answer;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return { kind: 'redirect', to: `/login?${new URLSearchParams({ redirect: context.pathname })}` };
    return CONTACT_SUPPORT;
  }
}

const isResult = (value: NextStepAnswer | MiddlewareResult): value is MiddlewareResult => 'kind' in value;

/** /applicant/steps/next (and next/{password}): to the current step's page, testCompleted, or contactSupport. */
export const stepsEntry: Rule = async (context, services) => {
  const loaded = await loadSteps(context, services);
  return isResult(loaded) ? loaded : follow(entryRoute(loaded), services, context);
};

/** application-form, interview, interview/intro, interview/recording, constants: a current step of the page's product. */
export const stepPage: Rule = async (context, services) => {
  const loaded = await loadSteps(context, services);
  if (isResult(loaded)) return loaded;
  const segment = context.pathname.split('/')[3] ?? '';
  const product = segment === 'application-form' ? 'application-form' : segment === 'interview' ? 'interview' : null;
  context.data.step = loaded.step;
  return follow(productPageRoute(product, loaded.step), services, context);
};

/**
 * /applicant/steps/{afstep}[/sub-page]: afstep must be shape, drive or brain with a step of the
 * application; a step still waiting behind earlier ones goes to next; then its status decides.
 */
export const afStep: Rule = async (context, services) => {
  const afstep = context.params.afstep ?? '';
  // No need to ask the server about a product that has no status route.
  if (!isAssessmentProduct(afstep)) return { kind: 'redirect', to: NEXT_STEP_PATH };
  const loaded = await loadSteps(context, services);
  if (isResult(loaded)) return loaded;
  const step = stepOfProduct(loaded.steps, afstep);
  if (step && step.stepConfig.status !== 'DONE' && step._id !== loaded.step?._id) return { kind: 'redirect', to: NEXT_STEP_PATH };
  context.data.step = step;
  const page = context.pathname.split('/')[4];
  const status = step?.stepConfig.status;
  return follow(page ? afSubPageRoute(afstep, page, status) : afStepRoute(afstep, status), services, context);
};

export const STEP_RULES = { 'steps-entry': stepsEntry, 'step-page': stepPage, 'af-step': afStep } as const;
