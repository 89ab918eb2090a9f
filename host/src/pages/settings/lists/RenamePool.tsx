import { TALENT_POOL_NAME_MAX, type TalentPool } from '@rec/core';
import { Button } from '@rec/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../i18n';

/** A pool's rename button, which turns into a small labelled form (Escape cancels). */
export function RenamePool({ pool, busy, onRename }: { pool: TalentPool; busy: boolean; onRename: (name: string) => Promise<boolean> }) {
  const t = useT();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(pool.name);
  const field = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  // The field takes focus when the recruiter asked to rename; the button gets it back after.
  useEffect(() => {
    if (editing) field.current?.focus();
    else if (opened.current) button.current?.focus();
    opened.current = editing;
  }, [editing]);
  if (!editing) {
    return (
      <button
        ref={button}
        type="button"
        className="rec-button rec-button-secondary"
        disabled={busy}
        aria-label={t('talentPools.renameNamed', { name: pool.name })}
        onClick={() => setEditing(true)}
      >
        {t('talentPools.rename')}
      </button>
    );
  }
  return (
    <form
      className="settings-inline-form"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await onRename(name)) setEditing(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setEditing(false);
      }}
    >
      <label htmlFor={id}>{t('talentPools.newName')}</label>
      <input id={id} value={name} required maxLength={TALENT_POOL_NAME_MAX} ref={field} onChange={(event) => setName(event.currentTarget.value)} />
      <Button type="submit" busy={busy}>
        {t('talentPools.save')}
      </Button>
      <Button variant="secondary" onClick={() => setEditing(false)}>
        {t('talentPools.cancel')}
      </Button>
    </form>
  );
}
