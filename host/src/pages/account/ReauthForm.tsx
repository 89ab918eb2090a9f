import { isApiError } from '@rec/api-client';
import type { ReauthenticationBody } from '@rec/core';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../i18n';
import { passkeyErrorKey, passkeyReauthentication } from '../two-factor/passkey-api';

/**
 * Re-authentication before a sensitive change (issue 32): the password, or one of the person's
 * passkeys; a person without a password (single sign-on, passkeys only) confirms with a passkey, or
 * with a code from the app or a recovery code. `onConfirm` gets the body the server's change takes
 * (`{ password }`, `{ code }` or `{ credential }`) and throws on refusal; its error is shown here.
 */
export function ReauthForm({
  title,
  level = 3,
  submitLabel,
  hasPassword,
  hasPasskey,
  hasCode = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  level?: 3 | 4;
  submitLabel: string;
  hasPassword: boolean;
  hasPasskey: boolean;
  /** An authenticator app or recovery codes: what a person without a password may type instead. */
  hasCode?: boolean;
  onConfirm: (body: ReauthenticationBody) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const Heading = level === 4 ? 'h4' : 'h3';
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'field' | 'passkey' | null>(null);
  const passkey = hasPasskey && browserSupportsWebAuthn();
  // The typed secret: the password when there is one, else a code.
  const field = hasPassword ? 'password' : hasCode ? 'code' : null;

  async function confirm(kind: 'field' | 'passkey', body: () => Promise<ReauthenticationBody>) {
    setBusy(kind);
    setFieldError(null);
    setFailure(null);
    try {
      await onConfirm(await body());
    } catch (error) {
      // The server's key; for the passkey also what the browser said (cancelled, unsupported).
      setFailure(t(isApiError(error) ? error.key : kind === 'passkey' ? passkeyErrorKey(error) : 'genericErrorTitle'));
    } finally {
      setBusy(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = field === 'code' ? value.replace(/\s+/g, '') : value;
    if (!typed) {
      setFieldError(t(field === 'code' ? 'twoFactor.verify.codeRequired' : 'twoFactor.account.passwordRequired'));
      return;
    }
    void confirm('field', async () => (field === 'code' ? { code: typed } : { password: typed }));
  }

  const intro = field === 'password' ? (passkey ? 'twoFactor.reauth.introEither' : 'twoFactor.account.reauthIntro') : field === 'code' ? 'twoFactor.reauth.introCode' : 'twoFactor.reauth.introPasskey';
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="account-form">
      <Heading id={`${id}-title`}>{title}</Heading>
      <p>{t(intro)}</p>
      {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
      {field === 'password' ? (
        <TextField
          label={t('twoFactor.account.password')}
          type="password"
          autoComplete="current-password"
          required
          value={value}
          error={fieldError}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      ) : null}
      {field === 'code' ? (
        <TextField
          label={t('twoFactor.verify.codeLabel')}
          hint={t('twoFactor.verify.codeHint')}
          autoComplete="one-time-code"
          maxLength={20}
          required
          value={value}
          error={fieldError}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      ) : null}
      <div className="form-actions">
        {field ? (
          <Button type="submit" busy={busy === 'field'}>
            {submitLabel}
          </Button>
        ) : null}
        {passkey ? (
          <Button type="button" variant={field ? 'secondary' : 'primary'} busy={busy === 'passkey'} onClick={() => void confirm('passkey', async () => ({ credential: await passkeyReauthentication() }))}>
            {t('twoFactor.reauth.withPasskey')}
          </Button>
        ) : null}
        <Button type="button" variant="link" onClick={onCancel}>
          {t('twoFactor.verify.cancel')}
        </Button>
      </div>
    </form>
  );
}
