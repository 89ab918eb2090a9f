import { defineElement } from '@rec/ui';
import stepViewsCss from '@rec/ui/steps.css';
import uiCss from '@rec/ui/ui.css';
import { ApplicantSteps, type ApplicantStepsProps } from './ApplicantSteps';
import stepsCss from './applicant-steps.css';
import { installStepsTokenProperty } from './steps-token';

/**
 * `<rec-applicant-steps language="fr" api-base="https://…" heading-level="2">`
 *
 * Property `stepsToken`: the apply answer's bearer token for that one application (memory only;
 * `<rec-offer>` hands it over after a successful application). Without it the calls use the
 * platform's session cookie, as on the platform's own /applicant pages.
 */
export const RecApplicantSteps = defineElement<ApplicantStepsProps>('rec-applicant-steps', ApplicantSteps, {
  attributes: ['language', 'apiBase', 'headingLevel'],
  styles: [uiCss, stepsCss, stepViewsCss],
});
installStepsTokenProperty(RecApplicantSteps);

declare global {
  interface HTMLElementTagNameMap {
    'rec-applicant-steps': HTMLElement & ApplicantStepsProps & { stepsToken?: string | undefined };
  }
}
