import type { ShareableRecruiter } from '@rec/core/insights';
import { Button, Dialog, ProfilePicture, TextField } from '@rec/ui';
import { useId, useState } from 'react';
import { useT } from '../../i18n';
import { emittedSelection, initialSelection, searchRecruiters } from './share-selection';

export interface ShareDialogProps {
  recruiters: readonly ShareableRecruiter[];
  allowedRecruiters: readonly string[];
  meId: string;
  busy: boolean;
  /** Every change of the selection: the selection plus my id (spec §4). */
  onChange?: (allowed: string[]) => void;
  onSave: (allowed: string[]) => void;
  onClose: () => void;
}

const nameOf = (recruiter: ShareableRecruiter) => recruiter.fullName || recruiter.email;

/**
 * Spec §2 share dialog: a searchable multi-select of the company's recruiters without me, the
 * chosen ones as removable chips (profile picture and name, or e-mail without a name), and
 * "remove all users", disabled while nobody is chosen. The selector is 350 px wide.
 */
export function ShareDialog({ recruiters, allowedRecruiters, meId, busy, onChange, onSave, onClose }: ShareDialogProps) {
  const t = useT();
  const id = useId();
  const [selection, setSelection] = useState<string[]>(() => initialSelection(allowedRecruiters, meId));
  const [search, setSearch] = useState('');
  const options = searchRecruiters(recruiters, meId, search);
  const chosen = selection.map((recruiterId) => recruiters.find((recruiter) => recruiter._id === recruiterId)).filter((r): r is ShareableRecruiter => !!r);

  function select(next: string[]) {
    setSelection(next);
    onChange?.(emittedSelection(next, meId));
  }

  return (
    <Dialog
      open
      title={t('analytics.share.title')}
      onClose={onClose}
      closeLabel={t('analytics.close')}
      busy={busy}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('analytics.cancel')}
          </Button>
          <Button onClick={() => onSave(emittedSelection(selection, meId))} busy={busy}>
            {t('analytics.save')}
          </Button>
        </>
      }
    >
      <div className="analytics-share" style={{ width: 350 }}>
        <TextField label={t('analytics.share.search')} type="search" value={search} onChange={(event) => setSearch(event.currentTarget.value)} data-autofocus="" />
        <fieldset className="rec-fieldset">
          <legend id={`${id}-legend`}>{t('analytics.share.recruiters')}</legend>
          {options.length === 0 ? <p className="rec-field-hint">{t('analytics.share.noMatch')}</p> : null}
          <ul className="analytics-share-options">
            {options.map((recruiter) => (
              <li key={recruiter._id}>
                <label>
                  <input
                    type="checkbox"
                    checked={selection.includes(recruiter._id)}
                    onChange={(event) =>
                      select(event.currentTarget.checked ? [...selection, recruiter._id] : selection.filter((chosenId) => chosenId !== recruiter._id))
                    }
                  />
                  <ProfilePicture picture={recruiter.profilePictureUrl} alt="" size={24} />
                  <span>{nameOf(recruiter)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <p id={`${id}-chosen`} className="rec-field-label">
          {t('analytics.share.chosen', { n: chosen.length })}
        </p>
        <ul className="analytics-chips" aria-labelledby={`${id}-chosen`}>
          {chosen.map((recruiter) => (
            <li key={recruiter._id} className="analytics-chip">
              <ProfilePicture picture={recruiter.profilePictureUrl} alt="" size={24} />
              <span>{nameOf(recruiter)}</span>
              <button
                type="button"
                aria-label={t('analytics.share.removeOne', { name: nameOf(recruiter) })}
                onClick={() => select(selection.filter((chosenId) => chosenId !== recruiter._id))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
        <Button variant="secondary" onClick={() => select([])} disabled={selection.length === 0}>
          {t('analytics.share.removeAll')}
        </Button>
      </div>
    </Dialog>
  );
}
