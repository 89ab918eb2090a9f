import { forgetSession } from '@rec/stores';
import { Button, MessageBlock } from '@rec/ui';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useMemo, useState } from 'react';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { sameOriginPath } from '../../router/rules';
import { passkeyErrorKey, passkeySignIn } from './passkey-api';

/**
 * "Sign in with a passkey" (issue 32), on /login and on the password page a remembered account
 * leads to: the browser offers the passkeys it holds for this site, and the passkey alone (with
 * the device's PIN or biometrics) signs in completely. Hidden where the browser has no WebAuthn.
 */
export function PasskeySignIn({ query }: { query: URLSearchParams }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = useMemo(() => browserSupportsWebAuthn(), []);
  if (!supported) return null;

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const answer = await passkeySignIn();
      forgetSession();
      navigate(sameOriginPath(query.get('redirect'), location.origin) ?? sameOriginPath(answer.redirectTo, location.origin) ?? '/recruiter');
    } catch (failure) {
      setBusy(false);
      setError(t(passkeyErrorKey(failure)));
    }
  }

  return (
    <section aria-labelledby="passkey-sign-in-title" className="passkey-sign-in">
      <h2 id="passkey-sign-in-title">{t('signIn.passkey.title')}</h2>
      <p>{t('signIn.passkey.intro')}</p>
      {error ? <MessageBlock tone="error">{error}</MessageBlock> : null}
      <Button type="button" variant="secondary" busy={busy} onClick={signIn}>
        {t('signIn.passkey.submit')}
      </Button>
    </section>
  );
}
