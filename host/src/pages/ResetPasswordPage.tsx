import { resetPassword } from '@rec/api-client';
import { Button, MessageBlock } from '@rec/ui';
import { type FormEvent, useState } from 'react';
import { api } from '../api';
import { errorText } from '../error-text';
import { useT } from '../i18n';
import { useTitle } from '../title';
import { type NewPassword, NewPasswordFields, newPasswordErrors } from './NewPasswordFields';

/** /reset/{resetPasswordToken}: the session is already cleared (reset-session rule); choose a new password. */
export function ResetPasswordPage({ token }: { token: string }) {
  const t = useT();
  useTitle(t('signIn.reset.title'));
  const [value, setValue] = useState<NewPassword>({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<ReturnType<typeof newPasswordErrors>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = newPasswordErrors(value);
    setErrors(found);
    if (found.password || found.confirmation) return;
    setBusy(true);
    try {
      await resetPassword(api, { token, password: value.password });
      setDone(true);
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('signIn.reset.title')}</h1>
      {done ? (
        <MessageBlock tone="success" title={t('signIn.reset.doneTitle')}>
          <p>{t('signIn.reset.doneText')}</p>
          <p>
            <a href="/login?forceLookup=1">{t('signIn.backToSignIn')}</a>
          </p>
        </MessageBlock>
      ) : (
        <>
          {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
          <form noValidate onSubmit={submit}>
            <NewPasswordFields value={value} errors={errors} onChange={setValue} />
            <div className="form-actions">
              <Button type="submit" busy={busy}>
                {t('signIn.reset.submit')}
              </Button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
