import {
  afStepRoute,
  afSubPageRoute,
  CONTACT_SUPPORT_PATH,
  entryRoute,
  NEXT_STEP_PATH,
  productPageRoute,
  STEPS_BASE,
  type StepRoute,
  stepOfProduct,
  TEST_COMPLETED_PATH,
  WITHDRAWN_PATH,
} from '@rec/core/step-routing';
import { isObjectId } from '@rec/core';
import { type ApplicationStep, isAssessmentProduct, type NextStepAnswer } from '@rec/core/steps';

/** The step views, one per page of spec §2 (the host's page names without their `steps-` prefix). */
export type StepView =
  | 'application-form'
  | 'interview'
  | 'interview-intro'
  | 'interview-recording'
  | 'constants'
  | 'assessment'
  | 'assessment-constants'
  | 'assessment-login'
  | 'assessment-consent'
  | 'relay-consent'
  | 'grant-permission';

export type StepWalk =
  /** Show this view with its step. */
  | { kind: 'view'; view: StepView; step: ApplicationStep | null; afstep: string | null }
  /** Walk on to another path (after the contact-support warning, when given). */
  | { kind: 'go'; to: string; warning?: 'contactSupport' }
  /** The flow ends with a message (no more steps, or contact support). */
  | { kind: 'end'; messageKey: 'testCompleted' | 'contactSupport' | 'applicationWithdrawn' };

const AF_VIEWS: Readonly<Record<string, StepView>> = {
  constants: 'assessment-constants',
  login: 'assessment-login',
  consent: 'assessment-consent',
  relayConsent: 'relay-consent',
  grantPermission: 'grant-permission',
};

const PRODUCT_VIEWS: Readonly<Record<string, StepView>> = {
  constants: 'constants',
  'application-form': 'application-form',
  interview: 'interview',
  'interview/intro': 'interview-intro',
  'interview/recording': 'interview-recording',
};

function follow(route: StepRoute, view: StepView, step: ApplicationStep | null, afstep: string | null = null): StepWalk {
  if (route.kind === 'stay') return { kind: 'view', view, step, afstep };
  return route.warning ? { kind: 'go', to: route.to, warning: route.warning } : { kind: 'go', to: route.to };
}

/**
 * Where `<rec-applicant-steps>` is, walking the spec §2 paths in memory: the same rules of
 * @rec/core/step-routing that the host's route middleware asks (host/src/router/step-rules),
 * applied to a path held in state instead of the page URL, so the career site's URL never changes.
 * `answer` is GET /v2/application-steps/next, or null when it failed.
 */
export function walkSteps(path: string, answer: NextStepAnswer | null): StepWalk {
  if (path === TEST_COMPLETED_PATH) return { kind: 'end', messageKey: 'testCompleted' };
  if (path === WITHDRAWN_PATH) return { kind: 'end', messageKey: 'applicationWithdrawn' };
  // Step ids go into request paths: an answer with a malformed one is treated as a failed fetch.
  if (path === CONTACT_SUPPORT_PATH || !answer || !answer.steps.every((step) => isObjectId(step._id))) return { kind: 'end', messageKey: 'contactSupport' };
  if (path !== STEPS_BASE && !path.startsWith(`${STEPS_BASE}/`)) return { kind: 'go', to: NEXT_STEP_PATH };
  const rest = path.slice(STEPS_BASE.length + 1);
  if (rest === '' || rest === 'next' || rest.startsWith('next/')) {
    const route = entryRoute(answer);
    return route.kind === 'stay' ? { kind: 'go', to: NEXT_STEP_PATH } : follow(route, 'constants', null);
  }
  const productView = PRODUCT_VIEWS[rest];
  if (productView) {
    const product = rest.startsWith('interview') ? 'interview' : rest === 'application-form' ? 'application-form' : null;
    return follow(productPageRoute(product, answer.step), productView, answer.step);
  }
  const [afstep = '', page, extra] = rest.split('/');
  if (!isAssessmentProduct(afstep) || extra !== undefined || (page !== undefined && !AF_VIEWS[page])) return { kind: 'go', to: NEXT_STEP_PATH };
  const step = stepOfProduct(answer.steps, afstep);
  // A step still waiting behind earlier ones is not the candidate's to open yet.
  if (step && step.stepConfig.status !== 'DONE' && step._id !== answer.step?._id) return { kind: 'go', to: NEXT_STEP_PATH };
  const status = step?.stepConfig.status;
  if (page === undefined) return follow(afStepRoute(afstep, status), 'assessment', step, afstep);
  return follow(afSubPageRoute(afstep, page, status), AF_VIEWS[page] as StepView, step, afstep);
}

/** Paths walked before giving up: the rules settle in two or three moves, a loop would mean a bug. */
export const MAX_WALK = 8;
