import { errorKeyFromUnknown } from '@rec/api-client';
import { REJECTION_REASONS, type RejectionReason } from '@rec/core/pipeline';
import { showErrorToast, showToast } from '@rec/stores';
import { Button, Dialog, TextField } from '@rec/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useT } from '../../../i18n';
import { SelectField } from '../../openings/shared';
import { bulkReject, fetchRejectionMail, rejectApplication } from '../pipeline-api';
import { adoptPipelineStyles } from '../pipeline-styles';

export interface RejectDialogProps {
  openingId: string;
  applicationIds: readonly string[];
  open: boolean;
  onClose: () => void;
  /** After the rejection went through (the dialog has closed). */
  onDone: () => void;
  /** The candidate's name (one application): shown in the title. */
  candidateName?: string;
  returnFocus?: () => HTMLElement | null | undefined;
}

/**
 * Rejecting: a reason (a code, translated) and optionally a mail to the candidate. For one
 * candidate the default mail comes prefilled in the candidate's language and may be edited; for
 * several, each gets the default mail in their own language.
 */
export function RejectDialog({ openingId, applicationIds, open, onClose, onDone, candidateName, returnFocus }: RejectDialogProps) {
  const t = useT();
  adoptPipelineStyles();
  const id = useId();
  const single = applicationIds.length === 1 ? applicationIds[0] : undefined;
  const [reason, setReason] = useState<RejectionReason | ''>('');
  const [sendMail, setSendMail] = useState(true);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [mailLanguage, setMailLanguage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setReason('');
    setSendMail(true);
    setError(null);
    setSubject('');
    setBody('');
    setMailLanguage('');
    if (!single) return;
    let live = true;
    fetchRejectionMail(openingId, single).then(
      (draft) => {
        if (!live) return;
        setSubject(draft.subject);
        setBody(draft.body);
        setMailLanguage(draft.language);
      },
      (failure: unknown) => live && setError(errorKeyFromUnknown(failure)),
    );
    return () => {
      live = false;
    };
  }, [open, openingId, single]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setError('decisions.reasonRequired');
      return;
    }
    if (single && sendMail && (!subject.trim() || !body.trim())) {
      setError('decisions.mailRequired');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (single) {
        const answer = await rejectApplication(openingId, single, { reason, ...(sendMail ? { mail: { subject, body } } : {}) });
        if (sendMail && answer.mailSent === false) showToast({ tone: 'error', title: 'decisions.mailFailed' });
      } else {
        await bulkReject(openingId, applicationIds, { reason, ...(sendMail ? { defaultMail: true } : {}) });
      }
      showToast({ tone: 'success', title: 'decisions.rejected', values: { count: applicationIds.length } });
      onClose();
      onDone();
    } catch (failure) {
      const key = errorKeyFromUnknown(failure);
      setError(key);
      showErrorToast(key);
    } finally {
      setBusy(false);
    }
  }

  const title = candidateName ? t('decisions.rejectTitleOne', { name: candidateName }) : t('decisions.rejectTitleMany', { count: applicationIds.length });
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      closeLabel={t('decisions.close')}
      busy={busy}
      {...(returnFocus ? { returnFocus } : {})}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            {t('decisions.cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} variant="primary" className="rec-button-danger" busy={busy}>
            {t('decisions.reject')}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="reject-form" onSubmit={submit} noValidate>
        <SelectField
          label={t('decisions.reason')}
          required
          data-autofocus
          value={reason}
          onChange={(event) => setReason(event.target.value as RejectionReason | '')}
          options={[{ value: '', label: t('decisions.chooseReason') }, ...REJECTION_REASONS.map((code) => ({ value: code, label: t(`decisions.reasons.${code}`) }))]}
        />
        <label className="reject-send">
          <input type="checkbox" checked={sendMail} onChange={(event) => setSendMail(event.target.checked)} />
          {single ? t('decisions.sendMail') : t('decisions.sendDefaultMails')}
        </label>
        {single && sendMail ? (
          <fieldset className="reject-mail">
            <legend>{mailLanguage ? t('decisions.mailIn', { language: mailLanguage.toUpperCase() }) : t('decisions.mail')}</legend>
            <TextField label={t('decisions.subject')} value={subject} onChange={(event) => setSubject(event.target.value)} maxLength={200} />
            <div className="rec-field">
              <label htmlFor={`${id}-body`} className="rec-field-label">
                {t('decisions.body')}
              </label>
              <textarea id={`${id}-body`} className="rec-input reject-body" rows={9} value={body} onChange={(event) => setBody(event.target.value)} maxLength={10000} />
            </div>
          </fieldset>
        ) : null}
        {error ? (
          <p className="reject-error" role="alert">
            {t(error)}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
