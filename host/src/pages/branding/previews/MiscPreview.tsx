import { Button, Dialog, ErrorMessage, Loading, MenuButton, MessageBlock, PoweredBy, Toaster, type ToastView } from '@rec/ui';
import { useState } from 'react';
import { StatusBadge } from '../../openings/shared';
import { PreviewGroup, Specimen } from './PreviewFrame';
import type { PreviewProps } from './preview-props';
import { ShadowPreview } from './ShadowPreview';

const GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(18rem, 1fr))', gap: '1.5rem', alignItems: 'start' } as const;

/** Sample toasts: one of each tone, the information with an action (as the new-version toast has). */
const TOASTS: readonly ToastView[] = [
  { id: 1, tone: 'success', title: 'brandingPreview.sample.toasts.saved', message: 'brandingPreview.sample.toasts.savedDetail' },
  { id: 2, tone: 'error', title: 'genericErrorTitle', message: 'brandingPreview.sample.toasts.failedDetail' },
  { id: 3, tone: 'info', title: 'toasts.newVersion', message: 'toasts.newVersionDetail', action: { label: 'toasts.reload', run: () => undefined } },
];

/** The dialog is modal (the rest of the page goes inert), so it opens from a button rather than standing open. */
function DialogSpecimen({ t }: PreviewProps) {
  const [open, setOpen] = useState(false);
  const s = (key: string) => t(`brandingPreview.sample.dialog.${key}`);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {s('open')}
      </Button>
      <Dialog
        open={open}
        title={s('title')}
        closeLabel={t('brandingPreview.sample.dialog.close')}
        onClose={() => setOpen(false)}
        role="alertdialog"
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('brandingPreview.sample.buttons.cancel')}
            </Button>
            <Button onClick={() => setOpen(false)}>{s('confirm')}</Button>
          </>
        }
      >
        <p>{s('text')}</p>
      </Dialog>
    </>
  );
}

/**
 * MISC: the small components. In the widgets (branded): loading, error with and without retry,
 * powered-by. In the back-office: toasts, menu, dialog, status badges, message blocks.
 */
export function MiscPreview(props: PreviewProps) {
  const { t } = props;
  const s = (key: string) => t(`brandingPreview.sample.${key}`);
  return (
    <>
      <PreviewGroup title={t('brandingPreview.groups.widgetMisc')} note={t('brandingPreview.notes.widgetMisc')}>
        <ShadowPreview label="widget-misc">
          <div style={GRID}>
            <Specimen label={t('brandingPreview.states.loading')}>
              <Loading label={t('offerPage.loading')} />
            </Specimen>
            <Specimen label={t('brandingPreview.states.errorRetry')}>
              <ErrorMessage title={t('genericErrorTitle')} message={t('genericErrorMessage')} retryLabel={t('common.retry')} onRetry={() => undefined} />
            </Specimen>
            <Specimen label={t('brandingPreview.states.error')}>
              <ErrorMessage title={t('messageKeys.closedJob.title')} message={t('messageKeys.closedJob.text')} />
            </Specimen>
            <Specimen label={t('brandingPreview.states.poweredBy')}>
              <PoweredBy t={t} href="https://www.example.com/" />
            </Specimen>
          </div>
        </ShadowPreview>
      </PreviewGroup>
      <PreviewGroup title={t('brandingPreview.groups.backOfficeMisc')} note={t('brandingPreview.notes.backOffice')}>
        <ShadowPreview styles="back-office" label="back-office-misc">
          <div style={GRID}>
            <Specimen label={t('brandingPreview.states.toasts')}>
              <Toaster toasts={TOASTS} onClose={() => undefined} t={t} closeLabel={t('toasts.close')} />
            </Specimen>
            <div style={{ display: 'grid', gap: '1rem' }}>
              <Specimen label={t('brandingPreview.states.menu')}>
                <MenuButton
                  label={s('buttons.actions')}
                  items={[
                    { id: 'edit', label: s('buttons.edit'), onSelect: () => undefined },
                    { id: 'duplicate', label: s('buttons.duplicate'), onSelect: () => undefined },
                    { id: 'delete', label: s('buttons.delete'), onSelect: () => undefined, tone: 'danger' },
                  ]}
                />
              </Specimen>
              <Specimen label={t('brandingPreview.states.dialog')}>
                <DialogSpecimen {...props} />
              </Specimen>
              <Specimen label={t('brandingPreview.states.badges')}>
                <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
                  <StatusBadge status="DRAFT" />
                  <StatusBadge status="PUBLISHED" />
                  <StatusBadge status="ARCHIVED" />
                </div>
              </Specimen>
            </div>
            <Specimen label={t('brandingPreview.states.messages')}>
              <MessageBlock tone="info" title={s('messages.infoTitle')}>
                <p>{s('messages.info')}</p>
              </MessageBlock>
              <MessageBlock tone="success" title={s('messages.successTitle')}>
                <p>{s('messages.success')}</p>
              </MessageBlock>
            </Specimen>
          </div>
        </ShadowPreview>
      </PreviewGroup>
    </>
  );
}
