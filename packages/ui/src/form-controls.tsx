import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

/** Accessible form building blocks of the host app (plain elements: keyboard and focus come for free). */

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-describedby' | 'aria-invalid'> {
  label: string;
  /** A hint under the field, read with it. */
  hint?: string | undefined;
  /** The field's error text; announced and tied to the input through aria-describedby. */
  error?: string | null | undefined;
}

/** A labelled text input with its hint and error tied to it (aria-describedby, aria-invalid). */
export function TextField({ label, hint, error, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`rec-field${error ? ' rec-field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="rec-field-label">
        {label}
      </label>
      <input id={id} className="rec-input" aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
      {hint ? (
        <p id={hintId} className="rec-field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="rec-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link';
  /** Shows the button busy (and disabled) while its action runs. */
  busy?: boolean;
  /** The <button> itself (a prop in React 19; the host only: preact/compat in the widgets would need forwardRef). */
  ref?: Ref<HTMLButtonElement>;
}

/** A button; `busy` disables it and says so to assistive technology. */
export function Button({ variant = 'primary', busy = false, disabled, className, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={`rec-button rec-button-${variant}${className ? ` ${className}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {children}
    </button>
  );
}

export interface MessageBlockProps {
  tone?: 'info' | 'success' | 'error';
  title?: string | undefined;
  children?: ReactNode;
}

/**
 * A block of feedback: errors interrupt (role=alert), information and success are polite
 * (role=status), so a form's outcome is announced where it appears.
 */
export function MessageBlock({ tone = 'info', title, children }: MessageBlockProps) {
  return (
    <div className={`rec-message rec-message-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className="rec-message-title">{title}</p> : null}
      {children}
    </div>
  );
}
