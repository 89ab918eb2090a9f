import { isApiError } from '@rec/api-client';
import { checkRule } from '@rec/core/form-rules';
import { PASSWORD_MIN_LENGTH } from '@rec/core';
import { showToast } from '@rec/stores';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n';
import { useTitle } from '../../title';
import { rotatePassword } from './account-api';

type Field = 'current' | 'password' | 'confirmation';

/**
 * The errors of the form, by spec §5's rules: min length, `confirmed` (the repetition equals the
 * new password) and `differentPasswords` (the new one differs from the current one).
 */
export function passwordRotateErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.current) errors.current = 'passwordRotate.currentRequired';
  if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = 'errors.passwordTooShort';
  else if (!checkRule({ name: 'is_not', target: 'current' }, values.password, values)) errors.password = 'errors.differentPasswords';
  if (!checkRule({ name: 'confirmed', target: 'password' }, values.confirmation, values)) errors.confirmation = 'errors.confirmed';
  return errors;
}

/** settings/myaccount/password-rotate: current password, the new one twice; every other session ends. */
export default function PasswordRotatePage() {
  const t = useT();
  const heading = t('passwordRotate.title');
  useTitle(heading);
  const [values, setValues] = useState<Record<Field, string>>({ current: '', password: '', confirmation: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (event: { currentTarget: HTMLInputElement }) => setValues({ ...values, [field]: event.currentTarget.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = passwordRotateErrors(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await rotatePassword({ currentPassword: values.current, password: values.password, passwordConfirmation: values.confirmation });
      setDone(true);
      setValues({ current: '', password: '', confirmation: '' });
      showToast({ tone: 'success', title: 'passwordRotate.done' });
    } catch (error) {
      const key = isApiError(error) ? error.key : '';
      if (key === 'errors.currentPasswordWrong') setErrors({ current: key });
      else if (key === 'errors.confirmed') setErrors({ confirmation: key });
      else if (key === 'errors.differentPasswords' || key === 'errors.passwordTooShort') setErrors({ password: key });
      else setFailure(t('passwordRotate.failed'));
    } finally {
      setBusy(false);
    }
  }

  const text = (key: string | undefined) => (key ? t(key, { count: PASSWORD_MIN_LENGTH }) : null);
  return (
    <section aria-labelledby="password-rotate-title" className="account-page">
      <h1 id="password-rotate-title">{heading}</h1>
      <p>{t('passwordRotate.intro')}</p>
      {done ? <MessageBlock tone="success">{t('passwordRotate.done')}</MessageBlock> : null}
      {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
      <form onSubmit={submit} noValidate className="account-form">
        <TextField label={t('passwordRotate.current')} type="password" autoComplete="current-password" required value={values.current} error={text(errors.current)} onChange={set('current')} />
        <TextField
          label={t('passwordRotate.new')}
          hint={t('passwordRotate.hint', { count: PASSWORD_MIN_LENGTH })}
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          error={text(errors.password)}
          onChange={set('password')}
        />
        <TextField label={t('passwordRotate.repeat')} type="password" autoComplete="new-password" required value={values.confirmation} error={text(errors.confirmation)} onChange={set('confirmation')} />
        <Button type="submit" busy={busy}>
          {t('passwordRotate.submit')}
        </Button>
      </form>
      <p>
        <a href="/recruiter/settings/myaccount">{t('passwordRotate.back')}</a>
      </p>
    </section>
  );
}
