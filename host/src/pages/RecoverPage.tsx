import { requestPasswordRecovery } from '@rec/api-client';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { type FormEvent, useState } from 'react';
import { api } from '../api';
import { errorText } from '../error-text';
import { useT } from '../i18n';
import { useTitle } from '../title';
import { isEmail } from './validation';

/** /login/recover: asks for a link to choose a new password (POST /auth/password/recover). */
export function RecoverPage({ query }: { query: URLSearchParams }) {
  const t = useT();
  useTitle(t('signIn.recover.title'));
  const [email, setEmail] = useState(query.get('email') ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const value = email.trim();
    if (!value) return setFieldError(t('signIn.errors.emailRequired'));
    if (!isEmail(value)) return setFieldError(t('signIn.errors.emailInvalid'));
    setFieldError(null);
    setBusy(true);
    try {
      await requestPasswordRecovery(api, value);
      setSentTo(value);
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="auth-card" aria-labelledby="recover-title">
      <h1 id="recover-title">{t('signIn.recover.title')}</h1>
      <p>{t('signIn.recover.intro')}</p>
      {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
      {sentTo ? (
        <MessageBlock tone="success" title={t('signIn.magicLink.sentTitle')}>
          <p>{t('signIn.recover.sent', { email: sentTo })}</p>
        </MessageBlock>
      ) : null}
      <form noValidate onSubmit={submit}>
        <TextField
          label={t('signIn.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          error={fieldError}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            {t('signIn.recover.submit')}
          </Button>
        </div>
      </form>
      <p>
        <a href="/login?forceLookup=1">{t('signIn.backToSignIn')}</a>
      </p>
    </section>
  );
}
