import { isApiError } from '@rec/api-client';
import type { AccountSession } from '@rec/core';
import { showErrorToast, showToast } from '@rec/stores';
import { Button, Loading, MessageBlock } from '@rec/ui';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { useTitle } from '../../title';
import { endOtherSessions, endSession, fetchOwnSessions } from './account-api';

type State = { status: 'loading' } | { status: 'ready'; sessions: AccountSession[] } | { status: 'error' };

/** settings/security: the recruiter's active sessions (device, last use); sign out one, or all but this one. */
export default function SecurityPage() {
  const t = useT();
  const heading = t('sessions.title');
  useTitle(heading);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const when = (iso: string) => new Date(iso).toLocaleString(document.documentElement.lang || 'en', { dateStyle: 'short', timeStyle: 'short' });

  const reload = useCallback(async () => {
    try {
      setState({ status: 'ready', sessions: await fetchOwnSessions() });
    } catch {
      setState({ status: 'error' });
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  async function end(session: AccountSession) {
    setBusy(session._id);
    try {
      await endSession(session._id);
      if (session.current) return navigate('/login');
      showToast({ tone: 'success', title: 'sessions.ended' });
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
    } finally {
      setBusy(null);
    }
    await reload();
  }

  async function endOthers() {
    setBusy('others');
    try {
      const { ended } = await endOtherSessions();
      showToast({ tone: 'success', title: 'sessions.endedOthers', values: { count: ended } });
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
    } finally {
      setBusy(null);
    }
    await reload();
  }

  return (
    <section aria-labelledby="sessions-title" className="account-page">
      <h1 id="sessions-title">{heading}</h1>
      <p>{t('sessions.intro')}</p>
      {state.status === 'loading' ? <Loading label={t('sessions.loading')} /> : null}
      {state.status === 'error' ? <MessageBlock tone="error">{t('sessions.loadError')}</MessageBlock> : null}
      {state.status === 'ready' ? (
        <>
          <ul className="sessions-list">
            {state.sessions.map((session) => {
              const device = session.device ?? t('sessions.unknownDevice');
              return (
                <li key={session._id} className="sessions-item">
                  <div>
                    <p className="sessions-device">
                      {device}
                      {session.current ? <span className="sessions-current"> · {t('sessions.current')}</span> : null}
                    </p>
                    <p className="rec-field-hint">
                      {t('sessions.lastUsed', { date: when(session.lastSeenAt) })} · {t('sessions.signedIn', { date: when(session.createdAt) })}
                    </p>
                  </div>
                  <Button variant="secondary" busy={busy === session._id} onClick={() => end(session)} aria-label={t('sessions.signOutNamed', { device })}>
                    {t('sessions.signOut')}
                  </Button>
                </li>
              );
            })}
          </ul>
          <Button onClick={endOthers} busy={busy === 'others'} disabled={state.sessions.every((session) => session.current)}>
            {t('sessions.signOutOthers')}
          </Button>
        </>
      ) : null}
    </section>
  );
}
