import type { AssessmentProduct } from '@rec/core/steps';

/**
 * What an assessment provider does for a step (ARCHITECTURE "step products"): the flow calls
 * these and never knows whether the questionnaire runs here or at an outside service. An
 * external provider implements the same five calls with its API behind them.
 */
export interface AssessmentStep {
  id: string;
  product: AssessmentProduct;
  /** Progress the provider keeps on the step (its account reference, when the test started). */
  progress: Record<string, unknown>;
}

/** The questionnaire the candidate sees. Texts are translation keys: the candidate's page translates them. */
export interface AssessmentContent {
  kind: 'likert' | 'choice';
  items: Array<{ id: string; options?: number[]; sequence?: number[] }>;
  /** For timed tests: seconds from the start. */
  timeLimitSeconds?: number;
  startedAt?: string;
}

export interface AssessmentProvider {
  readonly name: string;
  /** First call: whether the candidate must first consent to pass data to the provider, or log in there. */
  start(step: AssessmentStep): { status: 'CONSENT_RELAY' | 'LOGIN_REQUIRED' };
  /** After consent (or login): the candidate's account at the provider, kept on the step. */
  link(step: AssessmentStep): { accountRef: string };
  content(step: AssessmentStep): AssessmentContent;
  /** Scores the answers; `problem` is a translation key when they are not acceptable. */
  score(step: AssessmentStep, answers: Record<string, number>, now: Date): { result?: Record<string, unknown>; problem?: string };
}
