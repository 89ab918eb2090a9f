import { isApiError } from '@rec/api-client';
import type { TotpEnrolment } from '@rec/core';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useT } from '../../i18n';
import type { EnrolmentCalls } from './two-factor-api';

/**
 * TOTP enrolment: the QR code (drawn by the server as SVG), the secret in text for manual entry,
 * and the first code from the app, which confirms it. Answers the recovery codes to show once.
 */
export function EnrolPanel({ calls, onEnrolled }: { calls: EnrolmentCalls; onEnrolled: (codes: string[]) => void }) {
  const t = useT();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    calls.start().then(setEnrolment, (err: unknown) => setFailure(t(isApiError(err) ? err.key : 'genericErrorTitle')));
  }, [calls, t]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
      setError(t('twoFactor.errors.wrongCode'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { recoveryCodes } = await calls.confirm(code.replace(/\s+/g, ''));
      onEnrolled(recoveryCodes);
    } catch (err) {
      setError(t(isApiError(err) ? err.key : 'genericErrorTitle'));
    } finally {
      setBusy(false);
    }
  }

  if (failure) return <MessageBlock tone="error">{failure}</MessageBlock>;
  if (!enrolment) return <p aria-busy="true">{t('twoFactor.enrol.loading')}</p>;
  const qr = `data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="two-factor-enrol-title" className="account-form two-factor-enrol">
      <h2 id="two-factor-enrol-title">{t('twoFactor.enrol.title')}</h2>
      <p>{t('twoFactor.enrol.scan')}</p>
      <img src={qr} width={200} height={200} alt={t('twoFactor.enrol.qrAlt')} />
      <p>{t('twoFactor.enrol.manual')}</p>
      <p>
        <span className="rec-sr-only">{t('twoFactor.enrol.secretLabel')}: </span>
        <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      <TextField
        label={t('twoFactor.enrol.codeLabel')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        required
        value={code}
        error={error}
        onChange={(event) => setCode(event.currentTarget.value)}
      />
      <Button type="submit" busy={busy}>
        {t('twoFactor.enrol.submit')}
      </Button>
    </form>
  );
}
