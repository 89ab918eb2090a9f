import { addCandidateNote } from '@rec/api-client/candidate-review';
import { isApiError } from '@rec/api-client';
import { type CandidateNotes, mentionedIn, mentionQueryAt, mentionText, NOTE_MAX_LENGTH, type Person } from '@rec/core/candidate-review';
import { showErrorToast, showToast } from '@rec/stores';
import { Button } from '@rec/ui';
import { forwardRef, type KeyboardEvent, useId, useState } from 'react';
import { api } from '../../api';
import { useT } from '../../i18n';
import { formatDateTime } from './format';

interface NotesSectionProps {
  openingId: string;
  candidateId: string;
  notes: CandidateNotes;
  /** Who may write (CANDIDATES:MANAGE); viewers only read. */
  canWrite: boolean;
  onAdded: () => void;
}

/** The notes on the candidate (newest first) and, for who may write, the form with @mention autocomplete. */
export const NotesSection = forwardRef<HTMLTextAreaElement, NotesSectionProps>(function NotesSection({ openingId, candidateId, notes, canWrite, onAdded }, ref) {
  const t = useT();
  return (
    <section aria-labelledby="candidate-notes">
      <h2 id="candidate-notes">{t('notes.title')}</h2>
      {notes.items.length ? (
        <ul className="candidate-notes-list">
          {notes.items.map((note) => (
            <li key={note._id} className="candidate-note">
              <span className="candidate-meta">{t('notes.byline', { author: note.author.name || t('notes.formerColleague'), date: formatDateTime(note.createdAt) })}</span>
              <p>{note.text}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('notes.empty')}</p>
      )}
      {canWrite ? <NoteForm ref={ref} openingId={openingId} candidateId={candidateId} mentionable={notes.mentionable} onAdded={onAdded} /> : null}
    </section>
  );
});

/**
 * A textbox with an autocomplete list (ARIA textbox + listbox pattern: aria-autocomplete,
 * aria-controls, aria-activedescendant): typing `@` and part of a colleague's name lists the
 * matches; arrows choose, Enter or Tab inserts `@First Last`, Escape closes the list.
 */
const NoteForm = forwardRef<HTMLTextAreaElement, { openingId: string; candidateId: string; mentionable: Person[]; onAdded: () => void }>(function NoteForm(
  { openingId, candidateId, mentionable, onAdded },
  ref,
) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const query = mentionQueryAt(text, caret);
  const matches = query && dismissed !== query.start ? mentionable.filter((person) => person.name.toLowerCase().includes(query.query.toLowerCase())).slice(0, 8) : [];
  const open = matches.length > 0;
  const listId = `${id}-mentions`;
  const optionId = (index: number) => `${id}-mention-${index}`;

  function insert(person: Person, textarea: HTMLTextAreaElement) {
    if (!query) return;
    const inserted = `${mentionText(person)} `;
    const next = text.slice(0, query.start) + inserted + text.slice(caret);
    const position = query.start + inserted.length;
    // Value and caret now, in the key's own event: a caret put after the mention a frame later
    // would land before whatever was typed meanwhile. React then finds the value already written.
    textarea.value = next;
    textarea.setSelectionRange(position, position);
    setText(next);
    setCaret(position);
    setActive(0);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const person = matches[active];
      if (!person) return;
      event.preventDefault();
      insert(person, event.currentTarget);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(query?.start ?? null);
    }
  }

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('errors.required'));
      return;
    }
    setBusy(true);
    try {
      await addCandidateNote(api, openingId, candidateId, { text, mentions: mentionedIn(text, mentionable).map((person) => person._id) });
      setText('');
      setError(null);
      showToast({ tone: 'success', title: 'notes.saved' });
      onAdded();
    } catch (caught) {
      showErrorToast(isApiError(caught) ? caught.key : null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="candidate-note-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-text`}>{t('notes.label')}</label>
      <p id={`${id}-hint`} className="candidate-meta">
        {t('notes.hint')}
      </p>
      <textarea
        id={`${id}-text`}
        ref={ref}
        value={text}
        maxLength={NOTE_MAX_LENGTH}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(active) : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setCaret(event.target.selectionStart);
          setDismissed(null);
          setActive(0);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <div id={listId} role="listbox" aria-label={t('notes.mentionList')} className="candidate-mentions">
          {matches.map((person, index) => (
            <div
              key={person._id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              onMouseDown={(event) => {
                // Keep the focus in the textbox.
                event.preventDefault();
                const textarea = document.getElementById(`${id}-text`);
                if (textarea instanceof HTMLTextAreaElement) insert(person, textarea);
              }}
            >
              {person.name}
            </div>
          ))}
        </div>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {open ? t('notes.mentionCount', { count: matches.length }) : ''}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="rec-field-error">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" busy={busy}>
          {t('notes.add')}
        </Button>
      </div>
    </form>
  );
});
