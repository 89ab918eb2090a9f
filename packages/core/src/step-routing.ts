import { type ApplicationStep, isAssessmentProduct, isStepProduct, type NextStepAnswer } from './steps';

/**
 * The routing rules of spec §2 "Applicant area" as pure functions: the host's middleware and
 * `<rec-applicant-steps>` both ask them where a candidate belongs, so each status route is
 * proved once, in the rules tests, without a browser.
 */

export const STEPS_BASE = '/applicant/steps';
export const NEXT_STEP_PATH = `${STEPS_BASE}/next`;
export const TEST_COMPLETED_PATH = '/applicant/message?messageKey=testCompleted';
export const CONTACT_SUPPORT_PATH = '/applicant/message?messageKey=contactSupport';
/** The candidate withdrew the application: its steps stopped (issue 25). */
export const WITHDRAWN_PATH = '/applicant/message?messageKey=applicationWithdrawn';

export type StepRoute =
  /** Go there. `warning` asks the caller to show the contact-support warning first. */
  | { kind: 'go'; to: string; warning?: 'contactSupport' }
  /** The candidate is where they belong. */
  | { kind: 'stay' };

const go = (to: string, warning?: 'contactSupport'): StepRoute => (warning ? { kind: 'go', to, warning } : { kind: 'go', to });
const STAY: StepRoute = { kind: 'stay' };

/**
 * Applicant entry (/applicant/steps/next): no more steps -> testCompleted; the current step's
 * product -> its page; a failed fetch (`null`) or an unknown product -> contactSupport.
 */
export function entryRoute(answer: NextStepAnswer | null): StepRoute {
  if (!answer) return go(CONTACT_SUPPORT_PATH);
  if (!answer.step) return go(answer.withdrawn ? WITHDRAWN_PATH : TEST_COMPLETED_PATH);
  return isStepProduct(answer.step.product) ? go(`${STEPS_BASE}/${answer.step.product}`) : go(CONTACT_SUPPORT_PATH);
}

/**
 * /applicant/steps/{afstep}: afstep must be shape, drive or brain and have a step, else next;
 * then its status decides (PERMISSION_REQUIRED -> grantPermission, CONSENT_RELAY -> relayConsent,
 * LOGIN_REQUIRED -> login, DONE -> consent, LINKED/PENDING/STARTED stay, anything else warns
 * "contact support" and goes to next).
 */
export function afStepRoute(afstep: string, status: string | null | undefined): StepRoute {
  if (!isAssessmentProduct(afstep) || !status) return go(NEXT_STEP_PATH);
  const base = `${STEPS_BASE}/${afstep}`;
  switch (status) {
    case 'PERMISSION_REQUIRED':
      return go(`${base}/grantPermission`);
    case 'CONSENT_RELAY':
      return go(`${base}/relayConsent`);
    case 'LOGIN_REQUIRED':
      return go(`${base}/login`);
    case 'DONE':
      return go(`${base}/consent`);
    case 'LINKED':
    case 'PENDING':
    case 'STARTED':
      return STAY;
    default:
      return go(NEXT_STEP_PATH, 'contactSupport');
  }
}

/** The sub-page of /applicant/steps/{afstep}/… that belongs to each status (the page itself for the staying ones). */
export const AF_STATUS_PAGE: Readonly<Record<string, string>> = {
  PERMISSION_REQUIRED: 'grantPermission',
  CONSENT_RELAY: 'relayConsent',
  LOGIN_REQUIRED: 'login',
  DONE: 'consent',
};

/**
 * A status sub-page (/{afstep}/grantPermission…) is only right while the step has that status;
 * otherwise the {afstep} rule decides again.
 */
export function afSubPageRoute(afstep: string, page: string, status: string | null | undefined): StepRoute {
  if (page === 'constants') return isAssessmentProduct(afstep) && status ? STAY : go(NEXT_STEP_PATH);
  if (status && AF_STATUS_PAGE[status] === page && isAssessmentProduct(afstep)) return STAY;
  const decided = afStepRoute(afstep, status);
  return decided.kind === 'stay' ? go(`${STEPS_BASE}/${afstep}`) : decided;
}

/**
 * The product pages (application-form, interview, interview/intro, interview/recording,
 * constants): they need a current step of a known product, and the page's own product, else next.
 */
export function productPageRoute(pageProduct: 'application-form' | 'interview' | null, current: ApplicationStep | null): StepRoute {
  if (!current || !isStepProduct(current.product)) return go(NEXT_STEP_PATH);
  if (pageProduct && current.product !== pageProduct) return go(NEXT_STEP_PATH);
  return STAY;
}

/** The step of `product` among the application's steps (each product appears at most once). */
export function stepOfProduct(steps: readonly ApplicationStep[], product: string): ApplicationStep | null {
  return steps.find((step) => step.product === product) ?? null;
}
