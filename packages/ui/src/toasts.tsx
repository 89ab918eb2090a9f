import { TOASTS } from '@rec/core';
import type { TranslateLike } from './components';

export interface ToastView {
  id: number;
  tone: 'success' | 'error' | 'info';
  /** Translation key. */
  title: string;
  /** Translation key. */
  message?: string;
  values?: Record<string, string | number>;
  /** A button next to the text; `label` is a translation key. */
  action?: { label: string; run: () => void };
}

export interface ToasterProps {
  toasts: readonly ToastView[];
  onClose: (id: number) => void;
  t: TranslateLike;
  closeLabel: string;
}

/**
 * The toast stack (spec §9: at most five shown, 320 px wide below sm, 440 px from sm).
 * Each toast is its own live region: errors interrupt (role=alert, assertive), success and
 * information are polite (role=status); empty stacks add no landmark or region to the page.
 */
export function Toaster({ toasts, onClose, t, closeLabel }: ToasterProps) {
  const shown = toasts.slice(0, TOASTS.maxVisible);
  const polite = shown.filter((toast) => toast.tone !== 'error');
  const urgent = shown.filter((toast) => toast.tone === 'error');
  const render = (toast: ToastView) => (
    <div
      key={toast.id}
      className={`rec-toast rec-toast-${toast.tone}`}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      aria-live={toast.tone === 'error' ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      <div className="rec-toast-text">
        <p className="rec-toast-title">{String(t(toast.title, toast.values))}</p>
        {toast.message ? <p className="rec-toast-message">{String(t(toast.message, toast.values))}</p> : null}
      </div>
      {toast.action ? (
        <button type="button" className="rec-toast-action" onClick={toast.action.run}>
          {String(t(toast.action.label))}
        </button>
      ) : null}
      <button type="button" className="rec-toast-close" onClick={() => onClose(toast.id)} aria-label={closeLabel} title={closeLabel}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
  return (
    <div className="rec-toasts" style={{ zIndex: 2100 }}>
      <div className="rec-toast-list">
        {urgent.map(render)}
      </div>
      <div className="rec-toast-list">
        {polite.map(render)}
      </div>
    </div>
  );
}
