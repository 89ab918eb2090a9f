import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type StepsElement = HTMLElement & { stepsToken?: string | undefined };

/** <rec-applicant-steps> in the apply form's success state (widgets/applicant-steps). */
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'rec-applicant-steps': DetailedHTMLProps<HTMLAttributes<StepsElement>, StepsElement> & { language?: string; 'api-base'?: string; 'heading-level'?: string };
    }
  }
}
