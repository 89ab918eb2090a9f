import { requestMagicLink } from '@rec/api-client';
import { Button, MessageBlock } from '@rec/ui';
import { useState } from 'react';
import { api } from '../api';
import { errorText } from '../error-text';
import { useT } from '../i18n';
import { useTitle } from '../title';

/** /login/magic-link?email=…: sends a sign-in link (POST /auth/magic-link) and says to check the inbox. */
export function MagicLinkPage({ query }: { query: URLSearchParams }) {
  const t = useT();
  useTitle(t('signIn.magicLink.title'));
  const email = query.get('email') ?? '';
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  async function send() {
    setFailure(null);
    setState('sending');
    try {
      await requestMagicLink(api, email);
      setState('sent');
    } catch (error) {
      setState('idle');
      setFailure(errorText(t, error));
    }
  }

  return (
    <section className="auth-card" aria-labelledby="magic-title">
      <h1 id="magic-title">{t('signIn.magicLink.title')}</h1>
      <p>{t('signIn.magicLink.intro', { email })}</p>
      {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
      {state === 'sent' ? (
        <MessageBlock tone="success" title={t('signIn.magicLink.sentTitle')}>
          <p>{t('signIn.magicLink.sentText', { email })}</p>
        </MessageBlock>
      ) : null}
      <div className="form-actions">
        <Button onClick={send} busy={state === 'sending'} variant={state === 'sent' ? 'secondary' : 'primary'}>
          {t(state === 'sent' ? 'signIn.magicLink.resend' : 'signIn.magicLink.send')}
        </Button>
      </div>
      <p>
        <a href="/login?forceLookup=1">{t('signIn.useAnotherEmail')}</a>
      </p>
    </section>
  );
}
