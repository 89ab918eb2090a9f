import { Button, Dialog, TextField } from '@rec/ui';
import { useId, useState } from 'react';
import { useT } from '../../i18n';
import type { AdminCompanyRow } from './admin-api';

/**
 * Suspending a company signs all its recruiters out and takes its career site and offers offline at
 * once (issue 26): the dialog says so, and the admin types the company's name to confirm, so a
 * slip of the mouse on a long list cannot take a customer offline. Undo is offered afterwards.
 */
export function SuspendDialog({
  company,
  onConfirm,
  onClose,
  returnFocus,
}: {
  company: AdminCompanyRow;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
}) {
  const t = useT();
  const describedBy = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const matches = typed.trim() === company.name.trim();
  return (
    <Dialog
      open
      role="alertdialog"
      title={t('adminCompanies.confirm.title', { name: company.name })}
      onClose={onClose}
      closeLabel={t('adminCompanies.confirm.cancel')}
      returnFocus={returnFocus}
      busy={busy}
      describedBy={describedBy}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('adminCompanies.confirm.cancel')}
          </Button>
          <Button
            disabled={!matches || busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('adminCompanies.confirm.submit', { name: company.name })}
          </Button>
        </>
      }
    >
      <div id={describedBy}>
        <p>{t('adminCompanies.confirm.consequences')}</p>
        <ul>
          <li>{t('adminCompanies.confirm.signOut', { count: company.recruiters.length })}</li>
          <li>{t('adminCompanies.confirm.offline')}</li>
          <li>{t('adminCompanies.confirm.kept')}</li>
        </ul>
      </div>
      <TextField label={t('adminCompanies.confirm.typeName', { name: company.name })} value={typed} autoComplete="off" spellCheck={false} onChange={(event) => setTyped(event.currentTarget.value)} data-autofocus="" />
    </Dialog>
  );
}
