import { PASSKEY_NAME_MAX } from '@rec/core';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n';
import { passkeyErrorKey, registerPasskey } from './passkey-api';

/**
 * Adds a passkey (issue 32): the person names it ("Work laptop"), then the browser asks the device
 * (fingerprint, face, PIN or a security key). `pending`: the enrolment required at sign-in (of an
 * admin, or by the company), in a half-signed-in session; otherwise the account page.
 */
export function PasskeyRegisterForm({
  pending = false,
  level = 3,
  onDone,
  onCancel,
}: {
  pending?: boolean;
  level?: 2 | 3 | 4;
  /** `codes`: the recovery codes of the person's first factor (to show once), else undefined. */
  onDone: (codes?: string[]) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const Heading = (['h2', 'h3', 'h4'] as const)[level - 2] ?? 'h3';
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setFieldError(t('twoFactor.passkeys.nameRequired'));
      return;
    }
    setFieldError(null);
    setFailure(null);
    setBusy(true);
    try {
      onDone(await registerPasskey(name.trim(), pending));
    } catch (error) {
      setFailure(t(passkeyErrorKey(error)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="passkey-add-title" className="account-form passkey-add">
      <Heading id="passkey-add-title">{t('twoFactor.passkeys.addTitle')}</Heading>
      <p>{t('twoFactor.passkeys.addIntro')}</p>
      {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
      <TextField
        label={t('twoFactor.passkeys.nameLabel')}
        hint={t('twoFactor.passkeys.nameHint')}
        name="passkey-name"
        maxLength={PASSKEY_NAME_MAX}
        required
        value={name}
        error={fieldError}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          {t('twoFactor.passkeys.addSubmit')}
        </Button>
        {onCancel ? (
          <Button type="button" variant="link" onClick={onCancel}>
            {t('twoFactor.verify.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
