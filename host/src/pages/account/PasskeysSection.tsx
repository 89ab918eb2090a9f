import { PASSKEY_NAME_MAX, type PasskeySummary } from '@rec/core';
import { showToast } from '@rec/stores';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n';
import { PasskeyRegisterForm } from '../two-factor/PasskeyRegisterForm';
import { passkeyErrorKey, removePasskey, renamePasskey } from '../two-factor/passkey-api';
import { ReauthForm } from './ReauthForm';

type Mode = { kind: 'idle' } | { kind: 'add' } | { kind: 'rename'; passkey: PasskeySummary } | { kind: 'remove'; passkey: PasskeySummary };

/**
 * The account page's passkeys (issue 32): each with its name, when it was added and last used;
 * add (named), rename, remove. Removing asks for the password or a passkey again; the server
 * refuses to remove the last factor while it is required. The first factor's recovery codes go to
 * `onRecoveryCodes`, to be shown once.
 */
export function PasskeysSection({
  passkeys,
  lastFactorLocked,
  hasPassword,
  hasCode,
  onRecoveryCodes,
  onChange,
}: {
  passkeys: PasskeySummary[];
  lastFactorLocked: boolean;
  hasPassword: boolean;
  /** An authenticator app or recovery codes (re-authentication by code for a person without a password). */
  hasCode: boolean;
  onRecoveryCodes: (codes: string[]) => void;
  onChange: () => Promise<void> | void;
}) {
  const t = useT();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = browserSupportsWebAuthn();
  const when = (iso: string) => new Date(iso).toLocaleString(document.documentElement.lang || 'en', { dateStyle: 'medium', timeStyle: 'short' });

  function open(next: Mode) {
    setMode(next);
    setValue(next.kind === 'rename' ? next.passkey.name : '');
    setFieldError(null);
    setFailure(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (mode.kind !== 'rename') return;
    if (!value.trim()) {
      setFieldError(t('twoFactor.passkeys.nameRequired'));
      return;
    }
    setBusy(true);
    setFieldError(null);
    setFailure(null);
    try {
      await renamePasskey(mode.passkey.id, value.trim());
      showToast({ tone: 'success', title: 'twoFactor.passkeys.renamed' });
      setMode({ kind: 'idle' });
      await onChange();
    } catch (error) {
      setFailure(t(passkeyErrorKey(error)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="account-passkeys-title" className="account-passkeys">
      <h3 id="account-passkeys-title">{t('twoFactor.passkeys.title')}</h3>
      <p>{t('twoFactor.passkeys.intro')}</p>
      {passkeys.length ? (
        <ul className="sessions-list" data-testid="passkey-list">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="sessions-item" data-testid="passkey">
              <div>
                <p className="sessions-device">{passkey.name}</p>
                <p className="rec-field-hint">
                  {t('twoFactor.passkeys.added', { date: when(passkey.createdAt) })} ·{' '}
                  {passkey.lastUsedAt ? t('twoFactor.passkeys.lastUsed', { date: when(passkey.lastUsedAt) }) : t('twoFactor.passkeys.neverUsed')}
                </p>
              </div>
              <div className="form-actions">
                <Button type="button" variant="secondary" onClick={() => open({ kind: 'rename', passkey })} aria-label={t('twoFactor.passkeys.renameNamed', { name: passkey.name })}>
                  {t('twoFactor.passkeys.rename')}
                </Button>
                {lastFactorLocked && passkeys.length === 1 ? null : (
                  <Button type="button" variant="secondary" onClick={() => open({ kind: 'remove', passkey })} aria-label={t('twoFactor.passkeys.removeNamed', { name: passkey.name })}>
                    {t('twoFactor.passkeys.remove')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('twoFactor.passkeys.none')}</p>
      )}
      {mode.kind === 'rename' ? (
        <form noValidate onSubmit={submit} aria-labelledby="passkey-change-title" className="account-form">
          <h4 id="passkey-change-title">{t('twoFactor.passkeys.renameNamed', { name: mode.passkey.name })}</h4>
          {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
          <TextField
            label={t('twoFactor.passkeys.nameLabel')}
            maxLength={PASSKEY_NAME_MAX}
            required
            value={value}
            error={fieldError}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <div className="form-actions">
            <Button type="submit" busy={busy}>
              {t('twoFactor.passkeys.saveName')}
            </Button>
            <Button type="button" variant="link" onClick={() => setMode({ kind: 'idle' })}>
              {t('twoFactor.verify.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
      {mode.kind === 'remove' ? (
        <ReauthForm
          level={4}
          title={t('twoFactor.passkeys.removeNamed', { name: mode.passkey.name })}
          submitLabel={t('twoFactor.account.confirmRemove')}
          hasPassword={hasPassword}
          hasPasskey={passkeys.length > 0}
          hasCode={hasCode}
          onConfirm={async (body) => {
            await removePasskey(mode.passkey.id, body);
            showToast({ tone: 'success', title: 'twoFactor.passkeys.removed' });
            setMode({ kind: 'idle' });
            await onChange();
          }}
          onCancel={() => setMode({ kind: 'idle' })}
        />
      ) : null}
      {!supported ? (
        <p>{t('twoFactor.passkeys.unsupported')}</p>
      ) : mode.kind === 'add' ? (
        <PasskeyRegisterForm
          level={4}
          onCancel={() => setMode({ kind: 'idle' })}
          onDone={async (codes) => {
            setMode({ kind: 'idle' });
            showToast({ tone: 'success', title: 'twoFactor.passkeys.addedToast' });
            // The person's first factor: its recovery codes, shown this once.
            if (codes) onRecoveryCodes(codes);
            await onChange();
          }}
        />
      ) : mode.kind === 'idle' ? (
        <Button type="button" variant="secondary" onClick={() => open({ kind: 'add' })}>
          {t('twoFactor.passkeys.add')}
        </Button>
      ) : null}
    </section>
  );
}
