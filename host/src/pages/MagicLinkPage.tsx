import { requestMagicLink } from '@rec/api-client';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { type FormEvent, useState } from 'react';
import { api } from '../api';
import { errorText } from '../error-text';
import { useT } from '../i18n';
import { useTitle } from '../title';

/** Why the candidate is here after following a link from a mail (issue 25): it was used already, or it expired. */
const SPENT_LINKS = { used: 'signIn.magicLink.usedTitle', expired: 'signIn.magicLink.expiredTitle' } as const;

/**
 * /login/magic-link?email=…: sends a sign-in link (POST /auth/magic-link) and says to check the
 * inbox. Reached from a used or expired link (`&link=used|expired`), it says what happened and
 * offers a new link to the prefilled, editable address as the one action (candidates have no password).
 */
export function MagicLinkPage({ query }: { query: URLSearchParams }) {
  const t = useT();
  useTitle(t('signIn.magicLink.title'));
  const spent = SPENT_LINKS[query.get('link') as keyof typeof SPENT_LINKS] as string | undefined;
  const [email, setEmail] = useState(query.get('email') ?? '');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  async function send(event?: FormEvent) {
    event?.preventDefault();
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
      {spent && state !== 'sent' ? (
        <MessageBlock tone="info" title={t(spent)}>
          <p>{t('signIn.magicLink.spentText')}</p>
        </MessageBlock>
      ) : null}
      <form onSubmit={send} noValidate>
        {spent ? (
          <TextField label={t('signIn.email')} type="email" name="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
        ) : (
          <p>{t('signIn.magicLink.intro', { email })}</p>
        )}
        {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
        {state === 'sent' ? (
          <MessageBlock tone="success" title={t('signIn.magicLink.sentTitle')}>
            <p>{t('signIn.magicLink.sentText', { email })}</p>
          </MessageBlock>
        ) : null}
        <div className="form-actions">
          <Button type="submit" busy={state === 'sending'} variant={state === 'sent' ? 'secondary' : 'primary'}>
            {t(state === 'sent' ? 'signIn.magicLink.resend' : spent ? 'signIn.magicLink.sendNew' : 'signIn.magicLink.send')}
          </Button>
        </div>
      </form>
      <p>
        <a href="/login?forceLookup=1">{t('signIn.useAnotherEmail')}</a>
      </p>
    </section>
  );
}
