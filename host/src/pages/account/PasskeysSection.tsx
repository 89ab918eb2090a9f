import { PASSKEY_NAME_MAX, type PasskeySummary } from '@rec/core';
import { showToast } from '@rec/stores';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n';
import { PasskeyRegisterForm } from '../two-factor/PasskeyRegisterForm';
import { passkeyErrorKey, removePasskey, renamePasskey } from '../two-factor/passkey-api';

type Mode = { kind: 'idle' } | { kind: 'add' } | { kind: 'rename'; passkey: PasskeySummary } | { kind: 'remove'; passkey: PasskeySummary };

/**
 * The account page's passkeys (issue 32): each with its name, when it was added and last used;
 * add (named), rename, remove. Removing asks for the password again; the server refuses to remove
 * the last factor while the company requires two-factor.
 */
export function PasskeysSection({ passkeys, lastFactorLocked, onChange }: { passkeys: PasskeySummary[]; lastFactorLocked: boolean; onChange: () => Promise<void> | void }) {
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
    if (mode.kind !== 'rename' && mode.kind !== 'remove') return;
    if (!value.trim()) {
      setFieldError(t(mode.kind === 'rename' ? 'twoFactor.passkeys.nameRequired' : 'twoFactor.account.passwordRequired'));
      return;
    }
    setBusy(true);
    setFieldError(null);
    setFailure(null);
    try {
      if (mode.kind === 'rename') {
        await renamePasskey(mode.passkey.id, value.trim());
        showToast({ tone: 'success', title: 'twoFactor.passkeys.renamed' });
      } else {
        await removePasskey(mode.passkey.id, { password: value });
        showToast({ tone: 'success', title: 'twoFactor.passkeys.removed' });
      }
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
      {mode.kind === 'rename' || mode.kind === 'remove' ? (
        <form noValidate onSubmit={submit} aria-labelledby="passkey-change-title" className="account-form">
          <h4 id="passkey-change-title">{t(mode.kind === 'rename' ? 'twoFactor.passkeys.renameNamed' : 'twoFactor.passkeys.removeNamed', { name: mode.passkey.name })}</h4>
          {mode.kind === 'remove' ? <p>{t('twoFactor.account.reauthIntro')}</p> : null}
          {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
          {mode.kind === 'rename' ? (
            <TextField
              label={t('twoFactor.passkeys.nameLabel')}
              maxLength={PASSKEY_NAME_MAX}
              required
              value={value}
              error={fieldError}
              onChange={(event) => setValue(event.currentTarget.value)}
            />
          ) : (
            <TextField
              label={t('twoFactor.account.password')}
              type="password"
              autoComplete="current-password"
              required
              value={value}
              error={fieldError}
              onChange={(event) => setValue(event.currentTarget.value)}
            />
          )}
          <div className="form-actions">
            <Button type="submit" busy={busy}>
              {t(mode.kind === 'rename' ? 'twoFactor.passkeys.saveName' : 'twoFactor.account.confirmRemove')}
            </Button>
            <Button type="button" variant="link" onClick={() => setMode({ kind: 'idle' })}>
              {t('twoFactor.verify.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
      {!supported ? (
        <p>{t('twoFactor.passkeys.unsupported')}</p>
      ) : mode.kind === 'add' ? (
        <PasskeyRegisterForm
          level={4}
          onCancel={() => setMode({ kind: 'idle' })}
          onDone={async () => {
            setMode({ kind: 'idle' });
            showToast({ tone: 'success', title: 'twoFactor.passkeys.addedToast' });
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
