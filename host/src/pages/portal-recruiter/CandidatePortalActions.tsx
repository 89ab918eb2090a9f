import { Button } from '@rec/ui';
import { useState } from 'react';
import { useT } from '../../i18n';
import { AppointmentSlotsDialog } from './AppointmentSlotsDialog';
import { PendingRequestDialog } from './PendingRequestDialog';

/**
 * The two recruiter actions of the candidate page that reach the candidate's portal: offer
 * appointment slots, ask for something. Self-contained so the candidate page only places it.
 */
export function CandidatePortalActions({ candidateId, applicationId, openingId }: { candidateId: string; applicationId: string; openingId?: string }) {
  const t = useT();
  const [dialog, setDialog] = useState<'appointment' | 'request' | null>(null);
  return (
    <div className="portal-actions">
      <Button variant="secondary" onClick={() => setDialog('appointment')}>
        {t('appointments.offer.open')}
      </Button>
      <Button variant="secondary" onClick={() => setDialog('request')}>
        {t('pendingRequests.create.open')}
      </Button>
      <AppointmentSlotsDialog open={dialog === 'appointment'} onClose={() => setDialog(null)} candidateId={candidateId} applicationId={applicationId} {...(openingId ? { openingId } : {})} />
      <PendingRequestDialog open={dialog === 'request'} onClose={() => setDialog(null)} candidateId={candidateId} applicationId={applicationId} {...(openingId ? { openingId } : {})} />
    </div>
  );
}
