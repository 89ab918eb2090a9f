import { stepsApi } from '@rec/api-client';
import { toLocale } from '@rec/core';
import { type StepPageProps, type StepsEnv, StepsProvider, type StepView, StepViewer } from '@rec/ui/steps';
import { useMemo } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { setTitle } from '../../title';

const sameHref = (path: string) => path;

/**
 * A /applicant/steps page of the host: the shared step view (the one `<rec-applicant-steps>`
 * renders) with the session cookie's API, the host's translation and URL navigation, so the
 * route rules of router/step-rules run on every move.
 */
export function HostStepPage({ view, afstep = null, ...props }: StepPageProps & { view: StepView; afstep?: string | null }) {
  const t = useT();
  const locale = toLocale($locale.get()) ?? 'en';
  const env = useMemo<StepsEnv>(() => ({ api: stepsApi(api), t, locale, go: navigate, href: sameHref, headingLevel: 1, onTitle: setTitle }), [t, locale]);
  return (
    <StepsProvider env={env}>
      <StepViewer view={view} afstep={afstep} {...props} />
    </StepsProvider>
  );
}
