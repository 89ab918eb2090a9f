// The candidate's step views (issue 10), shared by the host's /applicant/steps pages and
// <rec-applicant-steps>: a subpath of its own, so widgets that do not show steps never bundle them.
export type { StepPageProps } from './StepFrame';
export { StepViewer } from './StepViewer';
export { StepLink, type StepsEnv, StepsProvider, useStepsEnv } from './steps-env';
export { MAX_WALK, type StepView, type StepWalk, walkSteps } from './walk-steps';
