import { isApiError } from '@rec/api-client';
import type { TwoFactorStatus } from '@rec/core';
import { showToast } from '@rec/stores';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { EnrolPanel } from '../two-factor/EnrolPanel';
import { PasskeysSection } from './PasskeysSection';
import { RecoveryCodes } from '../two-factor/RecoveryCodes';
import { accountEnrolment, fetchTwoFactorStatus, regenerateRecoveryCodes, removeTwoFactor } from '../two-factor/two-factor-api';

type Mode = 'idle' | 'enrol' | 'regenerate' | 'remove';

/**
 * The account page's two-factor section (issue 32): the authenticator app (enrol, see the recovery
 * codes once, replace them, remove it) and the passkeys. Replacing and removing ask for the
 * password again first; the last factor cannot go while the company requires two-factor.
 */
export function TwoFactorSection() {
  const t = useT();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [mode, setMode] = useState<Mode>('idle');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => fetchTwoFactorStatus().then(setStatus, () => setStatus(null)), []);
  useEffect(() => {
    void load();
  }, [load]);

  async function reauthenticated(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(t('twoFactor.account.passwordRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (mode === 'regenerate') setCodes((await regenerateRecoveryCodes({ password })).recoveryCodes);
      else {
        await removeTwoFactor({ password });
        showToast({ tone: 'success', title: 'twoFactor.account.removed' });
      }
      setMode('idle');
      setPassword('');
      await load();
    } catch (err) {
      setError(t(isApiError(err) ? err.key : 'genericErrorTitle'));
    } finally {
      setBusy(false);
    }
  }

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          void load();
        }}
      />
    );
  }
  return (
    <section aria-labelledby="account-two-factor-title" className="account-form">
      <h2 id="account-two-factor-title">{t('twoFactor.account.title')}</h2>
      {status?.required ? <p>{t('twoFactor.account.requiredByCompany')}</p> : null}
      {status?.enrolled ? (
        <>
          <p>{t('twoFactor.account.enabled', { count: status.recoveryCodesLeft })}</p>
          {mode === 'idle' ? (
            <div className="form-actions">
              <Button type="button" variant="secondary" onClick={() => setMode('regenerate')}>
                {t('twoFactor.account.regenerate')}
              </Button>
              {status.required && status.passkeys.length === 0 ? null : (
                <Button type="button" variant="secondary" onClick={() => setMode('remove')}>
                  {t('twoFactor.account.remove')}
                </Button>
              )}
            </div>
          ) : (
            <form noValidate onSubmit={reauthenticated} aria-labelledby="two-factor-reauth-title">
              <h3 id="two-factor-reauth-title">{mode === 'remove' ? t('twoFactor.account.remove') : t('twoFactor.account.regenerate')}</h3>
              <p>{t('twoFactor.account.reauthIntro')}</p>
              {error ? <MessageBlock tone="error">{error}</MessageBlock> : null}
              <TextField
                label={t('twoFactor.account.password')}
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
              <div className="form-actions">
                <Button type="submit" busy={busy}>
                  {mode === 'remove' ? t('twoFactor.account.confirmRemove') : t('twoFactor.account.confirmRegenerate')}
                </Button>
                <Button type="button" variant="link" onClick={() => setMode('idle')}>
                  {t('twoFactor.verify.cancel')}
                </Button>
              </div>
            </form>
          )}
        </>
      ) : mode === 'enrol' ? (
        <EnrolPanel calls={accountEnrolment} onEnrolled={setCodes} />
      ) : (
        <>
          <p>{t(status?.passkeys.length ? 'twoFactor.passkeys.appOff' : 'twoFactor.account.disabled')}</p>
          <Button type="button" onClick={() => setMode('enrol')}>
            {t('twoFactor.account.enable')}
          </Button>
        </>
      )}
      {status ? <PasskeysSection passkeys={status.passkeys} lastFactorLocked={status.required && !status.enrolled} onChange={load} /> : null}
    </section>
  );
}
