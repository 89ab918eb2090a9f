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
 *
 * @prop {string | undefined} stepsToken - The apply answer's bearer token (a property only, kept in memory).
 * @csspart steps - The steps' container.
 * @cssprop --rec-font-family - The font (default: inherit the page's).
 * @cssprop --rec-font-size - The base font size.
 * @cssprop --rec-color-primary - Buttons, links and accents.
 * @cssprop --rec-color-on-primary - Text on the primary colour.
 * @cssprop --rec-color-text - The text colour.
 * @cssprop --rec-color-muted - Secondary text.
 * @cssprop --rec-color-surface - Cards and fields.
 * @cssprop --rec-color-border - Borders.
 * @cssprop --rec-color-background - The background.
 * @cssprop --rec-radius - The corner radius.
 * @cssprop --rec-spacing - The spacing unit.
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
