import { stepsApi } from '@rec/api-client';
import { toLocale } from '@rec/core';
import { NEXT_STEP_PATH } from '@rec/core/step-routing';
import { type StepPageProps, type StepsEnv, StepsProvider, type StepView, StepViewer } from '@rec/ui/steps';
import { useEffect, useMemo, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { useRealtime } from '../../realtime';
import { setTitle } from '../../title';
import { adoptStepsStyles } from './steps-styles';

const sameHref = (path: string) => path;

/**
 * A /applicant/steps page of the host: the shared step view (the one `<rec-applicant-steps>`
 * renders) with the session cookie's API, the host's translation and URL navigation, so the
 * route rules of router/step-rules run on every move.
 */
export function HostStepPage({ view, afstep = null, ...props }: StepPageProps & { view: StepView; afstep?: string | null }) {
  adoptStepsStyles();
  const t = useT();
  const locale = toLocale($locale.get()) ?? 'en';
  const env = useMemo<StepsEnv>(() => ({ api: stepsApi(api), t, locale, go: navigate, href: sameHref, headingLevel: 1, onTitle: setTitle }), [t, locale]);
  useStepFinishedElsewhere(props.step?._id ?? null);
  return (
    <StepsProvider env={env}>
      <StepViewer view={view} afstep={afstep} {...props} />
    </StepsProvider>
  );
}

/**
 * The page's step finished in another tab or at the assessment provider (issue 15): move on to
 * the next step, as finishing it here would. The application is the candidate's current one.
 */
function useStepFinishedElsewhere(stepId: string | null) {
  const [applicationId, setApplicationId] = useState<string | null>(null);
  useEffect(() => {
    if (!stepId) return;
    let live = true;
    stepsApi(api)
      .application()
      .then(
        (application) => live && setApplicationId(application._id),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [stepId]);
  const followed = stepId && applicationId ? { applicationId } : null;
  const moveOn = (data: { stepId?: string }) => {
    if (data.stepId === stepId) navigate(NEXT_STEP_PATH, { replace: true });
  };
  useRealtime('APPLICATION_STEP_FINISHED', followed, moveOn);
  // Linked at the provider (the consent was given elsewhere): the routing rules pick the page of its new status.
  useRealtime('CANDIDATE_EXTERNAL_SERVICE_LINKED', followed, moveOn);
}
