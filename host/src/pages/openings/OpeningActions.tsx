import { canDeleteOpening, isApiError, type OpeningResource } from '@rec/api-client';
import {
  archiveOpening,
  can,
  deleteOpening,
  type OpeningAction,
  openingActions,
  publishOpening,
  showErrorToast,
  showToast,
  unarchiveOpening,
} from '@rec/stores';
import { Button, Dialog, MessageBlock, MenuButton } from '@rec/ui';
import { useRef, useState } from 'react';
import { api } from '../../api';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { ExportDialog } from './ExportDialog';
import { boardPostingHref, mayPublishOnBoard } from './Visibility';

type Confirmation = 'archive' | 'unarchive' | 'delete';

/** The delete dialog first learns from the server whether deleting is possible (spec §4). */
type DeleteCheck = 'checking' | 'allowed' | 'unavailable';

export interface OpeningActionsProps {
  opening: OpeningResource;
  /** After an action changed the opening (list pages reload). */
  onChanged?: (action: OpeningAction, opening: OpeningResource | null) => void;
}

/**
 * The actions menu of one opening (spec §2 Opening actions): only the actions its state and
 * the recruiter's permissions allow; archive, unarchive and delete ask first in a modal dialog;
 * every outcome is a toast.
 */
export function OpeningActions({ opening, onChanged }: OpeningActionsProps) {
  const t = useT();
  const button = useRef<HTMLButtonElement | null>(null);
  const [confirming, setConfirming] = useState<Confirmation | null>(null);
  const [deleteCheck, setDeleteCheck] = useState<DeleteCheck>('checking');
  const [exporting, setExporting] = useState(false);
  const [busy, setBusy] = useState(false);
  /** Just published, and not on the career page yet: offer to put it there. */
  const [published, setPublished] = useState<OpeningResource | null>(null);
  const actions = openingActions(opening.status, (permission) => can(permission));
  const returnFocus = () => button.current;

  async function run<T>(work: () => Promise<T>, success: string): Promise<T | undefined> {
    setBusy(true);
    try {
      const result = await work();
      showToast({ tone: 'success', title: success, values: { title: opening.title } });
      return result;
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function startDelete() {
    setDeleteCheck('checking');
    setConfirming('delete');
    try {
      const answer = await canDeleteOpening(api, opening._id);
      setDeleteCheck(answer.canBeDeleted ? 'allowed' : 'unavailable');
    } catch (error) {
      setConfirming(null);
      showErrorToast(isApiError(error) ? error.key : null);
    }
  }

  function select(action: OpeningAction) {
    switch (action) {
      case 'edit':
        return navigate(`/recruiter/openings/${opening._id}/edit`);
      case 'duplicate':
        return navigate(`/recruiter/openings/create?${new URLSearchParams({ baseOpening: opening._id })}`);
      case 'createPosting':
        return navigate(`/recruiter/openings/${opening._id}/postings/create`);
      case 'export':
        return setExporting(true);
      case 'publish':
        return void run(() => publishOpening(api, opening._id), 'openings.toast.published').then((next) => {
          if (!next) return;
          onChanged?.('publish', next);
          // Publishing alone shows the opening nowhere: the career page needs a publication.
          if (mayPublishOnBoard(next)) setPublished(next);
        });
      case 'archive':
      case 'unarchive':
        return setConfirming(action);
      case 'delete':
        return void startDelete();
    }
  }

  async function confirm() {
    if (confirming === 'archive' || confirming === 'unarchive') {
      const action = confirming;
      const next = await run(() => (action === 'archive' ? archiveOpening(api, opening._id) : unarchiveOpening(api, opening._id)), `openings.toast.${action}d`);
      setConfirming(null);
      if (next) onChanged?.(action, next);
      return;
    }
    if (confirming === 'delete') {
      const outcome = await run(() => deleteOpening(api, opening._id), 'openings.toast.deleted');
      if (outcome && !outcome.deleted) {
        setDeleteCheck('unavailable');
        return;
      }
      setConfirming(null);
      if (outcome?.deleted) {
        onChanged?.('delete', null);
        navigate('/recruiter/openings');
      }
    }
  }

  const items = actions.map((action) => ({
    id: action,
    label: t(`openings.actions.${action}`),
    onSelect: () => select(action),
    ...(action === 'delete' ? { tone: 'danger' as const } : {}),
  }));

  const unavailable = confirming === 'delete' && deleteCheck === 'unavailable';
  const ready = confirming !== 'delete' || deleteCheck === 'allowed';

  return (
    <>
      <MenuButton label={t('openings.actions.menu', { title: opening.title })} items={items} buttonRef={button}>
        {t('openings.actions.button')}
      </MenuButton>
      {confirming ? (
        <Dialog
          open
          role="alertdialog"
          title={t(`openings.confirm.${confirming}.title`)}
          onClose={() => setConfirming(null)}
          closeLabel={t('openings.close')}
          returnFocus={returnFocus}
          busy={busy}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(null)} disabled={busy} data-autofocus="">
                {unavailable ? t('openings.close') : t('openings.cancel')}
              </Button>
              {unavailable ? null : (
                <Button onClick={confirm} busy={busy} disabled={!ready} className={confirming === 'delete' ? 'rec-button-danger' : undefined}>
                  {t(`openings.confirm.${confirming}.confirm`)}
                </Button>
              )}
            </>
          }
        >
          {confirming === 'delete' && deleteCheck === 'checking' ? (
            <p role="status">{t('openings.confirm.delete.checking')}</p>
          ) : unavailable ? (
            <MessageBlock tone="error" title={t('opening.deleteUnavailable')}>
              <p>{t('openings.confirm.delete.unavailableText')}</p>
            </MessageBlock>
          ) : (
            <p>{t(`openings.confirm.${confirming}.text`, { title: opening.title })}</p>
          )}
        </Dialog>
      ) : null}
      {published ? (
        <Dialog
          open
          title={t('visibility.afterPublishTitle', { title: published.title })}
          onClose={() => setPublished(null)}
          closeLabel={t('openings.close')}
          returnFocus={returnFocus}
          actions={
            <>
              <Button variant="secondary" onClick={() => setPublished(null)}>
                {t('visibility.later')}
              </Button>
              <a className="rec-button rec-button-primary" href={boardPostingHref(published._id)} data-autofocus="" onClick={() => setPublished(null)}>
                {t('visibility.publishOnBoard')}
              </a>
            </>
          }
        >
          <p>{t('visibility.afterPublishText')}</p>
        </Dialog>
      ) : null}
      {exporting ? <ExportDialog opening={opening} open onClose={() => setExporting(false)} returnFocus={returnFocus} /> : null}
    </>
  );
}
