import { isApiError } from '@rec/api-client';
import { SESSION_DAYS_MAX, SESSION_DAYS_MIN } from '@rec/core';
import { showErrorToast, showToast } from '@rec/stores';
import { Button, TextField } from '@rec/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useT } from '../../../i18n';
import { fetchCompanySecurity, saveCompanySecurity } from '../../two-factor/two-factor-api';

/** The company's sign-in policy (issue 32): two-factor for every recruiter, and the session lifetime. */
export function SecurityPolicySection() {
  const t = useT();
  const [requireTwoFactor, setRequireTwoFactor] = useState(false);
  const [days, setDays] = useState('30');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchCompanySecurity().then(
      (policy) => {
        setRequireTwoFactor(policy.requireTwoFactor);
        setDays(String(policy.sessionDays));
      },
      () => undefined,
    );
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const sessionDays = Number(days);
    if (!Number.isInteger(sessionDays) || sessionDays < SESSION_DAYS_MIN || sessionDays > SESSION_DAYS_MAX) {
      setError(t('twoFactor.policy.sessionDaysRange', { min: SESSION_DAYS_MIN, max: SESSION_DAYS_MAX }));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await saveCompanySecurity({ requireTwoFactor, sessionDays });
      showToast({ tone: 'success', title: 'twoFactor.policy.saved' });
    } catch (err) {
      showErrorToast(isApiError(err) ? err.key : null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="security-policy-title" className="settings-section">
      <h2 id="security-policy-title">{t('twoFactor.policy.title')}</h2>
      <div className="rec-field">
        <label>
          <input type="checkbox" checked={requireTwoFactor} onChange={(event) => setRequireTwoFactor(event.currentTarget.checked)} /> {t('twoFactor.policy.require')}
        </label>
        <p className="rec-field-hint">{t('twoFactor.policy.requireHint')}</p>
      </div>
      <TextField
        label={t('twoFactor.policy.sessionDays')}
        hint={t('twoFactor.policy.sessionDaysRange', { min: SESSION_DAYS_MIN, max: SESSION_DAYS_MAX })}
        type="number"
        min={SESSION_DAYS_MIN}
        max={SESSION_DAYS_MAX}
        value={days}
        error={error}
        onChange={(event) => setDays(event.currentTarget.value)}
      />
      <Button type="submit" busy={busy}>
        {t('twoFactor.policy.save')}
      </Button>
    </form>
  );
}
