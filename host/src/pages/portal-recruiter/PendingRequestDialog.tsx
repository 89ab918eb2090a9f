import { errorKeyFromUnknown } from '@rec/api-client';
import { PENDING_REQUEST_KINDS, type PendingRequestKind } from '@rec/core';
import { Button, Dialog, MessageBlock } from '@rec/ui';
import { useId, useState } from 'react';
import { api } from '../../api';
import { useT } from '../../i18n';
import { adoptPortalStyles } from '../portal/portal-styles';
import { recruiterPortalApi } from './recruiter-portal-api';

export interface PendingRequestDialogProps {
  open: boolean;
  onClose: () => void;
  candidateId: string;
  applicationId: string;
  /** The opening the application is for (kept for the candidate page's refresh; not sent). */
  openingId?: string;
  onSent?: () => void;
}

/**
 * The recruiter asks the candidate for something (complete a step, book an appointment, send a
 * document): the candidate sees it in their portal and gets a mail with a link that signs them in.
 */
export function PendingRequestDialog({ open, onClose, candidateId, applicationId, onSent }: PendingRequestDialogProps) {
  const t = useT();
  adoptPortalStyles();
  const kindId = useId();
  const messageId = useId();
  const [kind, setKind] = useState<PendingRequestKind>('step');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function send() {
    setBusy(true);
    try {
      await recruiterPortalApi(api).sendRequest(candidateId, { applicationId, kind, message });
      setStatus({ tone: 'success', text: t('pendingRequests.create.sent') });
      setMessage('');
      onSent?.();
    } catch (error) {
      setStatus({ tone: 'error', text: t(errorKeyFromUnknown(error)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={t('pendingRequests.create.title')}
      onClose={onClose}
      closeLabel={t('pendingRequests.create.close')}
      busy={busy}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('pendingRequests.create.close')}
          </Button>
          <Button onClick={() => void send()} busy={busy}>
            {t('pendingRequests.create.send')}
          </Button>
        </>
      }
    >
      <div className="portal-form">
        <div className="rec-field">
          <label htmlFor={kindId} className="rec-field-label">
            {t('pendingRequests.create.kind')}
          </label>
          <select id={kindId} className="rec-input" value={kind} onChange={(event) => setKind(event.currentTarget.value as PendingRequestKind)}>
            {PENDING_REQUEST_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`pendingRequests.kinds.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="rec-field">
          <label htmlFor={messageId} className="rec-field-label">
            {t('pendingRequests.create.message')}
          </label>
          <textarea id={messageId} className="rec-input" rows={4} maxLength={2000} value={message} onChange={(event) => setMessage(event.currentTarget.value)} />
        </div>
      </div>
      {status ? <MessageBlock tone={status.tone}>{status.text}</MessageBlock> : null}
    </Dialog>
  );
}
