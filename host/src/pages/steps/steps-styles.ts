import stepsCss from '@rec/ui/steps.css';
import { styleAdopter } from '../../adopt-styles';

/** The step views' styles: the same file <rec-applicant-steps> adopts in its shadow root. */
export const adoptStepsStyles: () => void = styleAdopter(stepsCss);
