import { errorKeyFromUnknown } from '@rec/api-client';
import { APPOINTMENT_MAX_SLOTS } from '@rec/core';
import { Button, Dialog, MessageBlock, TextField } from '@rec/ui';
import { useEffect, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { browserTimeZone, formatMoment } from '../portal/portal-api';
import { adoptPortalStyles } from '../portal/portal-styles';
import { localInputToIso, type RecruiterAppointment, recruiterPortalApi } from './recruiter-portal-api';

export interface AppointmentSlotsDialogProps {
  open: boolean;
  onClose: () => void;
  candidateId: string;
  applicationId: string;
  /** The opening the application is for (kept for the candidate page's refresh; not sent). */
  openingId?: string;
  onOffered?: () => void;
}

/**
 * The recruiter offers time slots (duration, place or video link, several slots, in their own
 * time zone); the candidate gets a mail with a link to pick one. Earlier offers are listed with
 * their state and can be cancelled (both sides get the cancellation).
 */
export function AppointmentSlotsDialog({ open, onClose, candidateId, applicationId, onOffered }: AppointmentSlotsDialogProps) {
  const t = useT();
  adoptPortalStyles();
  const [duration, setDuration] = useState('30');
  const [location, setLocation] = useState('');
  const [videoUrl, setVideoUrl] = useState('');
  const [slots, setSlots] = useState<string[]>(['', '']);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [offers, setOffers] = useState<RecruiterAppointment[]>([]);
  const timeZone = browserTimeZone();

  const reload = () =>
    recruiterPortalApi(api)
      .appointments(candidateId)
      .then((list) => setOffers(list.filter((item) => item.applicationId === applicationId)))
      .catch(() => setOffers([]));
  useEffect(() => {
    if (open) void reload();
  }, [open, candidateId, applicationId]);

  async function offer() {
    const isoSlots = slots.map(localInputToIso).filter((slot): slot is string => slot !== null);
    if (!isoSlots.length) {
      setStatus({ tone: 'error', text: t('appointments.offer.noSlot') });
      return;
    }
    setBusy(true);
    try {
      await recruiterPortalApi(api).offerAppointment(candidateId, { applicationId, durationMinutes: Number(duration), location, videoUrl, slots: isoSlots, timeZone });
      setStatus({ tone: 'success', text: t('appointments.offer.sent') });
      setSlots(['', '']);
      onOffered?.();
      void reload();
    } catch (error) {
      setStatus({ tone: 'error', text: t(errorKeyFromUnknown(error)) });
    } finally {
      setBusy(false);
    }
  }

  async function cancel(id: string) {
    setBusy(true);
    try {
      await recruiterPortalApi(api).cancelAppointment(id);
      setStatus({ tone: 'success', text: t('appointments.cancelled') });
      void reload();
    } catch (error) {
      setStatus({ tone: 'error', text: t(errorKeyFromUnknown(error)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={t('appointments.offer.title')}
      onClose={onClose}
      closeLabel={t('appointments.offer.close')}
      busy={busy}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('appointments.offer.close')}
          </Button>
          <Button onClick={() => void offer()} busy={busy}>
            {t('appointments.offer.send')}
          </Button>
        </>
      }
    >
      <div className="portal-form">
        <TextField label={t('appointments.offer.duration')} type="number" min={5} max={480} step={5} value={duration} onChange={(event) => setDuration(event.currentTarget.value)} />
        <TextField label={t('appointments.location')} value={location} maxLength={300} onChange={(event) => setLocation(event.currentTarget.value)} />
        <TextField label={t('appointments.video')} type="url" value={videoUrl} placeholder="https://" onChange={(event) => setVideoUrl(event.currentTarget.value)} />
      </div>
      <fieldset className="portal-slots">
        <legend>{t('appointments.offer.slots', { timeZone })}</legend>
        {slots.map((slot, index) => (
          <div key={index} className="portal-slot-row">
            <TextField
              label={t('appointments.offer.slot', { number: index + 1 })}
              type="datetime-local"
              value={slot}
              onChange={(event) => setSlots(slots.map((value, position) => (position === index ? event.currentTarget.value : value)))}
            />
            {slots.length > 1 ? (
              <Button variant="link" onClick={() => setSlots(slots.filter((_, position) => position !== index))}>
                {t('appointments.offer.removeSlot', { number: index + 1 })}
              </Button>
            ) : null}
          </div>
        ))}
        {slots.length < APPOINTMENT_MAX_SLOTS ? (
          <Button variant="secondary" onClick={() => setSlots([...slots, ''])}>
            {t('appointments.offer.addSlot')}
          </Button>
        ) : null}
      </fieldset>
      {status ? <MessageBlock tone={status.tone}>{status.text}</MessageBlock> : null}
      {offers.length ? (
        <section aria-label={t('appointments.offer.earlier')}>
          <h3>{t('appointments.offer.earlier')}</h3>
          <ul className="portal-list">
            {offers.map((item) => (
              <li key={item._id} className="portal-item">
                <span>
                  {item.status === 'BOOKED' && item.chosen ? t('appointments.booked', { when: formatMoment(item.chosen, $locale.get(), timeZone) }) : t(`appointments.statuses.${item.status}`)}
                </span>
                {item.status !== 'CANCELLED' ? (
                  <Button variant="secondary" busy={busy} onClick={() => void cancel(item._id)}>
                    {t('appointments.cancel')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Dialog>
  );
}
