import { isApiError } from '@rec/api-client';
import type { AppointmentView } from '@rec/core';
import { Button, MessageBlock } from '@rec/ui';
import { useEffect, useRef, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { useTitle } from '../../title';
import { browserTimeZone, formatMoment, portalApi } from './portal-api';
import { adoptPortalStyles } from './portal-styles';
import { useLoad } from './use-load';

/**
 * /applicant/appointments/{token}: the candidate picks one of the offered slots (shown in their
 * own time zone and language), and may cancel or pick another later with the same link.
 */
export default function AppointmentPage({ token }: { token: string }) {
  const t = useT();
  adoptPortalStyles();
  useTitle(t('appointments.title'));
  const loaded = useLoad(() => portalApi(api).appointment(token), [token]);
  const [view, setView] = useState<AppointmentView | null>(null);
  const [choice, setChoice] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const timeZone = browserTimeZone();
  const locale = $locale.get();
  const statusRef = useRef<HTMLDivElement>(null);

  // The answer to the candidate's booking is read where they are: on a phone it sits below the
  // slots, out of sight, so it is scrolled into view and takes the focus (issue 25).
  useEffect(() => {
    if (!status) return;
    statusRef.current?.scrollIntoView?.({ block: 'center' });
    statusRef.current?.focus({ preventScroll: true });
  }, [status]);

  useEffect(() => {
    if (loaded.data) {
      setView(loaded.data);
      setChoice(loaded.data.chosen ?? '');
    }
  }, [loaded.data]);

  if (loaded.error) {
    return (
      <section className="portal" aria-labelledby="appointment-title">
        <h1 id="appointment-title">{t('appointments.title')}</h1>
        <MessageBlock tone="error">{t(loaded.error === 'errors.notFound' ? 'appointments.notFound' : loaded.error)}</MessageBlock>
      </section>
    );
  }
  if (!view) return <p role="status">{t('portal.loading')}</p>;

  async function act(action: () => Promise<AppointmentView>, done: (next: AppointmentView) => string) {
    setBusy(true);
    try {
      const next = await action();
      setView(next);
      setStatus({ tone: 'success', text: done(next) });
    } catch (error) {
      setStatus({ tone: 'error', text: isApiError(error) ? t(error.key) : t('appointments.failed') });
    } finally {
      setBusy(false);
    }
  }
  const when = (iso: string) => formatMoment(iso, locale, timeZone);
  const now = Date.now();
  const open = view.slots.filter((slot) => new Date(slot).getTime() > now);

  return (
    <section className="portal" aria-labelledby="appointment-title">
      <header>
        <h1 id="appointment-title">{t('appointments.title')}</h1>
        <p className="portal-meta">{t('appointments.about', { openingTitle: view.openingTitle, companyName: view.companyName })}</p>
      </header>
      <section className="portal-card" aria-labelledby="appointment-details">
        <h2 id="appointment-details">{t('appointments.details')}</h2>
        <dl className="portal-data">
          <dt>{t('appointments.duration')}</dt>
          <dd>{t('appointments.minutes', { number: view.durationMinutes })}</dd>
          {view.location ? (
            <>
              <dt>{t('appointments.location')}</dt>
              <dd>{view.location}</dd>
            </>
          ) : null}
          {view.videoUrl ? (
            <>
              <dt>{t('appointments.video')}</dt>
              <dd>
                <a href={view.videoUrl} rel="noopener noreferrer" target="_blank">
                  {view.videoUrl}
                </a>
              </dd>
            </>
          ) : null}
          <dt>{t('appointments.status')}</dt>
          <dd>{view.status === 'BOOKED' && view.chosen ? t('appointments.booked', { when: when(view.chosen) }) : t(`appointments.statuses.${view.status}`)}</dd>
        </dl>
        <p className="portal-meta">{t('appointments.timeZone', { timeZone })}</p>
      </section>
      {view.status !== 'CANCELLED' ? (
        <form
          className="portal-card"
          aria-labelledby="appointment-choose"
          onSubmit={(event) => {
            event.preventDefault();
            if (choice) void act(() => portalApi(api).book(token, choice, timeZone), (next) => t('appointments.confirmed', { when: when(next.chosen ?? choice) }));
          }}
        >
          <h2 id="appointment-choose">{view.status === 'BOOKED' ? t('appointments.rebook') : t('appointments.choose')}</h2>
          {open.length === 0 ? (
            <p>{t('appointments.noSlots')}</p>
          ) : (
            <fieldset className="portal-slots">
              <legend>{t('appointments.slots')}</legend>
              {open.map((slot) => (
                <label key={slot} className="portal-slot">
                  <input type="radio" name="slot" value={slot} checked={choice === slot} onChange={() => setChoice(slot)} />
                  <span>{when(slot)}</span>
                </label>
              ))}
            </fieldset>
          )}
          <div className="portal-actions">
            <Button type="submit" busy={busy} disabled={!choice || choice === view.chosen}>
              {t('appointments.book')}
            </Button>
            {view.status === 'BOOKED' ? (
              <Button variant="secondary" busy={busy} onClick={() => void act(() => portalApi(api).cancel(token), () => t('appointments.cancelled'))}>
                {t('appointments.cancel')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
      {status ? (
        <div ref={statusRef} tabIndex={-1} className="portal-status-message" data-testid="appointment-status">
          <MessageBlock tone={status.tone}>{status.text}</MessageBlock>
        </div>
      ) : null}
    </section>
  );
}
