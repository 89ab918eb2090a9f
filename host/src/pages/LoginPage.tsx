import { type RealmProfile, readRealmProfiles } from '@rec/stores';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { type FormEvent, useMemo, useState } from 'react';
import { errorText } from '../error-text';
import { useT } from '../i18n';
import { navigate } from '../navigation';
import { browserStorageOrNull } from '../storage';
import { useTitle } from '../title';
import { discoverSso, startSso } from './sso/sso-api';
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

/** The text of a refused SSO sign-in the callback sent back (`?ssoError=`): known keys only. */
function ssoErrorText(t: ReturnType<typeof useT>, key: string | null): string | null {
  if (!key) return null;
  if (/^sso\.errors\.[A-Za-z]+$/.test(key)) return t(key);
  return key === 'errors.tooManyRequests' || key === 'errors.companySuspended' ? t(key) : t('sso.errors.failed');
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
  // Single sign-on (issue 32): the company whose IdP signs this e-mail in, once asked.
  const [ssoCompany, setSsoCompany] = useState<{ email: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(() => ssoErrorText(t, query.get('ssoError')));

  function checked(): string | null {
    const value = email.trim();
    const problem = !value ? t('signIn.errors.emailRequired') : !isEmail(value) ? t('signIn.errors.emailInvalid') : null;
    setError(problem);
    return problem ? null : value;
  }

  function go(method: Method) {
    const value = checked();
    if (value) navigate(nextStep(method, value, query));
  }

  /** The password path, unless the e-mail's domain signs in through its company's IdP. */
  async function continueWithEmail(event: FormEvent) {
    event.preventDefault();
    const value = checked();
    if (!value) return;
    setBusy(true);
    setFailure(null);
    // Discovery that fails (offline, too many requests) falls back to the password step.
    const answer = await discoverSso(value).catch(() => null);
    setBusy(false);
    if (answer?.company) setSsoCompany({ email: value, name: answer.company.name });
    else navigate(nextStep('password', value, query));
  }

  async function continueWithSso() {
    if (!ssoCompany) return;
    setBusy(true);
    setFailure(null);
    try {
      const redirect = query.get('redirect');
      const { authorizationUrl } = await startSso({ email: ssoCompany.email, ...(redirect ? { redirect } : {}) });
      // The company's identity provider: another origin, a full page load.
      location.assign(authorizationUrl);
    } catch (err) {
      setBusy(false);
      setFailure(errorText(t, err));
    }
  }

  if (ssoCompany) {
    return (
      <section className="auth-card" aria-labelledby="sso-title">
        <h1 id="sso-title">{t('sso.signIn.title')}</h1>
        <p>{t('sso.signIn.intro', { company: ssoCompany.name, email: ssoCompany.email })}</p>
        {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
        <div className="form-actions">
          <Button busy={busy} onClick={continueWithSso}>
            {t('sso.signIn.continueWith', { company: ssoCompany.name })}
          </Button>
        </div>
        <p>
          <a href={nextStep('password', ssoCompany.email, query)}>{t('sso.signIn.usePassword')}</a>
        </p>
        <p>
          <a
            href="/login?forceLookup=1"
            onClick={(event) => {
              event.preventDefault();
              setSsoCompany(null);
            }}
          >
            {t('signIn.useAnotherEmail')}
          </a>
        </p>
      </section>
    );
  }

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('signIn.title')}</h1>
      <p>{t('signIn.intro')}</p>
      {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
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
      <form noValidate onSubmit={continueWithEmail}>
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
          <Button type="submit" busy={busy}>
            {t('signIn.continueWithPassword')}
          </Button>
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
