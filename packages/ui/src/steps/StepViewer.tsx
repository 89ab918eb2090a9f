import { ApplicationFormStepPage } from './ApplicationFormStep';
import { AssessmentConsentPage, AssessmentLoginPage, GrantPermissionPage, RelayConsentPage, StepInstructionsPage } from './AssessmentStatusPages';
import { AssessmentStepPage } from './AssessmentStep';
import { InterviewIntroPage, InterviewOverviewPage, InterviewRecordingPage } from './InterviewPages';
import type { StepPageProps } from './StepFrame';
import type { StepView } from './walk-steps';

/** The component of each step view: the host's routes and the element's walk render the same ones. */
export function StepViewer({ view, afstep, ...props }: StepPageProps & { view: StepView; afstep: string | null }) {
  switch (view) {
    case 'application-form':
      return <ApplicationFormStepPage {...props} />;
    case 'interview':
      return <InterviewOverviewPage {...props} />;
    case 'interview-intro':
      return <InterviewIntroPage {...props} />;
    case 'interview-recording':
      return <InterviewRecordingPage {...props} />;
    case 'constants':
      return <StepInstructionsPage {...props} product={null} />;
    case 'assessment':
      return <AssessmentStepPage {...props} />;
    case 'assessment-constants':
      return <StepInstructionsPage {...props} product={afstep} />;
    case 'assessment-login':
      return <AssessmentLoginPage {...props} />;
    case 'assessment-consent':
      return <AssessmentConsentPage {...props} />;
    case 'relay-consent':
      return <RelayConsentPage {...props} />;
    case 'grant-permission':
      return <GrantPermissionPage {...props} />;
  }
}
