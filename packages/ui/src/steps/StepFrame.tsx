import type { ApplicationStep, NextStepAnswer } from '@rec/core/steps';
import { createElement, type ReactNode, useEffect } from 'react';
import { useStepsEnv } from './steps-env';

/** What every step page receives from its route rule. */
export interface StepPageProps {
  steps: NextStepAnswer;
  /** The page's own step (the current one, or the {afstep} one). */
  step: ApplicationStep | null;
}

/**
 * The frame of every step page: its title as the page's heading (h1 on the host's page, the
 * embedder's level in the element), and where the candidate is in
 * the process (an ordered list; the current step marked with aria-current).
 */
export function StepFrame({ title, steps, current, children }: { title: string; steps: NextStepAnswer; current: ApplicationStep | null; children: ReactNode }) {
  const env = useStepsEnv();
  const { t, onTitle } = env;
  useEffect(() => onTitle?.(title), [title, onTitle]);
  const index = current ? steps.steps.findIndex((step) => step._id === current._id) : -1;
  return (
    <section className="step-card" aria-labelledby="step-title">
      <nav aria-label={t('steps.progress.label')}>
        <p className="step-progress-count">{index >= 0 ? t('steps.progress.count', { current: index + 1, total: steps.steps.length }) : null}</p>
        <ol className="step-progress">
          {steps.steps.map((step) => (
            <li key={step._id} className={`step-progress-item step-${step.stepConfig.status.toLowerCase()}`} aria-current={step._id === current?._id ? 'step' : undefined}>
              {t(`steps.products.${step.product}`)}
              {step.stepConfig.status === 'DONE' ? <span className="rec-sr-only"> ({t('steps.progress.done')})</span> : null}
            </li>
          ))}
        </ol>
      </nav>
      {createElement(`h${env.headingLevel}`, { id: 'step-title' }, title)}
      {children}
    </section>
  );
}
