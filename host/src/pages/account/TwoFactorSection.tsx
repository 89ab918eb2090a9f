import type { ReauthenticationBody, TwoFactorStatus } from '@rec/core';
import { showToast } from '@rec/stores';
import { Button } from '@rec/ui';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { EnrolPanel } from '../two-factor/EnrolPanel';
import { RecoveryCodes } from '../two-factor/RecoveryCodes';
import { accountEnrolment, fetchTwoFactorStatus, regenerateRecoveryCodes, removeTwoFactor } from '../two-factor/two-factor-api';
import { PasskeysSection } from './PasskeysSection';
import { ReauthForm } from './ReauthForm';

type Mode = 'idle' | 'enrol' | 'regenerate' | 'remove';

/**
 * The account page's two-factor section (issue 32): the authenticator app (enrol, see the recovery
 * codes once, replace them, remove it) and the passkeys. Replacing and removing ask for the
 * password or a passkey again first; the last factor cannot go while it is required (of every
 * admin, or by the company). A person with passkeys only has recovery codes too.
 */
export function TwoFactorSection() {
  const t = useT();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [mode, setMode] = useState<Mode>('idle');
  const [codes, setCodes] = useState<string[] | null>(null);

  const load = useCallback(() => fetchTwoFactorStatus().then(setStatus, () => setStatus(null)), []);
  useEffect(() => {
    void load();
  }, [load]);

  async function reauthenticated(body: ReauthenticationBody) {
    if (mode === 'regenerate') setCodes((await regenerateRecoveryCodes(body)).recoveryCodes);
    else {
      await removeTwoFactor(body);
      showToast({ tone: 'success', title: 'twoFactor.account.removed' });
    }
    setMode('idle');
    await load();
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
  const hasPasskey = Boolean(status?.passkeys.length);
  const reauth = (title: string, submitLabel: string) => (
    <ReauthForm
      title={title}
      submitLabel={submitLabel}
      hasPassword={status?.hasPassword ?? true}
      hasPasskey={hasPasskey}
      hasCode={Boolean(status?.enrolled || status?.recoveryCodesLeft)}
      onConfirm={reauthenticated}
      onCancel={() => setMode('idle')}
    />
  );
  const regenerateButton = (
    <Button type="button" variant="secondary" onClick={() => setMode('regenerate')}>
      {t('twoFactor.account.regenerate')}
    </Button>
  );
  return (
    <section aria-labelledby="account-two-factor-title" className="account-form">
      <h2 id="account-two-factor-title">{t('twoFactor.account.title')}</h2>
      {status?.requiredBy ? <p>{t(status.requiredBy === 'admin' ? 'twoFactor.account.requiredForAdmins' : 'twoFactor.account.requiredByCompany')}</p> : null}
      {status?.enrolled ? (
        <>
          <p>{t('twoFactor.account.enabled', { count: status.recoveryCodesLeft })}</p>
          {mode === 'idle' ? (
            <div className="form-actions">
              {regenerateButton}
              {status.required && status.passkeys.length === 0 ? null : (
                <Button type="button" variant="secondary" onClick={() => setMode('remove')}>
                  {t('twoFactor.account.remove')}
                </Button>
              )}
            </div>
          ) : mode === 'remove' ? (
            reauth(t('twoFactor.account.remove'), t('twoFactor.account.confirmRemove'))
          ) : (
            reauth(t('twoFactor.account.regenerate'), t('twoFactor.account.confirmRegenerate'))
          )}
        </>
      ) : mode === 'enrol' ? (
        <EnrolPanel calls={accountEnrolment} onEnrolled={setCodes} />
      ) : (
        <>
          <p>{t(hasPasskey ? 'twoFactor.passkeys.appOff' : 'twoFactor.account.disabled')}</p>
          {hasPasskey ? <p>{t('twoFactor.reauth.recoveryLeft', { count: status?.recoveryCodesLeft ?? 0 })}</p> : null}
          {mode === 'regenerate' ? (
            reauth(t('twoFactor.account.regenerate'), t('twoFactor.account.confirmRegenerate'))
          ) : (
            <div className="form-actions">
              <Button type="button" onClick={() => setMode('enrol')}>
                {t('twoFactor.account.enable')}
              </Button>
              {hasPasskey ? regenerateButton : null}
            </div>
          )}
        </>
      )}
      {status ? (
        <PasskeysSection
          passkeys={status.passkeys}
          lastFactorLocked={status.required && !status.enrolled}
          hasPassword={status.hasPassword}
          hasCode={status.enrolled || status.recoveryCodesLeft > 0}
          onRecoveryCodes={setCodes}
          onChange={load}
        />
      ) : null}
    </section>
  );
}
