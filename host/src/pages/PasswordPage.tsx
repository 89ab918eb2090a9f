import { fetchRecruiterMe, signInWithPassword } from '@rec/api-client';
import { forgetSession, saveRealmProfile } from '@rec/stores';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { type FormEvent, useRef, useState } from 'react';
import { api } from '../api';
import { errorText } from '../error-text';
import { useT } from '../i18n';
import { navigate } from '../navigation';
import { ROLE_HOME, sameOriginPath } from '../router/rules';
import { browserStorageOrNull } from '../storage';
import { useTitle } from '../title';

/** /login/password?email=…: the password form (POST /auth/password/sign-in). */
export function PasswordPage({ query }: { query: URLSearchParams }) {
  const t = useT();
  useTitle(t('signIn.password.title'));
  const email = query.get('email') ?? '';
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!password) {
      setFieldError(t('signIn.errors.passwordRequired'));
      form.current?.querySelector('input')?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const answer = await signInWithPassword(api, { email, password });
      forgetSession();
      // Half signed in (issue 32): the code or the enrolment comes first, on its own page.
      if (answer.secondFactor) {
        navigate(sameOriginPath(answer.redirectTo, location.origin) ?? '/login');
        return;
      }
      let name = '';
      if (answer.user.type === 'recruiter') name = (await fetchRecruiterMe(api, ['name', 'fullName']).catch(() => null))?.fullName ?? '';
      const home = sameOriginPath(answer.redirectTo, location.origin) ?? ROLE_HOME[answer.user.type] ?? '/login';
      saveRealmProfile(browserStorageOrNull(), { email, name, type: 'password', callbackUrl: home, logo: null });
      navigate(sameOriginPath(query.get('redirect'), location.origin) ?? home);
    } catch (error) {
      setBusy(false);
      setFailure(errorText(t, error));
    }
  }

  return (
    <section className="auth-card" aria-labelledby="password-title">
      <h1 id="password-title">{t('signIn.password.title')}</h1>
      <p>{t('signIn.password.as', { email })}</p>
      <p>
        <a href="/login?forceLookup=1">{t('signIn.useAnotherEmail')}</a>
      </p>
      {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
      <form ref={form} noValidate onSubmit={submit}>
        {/* The email for password managers, not edited here. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={t('signIn.password.label')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={fieldError}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            {t('signIn.password.submit')}
          </Button>
        </div>
      </form>
      <p>
        <a href={`/login/recover?${new URLSearchParams({ email })}`}>{t('signIn.forgotPassword')}</a>
      </p>
      {/* A link, not a second button: a remembered account lands here, the passkey sign-in is on /login (issue 32). */}
      <p>
        <a href="/login?forceLookup=1">{t('signIn.passkey.title')}</a>
      </p>
    </section>
  );
}
