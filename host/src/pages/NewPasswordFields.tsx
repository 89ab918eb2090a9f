import { TextField } from '@rec/ui';
import { useT } from '../i18n';
import { PASSWORD_MIN_LENGTH } from './validation';

export interface NewPassword {
  password: string;
  confirmation: string;
}

/** Errors of a new password pair: min length, and the confirmation equal to it. */
export function newPasswordErrors(value: NewPassword): { password?: string; confirmation?: string } {
  const errors: { password?: string; confirmation?: string } = {};
  if (value.password.length < PASSWORD_MIN_LENGTH) errors.password = 'signIn.errors.passwordTooShort';
  if (value.confirmation !== value.password) errors.confirmation = 'signIn.errors.passwordsDiffer';
  return errors;
}

/** A new password and its confirmation. */
export function NewPasswordFields({
  value,
  errors,
  onChange,
}: {
  value: NewPassword;
  errors: { password?: string | undefined; confirmation?: string | undefined };
  onChange: (value: NewPassword) => void;
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('signIn.newPassword.label')}
        hint={t('signIn.newPassword.hint', { count: PASSWORD_MIN_LENGTH })}
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        value={value.password}
        error={errors.password ? t(errors.password, { count: PASSWORD_MIN_LENGTH }) : null}
        onChange={(event) => onChange({ ...value, password: event.currentTarget.value })}
      />
      <TextField
        label={t('signIn.newPassword.confirm')}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        value={value.confirmation}
        error={errors.confirmation ? t(errors.confirmation) : null}
        onChange={(event) => onChange({ ...value, confirmation: event.currentTarget.value })}
      />
    </>
  );
}
