import { acceptInvitation, type Invitation, isApiError, linkInvitation } from '@rec/api-client';
import { forgetSession, saveRealmProfile } from '@rec/stores';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { type FormEvent, useState } from 'react';
import { api } from '../api';
import { errorText } from '../error-text';
import { useT } from '../i18n';
import { navigate } from '../navigation';
import { sameOriginPath } from '../router/rules';
import { browserStorageOrNull } from '../storage';
import { useTitle } from '../title';
import { type NewPassword, NewPasswordFields, newPasswordErrors } from './NewPasswordFields';

/** /invite/{invitationLink} while the invitation is pending: name and password, then the recruiter area. */
export function InvitationPage({ invitationLink, invitation }: { invitationLink: string; invitation: Invitation | undefined }) {
  // An e-mail that already has an account joins by signing in with it (issue 24, L7).
  if (invitation?.hasAccount) return <ExistingAccountInvitation invitationLink={invitationLink} invitation={invitation} />;
  return <NewAccountInvitation invitationLink={invitationLink} invitation={invitation} />;
}

/** The invited e-mail has an account: its password joins the team, nothing else is asked or changed. */
function ExistingAccountInvitation({ invitationLink, invitation }: { invitationLink: string; invitation: Invitation }) {
  const t = useT();
  useTitle(t('signIn.invitation.title'));
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setError(password ? null : 'signIn.errors.passwordRequired');
    if (!password) return;
    setBusy(true);
    try {
      const answer = await linkInvitation(api, { invitationLink, password });
      forgetSession();
      navigate(sameOriginPath(answer.redirectTo, location.origin) ?? '/recruiter');
    } catch (caught) {
      setBusy(false);
      if (isApiError(caught) && caught.status === 404) navigate('/message?messageKey=invitationExpired', { replace: true });
      else setFailure(errorText(t, caught));
    }
  }

  return (
    <section className="auth-card" aria-labelledby="invite-title">
      <h1 id="invite-title">{t('signIn.invitation.title')}</h1>
      <p>{t('signIn.invitation.existingAccount', { email: invitation.email ?? '', company: invitation.companyName ?? '' })}</p>
      {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
      <form noValidate onSubmit={submit}>
        <TextField
          label={t('signIn.invitation.existingPassword')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={error ? t(error) : null}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            {t('signIn.invitation.existingSubmit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function NewAccountInvitation({ invitationLink, invitation }: { invitationLink: string; invitation: Invitation | undefined }) {
  const t = useT();
  useTitle(t('signIn.invitation.title'));
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [secret, setSecret] = useState<NewPassword>({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<{ firstName?: string; lastName?: string; password?: string; confirmation?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = {
      ...newPasswordErrors(secret),
      ...(firstName.trim() ? {} : { firstName: 'signIn.errors.required' }),
      ...(lastName.trim() ? {} : { lastName: 'signIn.errors.required' }),
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const answer = await acceptInvitation(api, { invitationLink, firstName: firstName.trim(), lastName: lastName.trim(), password: secret.password });
      forgetSession();
      const target = sameOriginPath(answer.redirectTo, location.origin) ?? '/recruiter';
      if (invitation?.email) {
        saveRealmProfile(browserStorageOrNull(), { email: invitation.email, name: `${firstName.trim()} ${lastName.trim()}`, type: 'password', callbackUrl: target, logo: null });
      }
      navigate(target);
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.status === 404) navigate('/message?messageKey=invitationExpired', { replace: true });
      else setFailure(errorText(t, error));
    }
  }

  return (
    <section className="auth-card" aria-labelledby="invite-title">
      <h1 id="invite-title">{t('signIn.invitation.title')}</h1>
      <p>
        {invitation?.companyName ? t('signIn.invitation.intro', { company: invitation.companyName }) : t('signIn.invitation.introNoCompany')}
        {invitation?.email ? ` ${t('signIn.invitation.email', { email: invitation.email })}` : ''}
      </p>
      {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
      <form noValidate onSubmit={submit}>
        <TextField
          label={t('signIn.invitation.firstName')}
          name="given-name"
          autoComplete="given-name"
          required
          value={firstName}
          error={errors.firstName ? t(errors.firstName) : null}
          onChange={(event) => setFirstName(event.currentTarget.value)}
        />
        <TextField
          label={t('signIn.invitation.lastName')}
          name="family-name"
          autoComplete="family-name"
          required
          value={lastName}
          error={errors.lastName ? t(errors.lastName) : null}
          onChange={(event) => setLastName(event.currentTarget.value)}
        />
        <NewPasswordFields value={secret} errors={errors} onChange={setSecret} />
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            {t('signIn.invitation.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
