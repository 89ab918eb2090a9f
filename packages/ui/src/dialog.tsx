import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Called on Escape, on the close button and on the caller's own cancel buttons. */
  onClose: () => void;
  children: ReactNode;
  /** The buttons row. */
  actions?: ReactNode;
  closeLabel: string;
  /** Where focus goes when the dialog closes (default: what had it when it opened). */
  returnFocus?: () => HTMLElement | null | undefined;
  /** `alertdialog` for confirmations (spec §4 archive, unarchive, delete). */
  role?: 'dialog' | 'alertdialog';
  /** Escape and the close button are ignored while an action runs. */
  busy?: boolean;
  /** Id of the text that says what is asked (read with the title when the dialog opens; an alertdialog's message). */
  describedBy?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog> (showModal makes the rest of the page inert), with
 * role and aria-modal said explicitly, Tab kept inside, Escape closing, and focus given back
 * to the element that opened it (or to `returnFocus`).
 */
export function Dialog({ open, title, onClose, children, actions, closeLabel, returnFocus, role = 'dialog', busy = false, describedBy }: DialogProps) {
  const ref = useRef<HTMLDialogElement | null>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const returnRef = useRef(returnFocus);
  returnRef.current = returnFocus;

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelectorAll<HTMLElement>(FOCUSABLE)[0];
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      const target = returnRef.current?.() ?? opener;
      if (target?.isConnected) target.focus();
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!busy) onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="rec-dialog"
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape is handled above (the native cancel would close without telling React).
        event.preventDefault();
      }}
    >
      <div className="rec-dialog-header">
        <h2 id={titleId} className="rec-dialog-title">
          {title}
        </h2>
        <button type="button" className="rec-dialog-close" aria-label={closeLabel} title={closeLabel} onClick={() => !busy && onClose()}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="rec-dialog-body">{children}</div>
      {actions ? <div className="rec-dialog-actions">{actions}</div> : null}
    </dialog>
  );
}
