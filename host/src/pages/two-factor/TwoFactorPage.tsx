import { isApiError } from '@rec/api-client';
import type { SecondFactorMethods, SecondFactorStep, TwoFactorRequirement } from '@rec/core';
import { forgetSession } from '@rec/stores';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../api';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { sameOriginPath } from '../../router/rules';
import { useTitle } from '../../title';
import { EnrolPanel } from './EnrolPanel';
import { PasskeyRegisterForm } from './PasskeyRegisterForm';
import { passkeyErrorKey, passkeySecondFactor } from './passkey-api';
import { RecoveryCodes } from './RecoveryCodes';
import { fetchPendingSignIn, pendingEnrolment, verifySecondFactor } from './two-factor-api';

/**
 * /login/two-factor (issue 32): the second step of a sign-in. 'verify': the code from the app or a
 * recovery code, and "remember this device", and/or "Use a passkey" for a person with one (a
 * person with passkeys only may still type a recovery code); 'enrol': an admin, or a member of a
 * company that requires two-factor, enrols here (an authenticator app or a passkey) before
 * anything else opens, and sees the recovery codes once.
 */
export function TwoFactorPage() {
  const t = useT();
  useTitle(t('twoFactor.verify.title'));
  const [step, setStep] = useState<SecondFactorStep | null>(null);
  const [methods, setMethods] = useState<SecondFactorMethods>({ totp: true, passkey: false, recoveryCodes: false });
  const [requiredBy, setRequiredBy] = useState<TwoFactorRequirement | null>(null);
  const [home, setHome] = useState('/recruiter');
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Without a half-signed-in session there is nothing to finish: back to the sign-in.
    fetchPendingSignIn().then(
      (pending) => {
        setMethods(pending.methods);
        setRequiredBy(pending.requiredBy);
        setHome(sameOriginPath(pending.home, location.origin) ?? '/recruiter');
        setStep(pending.step);
      },
      () => navigate('/login'),
    );
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    if (!value) {
      setError(t('twoFactor.verify.codeRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await verifySecondFactor({ code: value, rememberDevice: remember });
      forgetSession();
      navigate(sameOriginPath(answer.redirectTo, location.origin) ?? home);
    } catch (err) {
      setBusy(false);
      setError(t(isApiError(err) ? err.key : 'genericErrorTitle'));
    }
  }

  async function usePasskey() {
    setPasskeyBusy(true);
    setError(null);
    try {
      const answer = await passkeySecondFactor();
      forgetSession();
      navigate(sameOriginPath(answer.redirectTo, location.origin) ?? home);
    } catch (err) {
      setPasskeyBusy(false);
      setError(t(passkeyErrorKey(err)));
    }
  }

  const finished = () => {
    forgetSession();
    navigate(home);
  };

  async function cancel() {
    await api.delete('/auth/session-v2').catch(() => undefined);
    navigate('/login');
  }

  if (step === null) return <p aria-busy="true">{t('twoFactor.enrol.loading')}</p>;
  if (step === 'enrol') {
    return (
      <section className="auth-card" aria-labelledby="two-factor-required-title">
        <h1 id="two-factor-required-title">{t('twoFactor.enrol.requiredTitle')}</h1>
        <p>{t(requiredBy === 'admin' ? 'twoFactor.enrol.adminRequiredIntro' : 'twoFactor.enrol.requiredIntro')}</p>
        {codes ? (
          <RecoveryCodes codes={codes} onDone={finished} />
        ) : (
          <>
            <EnrolPanel calls={pendingEnrolment} onEnrolled={setCodes} />
            {browserSupportsWebAuthn() ? <PasskeyRegisterForm pending level={2} onDone={(recoveryCodes) => (recoveryCodes ? setCodes(recoveryCodes) : finished())} /> : null}
          </>
        )}
      </section>
    );
  }
  return (
    <section className="auth-card" aria-labelledby="two-factor-title">
      <h1 id="two-factor-title">{t('twoFactor.verify.title')}</h1>
      <p>{t(methods.totp ? 'twoFactor.verify.intro' : methods.recoveryCodes ? 'twoFactor.passkeys.verifyIntroRecovery' : 'twoFactor.passkeys.verifyIntro')}</p>
      {error ? <MessageBlock tone="error">{error}</MessageBlock> : null}
      {methods.passkey ? (
        <div className="form-actions">
          <Button type="button" busy={passkeyBusy} onClick={usePasskey}>
            {t('twoFactor.passkeys.use')}
          </Button>
          {methods.totp || methods.recoveryCodes ? null : (
            <Button type="button" variant="link" onClick={cancel}>
              {t('twoFactor.verify.cancel')}
            </Button>
          )}
        </div>
      ) : null}
      {methods.totp || methods.recoveryCodes ? (
        <form noValidate onSubmit={submit}>
          <TextField
            label={t(methods.totp ? 'twoFactor.verify.codeLabel' : 'twoFactor.verify.recoveryCodeLabel')}
            hint={t(methods.totp ? 'twoFactor.verify.codeHint' : 'twoFactor.verify.recoveryCodeHint')}
            autoComplete="one-time-code"
            maxLength={20}
            required
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <div className="rec-field">
            <label>
              <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.currentTarget.checked)} /> {t('twoFactor.verify.remember')}
            </label>
          </div>
          <div className="form-actions">
            <Button type="submit" busy={busy}>
              {t('twoFactor.verify.submit')}
            </Button>
            <Button type="button" variant="link" onClick={cancel}>
              {t('twoFactor.verify.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
