import type { PipelineStep } from '@rec/core/pipeline';
import { useT } from '../../i18n';

/** Step progress: one dot per step of the process, its status said in words for assistive technology. */
export function StepDots({ steps }: { steps: readonly PipelineStep[] }) {
  const t = useT();
  if (!steps.length) return <span className="pipeline-steps-none">{t('pipeline.noSteps')}</span>;
  const done = steps.filter((step) => step.status === 'DONE').length;
  const summary = steps.map((step) => `${t(`pipeline.products.${step.product}`)}: ${t(`pipeline.stepStatus.${step.status}`)}`).join(', ');
  return (
    <span className="pipeline-steps" role="img" aria-label={t('pipeline.stepsLabel', { done, total: steps.length, summary })}>
      {steps.map((step, index) => (
        <span key={index} className={`pipeline-dot pipeline-dot-${step.status.toLowerCase()}`} title={`${t(`pipeline.products.${step.product}`)}: ${t(`pipeline.stepStatus.${step.status}`)}`} />
      ))}
    </span>
  );
}
