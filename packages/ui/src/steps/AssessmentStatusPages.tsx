import { errorKeyFromUnknown } from '@rec/api-client';
import { NEXT_STEP_PATH, STEPS_BASE } from '@rec/core/step-routing';
import { Button, MessageBlock } from '../form-controls';
import { type FormEvent, useId, useState } from 'react';
import { StepFrame, type StepPageProps } from './StepFrame';
import { StepLink, useStepsEnv } from './steps-env';

/** Runs one step action with a busy flag and a translated failure; then goes where `after` says. */
function useAction() {
  const env = useStepsEnv();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>, after: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      env.go(after, { replace: true });
    } catch (error) {
      setFailure(errorKeyFromUnknown(error));
      setBusy(false);
    }
  };
  return { busy, failure, run };
}

/** CONSENT_RELAY: the candidate agrees to pass their data to the assessment provider. */
export function RelayConsentPage({ steps, step }: StepPageProps) {
  const env = useStepsEnv();
  const { t } = env;
  const id = useId();
  const [agreed, setAgreed] = useState(false);
  const [missing, setMissing] = useState(false);
  const { busy, failure, run } = useAction();
  if (!step) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!agreed) {
      setMissing(true);
      return;
    }
    void run(() => env.api.relayConsent(step._id), NEXT_STEP_PATH);
  };
  return (
    <StepFrame title={t('steps.relayConsent.title')} steps={steps} current={step}>
      <p>{t('steps.relayConsent.text', { assessment: t(`steps.assessment.${step.product}.title`) })}</p>
      <form onSubmit={submit} noValidate>
        <div className={`rec-field${missing ? ' rec-field-invalid' : ''}`}>
          <label className="step-choice" htmlFor={id}>
            <input
              id={id}
              type="checkbox"
              checked={agreed}
              aria-invalid={missing ? true : undefined}
              aria-describedby={missing ? `${id}-error` : undefined}
              onChange={(event) => {
                setAgreed(event.target.checked);
                setMissing(false);
              }}
            />{' '}
            {t('steps.relayConsent.agree')}
          </label>
          {missing ? (
            <p id={`${id}-error`} className="rec-field-error" role="alert">
              {t('steps.relayConsent.required')}
            </p>
          ) : null}
        </div>
        {failure ? <MessageBlock tone="error">{t(failure)}</MessageBlock> : null}
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            {t('steps.relayConsent.submit')}
          </Button>
        </div>
      </form>
    </StepFrame>
  );
}

/** PERMISSION_REQUIRED: the candidate allows sharing the result with the company, which finishes the step. */
export function GrantPermissionPage({ steps, step }: StepPageProps) {
  const env = useStepsEnv();
  const { t } = env;
  const { busy, failure, run } = useAction();
  if (!step) return null;
  return (
    <StepFrame title={t('steps.grantPermission.title')} steps={steps} current={step}>
      <p>{t('steps.grantPermission.text')}</p>
      {failure ? <MessageBlock tone="error">{t(failure)}</MessageBlock> : null}
      <div className="form-actions">
        <Button busy={busy} onClick={() => run(() => env.api.complete(step._id, { shareResult: true }), NEXT_STEP_PATH)}>
          {t('steps.grantPermission.submit')}
        </Button>
      </div>
    </StepFrame>
  );
}

/** DONE: the result went to the company; on to the next step. */
export function AssessmentConsentPage({ steps, step }: StepPageProps) {
  const env = useStepsEnv();
  const { t } = env;
  return (
    <StepFrame title={t('steps.consent.title')} steps={steps} current={step}>
      <p>{t('steps.consent.text')}</p>
      <div className="form-actions">
        <Button onClick={() => env.go(NEXT_STEP_PATH)}>{t('steps.continue')}</Button>
      </div>
    </StepFrame>
  );
}

/** LOGIN_REQUIRED: the provider's session ran out; linking again brings the candidate back to the test. */
export function AssessmentLoginPage({ steps, step }: StepPageProps) {
  const env = useStepsEnv();
  const { t } = env;
  const { busy, failure, run } = useAction();
  if (!step) return null;
  return (
    <StepFrame title={t('steps.providerLogin.title')} steps={steps} current={step}>
      <p>{t('steps.providerLogin.text')}</p>
      {failure ? <MessageBlock tone="error">{t(failure)}</MessageBlock> : null}
      <div className="form-actions">
        <Button busy={busy} onClick={() => run(() => env.api.relayConsent(step._id), NEXT_STEP_PATH)}>
          {t('steps.providerLogin.submit')}
        </Button>
      </div>
    </StepFrame>
  );
}

/** constants and {afstep}/constants: how the flow (or this assessment) works. */
export function StepInstructionsPage({ steps, step, product }: StepPageProps & { product: string | null }) {
  const env = useStepsEnv();
  const { t } = env;
  const back = product ? `${STEPS_BASE}/${product}` : NEXT_STEP_PATH;
  return (
    <StepFrame title={t('steps.instructions.title')} steps={steps} current={step}>
      <p>{t('steps.instructions.general')}</p>
      {product ? <p>{t(`steps.assessment.${product}.instructions`)}</p> : null}
      <p>
        <StepLink to={back}>{t('steps.instructions.back')}</StepLink>
      </p>
    </StepFrame>
  );
}
