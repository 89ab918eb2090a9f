import { type AssessmentContent, errorKeyFromUnknown } from '@rec/api-client';
import { NEXT_STEP_PATH, STEPS_BASE } from '@rec/core/step-routing';
import { Loading } from '../components';
import { Button, MessageBlock } from '../form-controls';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { StepFrame, type StepPageProps } from './StepFrame';
import { StepLink, useStepsEnv } from './steps-env';

const LIKERT = [1, 2, 3, 4, 5] as const;

/**
 * /applicant/steps/{afstep} while the step is PENDING (what will happen, start), LINKED or
 * STARTED (the questionnaire). Every move goes back through the route rule, which sends the
 * candidate to the page of the step's new status.
 */
export function AssessmentStepPage({ steps, step }: StepPageProps) {
  const env = useStepsEnv();
  const { t } = env;
  const product = step?.product ?? 'shape';
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const title = t(`steps.assessment.${product}.title`);

  if (!step) return null;
  if (step.stepConfig.status === 'PENDING') {
    const start = async () => {
      setBusy(true);
      try {
        await env.api.start(step._id);
        // Through the entry: the route rules send the candidate to the page of the step's new status.
        env.go(NEXT_STEP_PATH, { replace: true });
      } catch (error) {
        setFailure(errorKeyFromUnknown(error));
        setBusy(false);
      }
    };
    return (
      <StepFrame title={title} steps={steps} current={step}>
        <p>{t(`steps.assessment.${product}.intro`)}</p>
        <p>
          <StepLink to={`${STEPS_BASE}/${product}/constants`}>{t('steps.instructions.link')}</StepLink>
        </p>
        {failure ? <MessageBlock tone="error">{t(failure)}</MessageBlock> : null}
        <div className="form-actions">
          <Button onClick={start} busy={busy}>
            {t('steps.assessment.start')}
          </Button>
        </div>
      </StepFrame>
    );
  }
  return (
    <StepFrame title={title} steps={steps} current={step}>
      <Questionnaire stepId={step._id} product={product} />
    </StepFrame>
  );
}

function Questionnaire({ stepId, product }: { stepId: string; product: string }) {
  const env = useStepsEnv();
  const { t } = env;
  const [content, setContent] = useState<AssessmentContent | null>(null);
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [remaining, setRemaining] = useState<number | null>(null);
  const sent = useRef(false);
  const answersRef = useRef(answers);
  answersRef.current = answers;

  useEffect(() => {
    env.api
      .assessment(stepId)
      .then(setContent)
      .catch((error: unknown) => setFailure(errorKeyFromUnknown(error)));
  }, [stepId]);

  async function send(final: Record<string, number>) {
    if (sent.current) return;
    sent.current = true;
    setBusy(true);
    try {
      await env.api.answerAssessment(stepId, final);
      // Through the entry: the route rules send the candidate to the page of the step's new status.
        env.go(NEXT_STEP_PATH, { replace: true });
    } catch (error) {
      sent.current = false;
      setFailure(errorKeyFromUnknown(error));
      setBusy(false);
    }
  }

  // A timed test counts down from its server-side start and sends what is answered when time is up.
  useEffect(() => {
    if (!content?.timeLimitSeconds) return;
    const end = (content.startedAt ? Date.parse(content.startedAt) : Date.now()) + content.timeLimitSeconds * 1000;
    const tick = () => {
      const left = Math.max(0, Math.round((end - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) void send(answersRef.current);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [content]);

  if (failure && !content) return <MessageBlock tone="error">{t(failure)}</MessageBlock>;
  if (!content) return <Loading label={t('steps.loading')} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content.kind === 'likert' && content.items.some((item) => answers[item.id] === undefined)) {
      setMissing(true);
      return;
    }
    void send(answers);
  };

  return (
    <form onSubmit={submit} noValidate>
      <p>{t(`steps.assessment.${product}.howTo`)}</p>
      {remaining !== null ? (
        <p className="step-timer" role="timer" aria-live={remaining <= 30 ? 'polite' : 'off'}>
          {t('steps.assessment.timeLeft', { minutes: Math.floor(remaining / 60), seconds: String(remaining % 60).padStart(2, '0') })}
        </p>
      ) : null}
      {content.items.map((item, index) => (
        <fieldset key={item.id} className="rec-field step-choices step-item">
          <legend className="rec-field-label">
            {content.kind === 'likert'
              ? `${index + 1}. ${t(`steps.items.${item.id}`)}`
              : `${index + 1}. ${t('steps.assessment.brain.question', { sequence: (item.sequence ?? []).join(', ') })}`}
          </legend>
          <div className={content.kind === 'likert' ? 'step-scale step-scale-likert' : 'step-scale'}>
            {(content.kind === 'likert' ? LIKERT : (item.options ?? [])).map((value) => (
              <label key={value} className="step-choice">
                <input
                  type="radio"
                  name={item.id}
                  value={value}
                  checked={answers[item.id] === value}
                  onChange={() => setAnswers((current) => ({ ...current, [item.id]: value }))}
                />{' '}
                {content.kind === 'likert' ? t(`steps.likert.${value}`) : value}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {missing ? <MessageBlock tone="error">{t('steps.assessment.answerAll')}</MessageBlock> : null}
      {failure ? <MessageBlock tone="error">{t(failure)}</MessageBlock> : null}
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          {t('steps.assessment.submit')}
        </Button>
      </div>
    </form>
  );
}
