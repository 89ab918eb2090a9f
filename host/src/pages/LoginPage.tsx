import { type RealmProfile, readRealmProfiles } from '@rec/stores';
import { Button, TextField } from '@rec/ui';
import { type FormEvent, useMemo, useState } from 'react';
import { useT } from '../i18n';
import { navigate } from '../navigation';
import { browserStorageOrNull } from '../storage';
import { useTitle } from '../title';
import { PasskeySignIn } from './two-factor/PasskeySignIn';
import { isEmail } from './validation';

type Method = 'password' | 'magic-link';

/** The query a sign-in step passes on (its `redirect`), with the chosen email. */
function nextStep(method: Method, email: string, query: URLSearchParams): string {
  const next = new URLSearchParams();
  const back = query.get('redirect');
  if (back) next.set('redirect', back);
  next.set('email', email);
  return `/login/${method}?${next}`;
}

/**
 * /login (and /login/recruiter): "continue as" a remembered account, or an email with the
 * choice of password or an emailed link (recruiters and admins use a password, applicants a link),
 * or a passkey alone (issue 32: the browser offers the passkeys it holds for this site).
 */
export function LoginPage({ query }: { query: URLSearchParams }) {
  const t = useT();
  useTitle(t('signIn.title'));
  const profiles = useMemo(() => readRealmProfiles(browserStorageOrNull()), []);
  const [email, setEmail] = useState(query.get('email') ?? '');
  const [error, setError] = useState<string | null>(null);

  function go(method: Method, event?: FormEvent) {
    event?.preventDefault();
    const value = email.trim();
    if (!value) return setError(t('signIn.errors.emailRequired'));
    if (!isEmail(value)) return setError(t('signIn.errors.emailInvalid'));
    setError(null);
    navigate(nextStep(method, value, query));
  }

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('signIn.title')}</h1>
      <p>{t('signIn.intro')}</p>
      {profiles.length ? (
        <section aria-labelledby="continue-as">
          <h2 id="continue-as">{t('signIn.continueAs')}</h2>
          <ul className="realm-profiles">
            {profiles.map((profile: RealmProfile) => (
              <li key={`${profile.type}:${profile.email}`}>
                <a className="realm-profile" href={nextStep(profile.type, profile.email, query)}>
                  <span className="realm-profile-name">{profile.name || profile.email}</span>
                  {profile.name ? <span className="realm-profile-email">{profile.email}</span> : null}
                  <span className="realm-profile-type">{t(profile.type === 'password' ? 'signIn.withPassword' : 'signIn.withLink')}</span>
                </a>
              </li>
            ))}
          </ul>
          <h2>{t('signIn.otherAccount')}</h2>
        </section>
      ) : null}
      <form noValidate onSubmit={(event) => go('password', event)}>
        <TextField
          label={t('signIn.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          error={error}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <div className="form-actions">
          <Button type="submit">{t('signIn.continueWithPassword')}</Button>
          <Button variant="secondary" onClick={() => go('magic-link')}>
            {t('signIn.continueWithLink')}
          </Button>
        </div>
      </form>
      <PasskeySignIn query={query} />
      <p>
        <a href="/login/recover">{t('signIn.forgotPassword')}</a>
      </p>
    </section>
  );
}
