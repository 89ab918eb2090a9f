import { errorKeyFromUnknown } from '@rec/api-client';
import { Button, Dialog, MessageBlock } from '@rec/ui';
import { useState } from 'react';
import { api } from '../../api';
import { useT } from '../../i18n';
import { portalApi } from './portal-api';

/**
 * "Withdraw this application" (issue 25): one application, not all the candidate's data. A
 * confirmation names what happens (the company sees it, the steps stop) before anything is sent.
 */
export function WithdrawApplication({ applicationId, title, companyName, onWithdrawn }: { applicationId: string; title: string; companyName: string; onWithdrawn: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function withdraw() {
    setBusy(true);
    setFailure(null);
    try {
      await portalApi(api).withdraw(applicationId);
      setOpen(false);
      onWithdrawn();
    } catch (error) {
      setFailure(errorKeyFromUnknown(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('portal.withdraw.button')}
      </Button>
      {open ? (
        <Dialog
          open
          role="alertdialog"
          title={t('portal.withdraw.title')}
          onClose={() => setOpen(false)}
          closeLabel={t('portal.withdraw.cancel')}
          busy={busy}
          actions={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy} data-autofocus="">
                {t('portal.withdraw.cancel')}
              </Button>
              <Button onClick={() => void withdraw()} busy={busy} className="rec-button-danger">
                {t('portal.withdraw.confirm')}
              </Button>
            </>
          }
        >
          <p>{t('portal.withdraw.text', { companyName, title })}</p>
          {failure ? <MessageBlock tone="error">{t(failure)}</MessageBlock> : null}
        </Dialog>
      ) : null}
    </>
  );
}
