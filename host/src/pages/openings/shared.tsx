import type { OpeningStatus } from '@rec/api-client';
import { type Rule, ruleMessage } from '@rec/core/form-rules';
import { Loading } from '@rec/ui';
import { createElement, Fragment, lazy, type ReactNode, type SelectHTMLAttributes, Suspense, type TextareaHTMLAttributes, useId, useMemo } from 'react';
import { useT } from '../../i18n';

/** DD/MM/YYYY (spec §9), in the browser's time zone; empty for a missing or odd value. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/**
 * The text of a stored description (the server keeps an allowlisted HTML fragment): parsed in an
 * inert document, never inserted as HTML; paragraphs and line breaks become line breaks.
 */
export function descriptionText(html: string | null | undefined): string {
  if (!html) return '';
  if (!/[<&]/.test(html) || typeof DOMParser === 'undefined') return html;
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h\d)>/gi, '\n'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** The server's allowlist (packages/server/src/modules/offers/sanitize-description.ts). */
const DESCRIPTION_TAGS = new Set(['p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br', 'h3', 'h4', 'a']);

function descriptionNode(node: Node, key: number): ReactNode {
  if (node.nodeType === 3) return node.textContent;
  if (node.nodeType !== 1) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = [...element.childNodes].map(descriptionNode);
  if (!DESCRIPTION_TAGS.has(tag)) return <Fragment key={key}>{children}</Fragment>;
  if (tag === 'br') return <br key={key} />;
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (!/^(?:https?:\/\/|mailto:)/i.test(href)) return <Fragment key={key}>{children}</Fragment>;
    return (
      <a key={key} href={href} rel="noopener noreferrer" target="_blank">
        {children}
      </a>
    );
  }
  return createElement(tag, { key }, ...children);
}

/**
 * A stored description with its headings, lists and links: parsed in an inert document and
 * rebuilt as React elements from the allowlist only (never inserted as HTML). Plain text keeps
 * its line breaks.
 */
export function DescriptionView({ html, className }: { html: string; className?: string }) {
  const nodes = useMemo(() => {
    if (!/</.test(html) || typeof DOMParser === 'undefined') return null;
    return [...new DOMParser().parseFromString(html, 'text/html').body.childNodes].map(descriptionNode);
  }, [html]);
  if (!nodes) return <p className={`${className ?? ''} description-plain`}>{descriptionText(html)}</p>;
  return <div className={`${className ?? ''} description-rich`}>{nodes}</div>;
}

/** "1.2 MB"-style sizes in the page language. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: unit ? 1 : 0 }).format(value);
}

// A language's name in the page language: one function for every surface (@rec/core).
export { languageName } from '@rec/core';

export function StatusBadge({ status }: { status: OpeningStatus | 'OPEN' | 'CLOSED' }) {
  const t = useT();
  const key = status === 'OPEN' || status === 'CLOSED' ? `openings.posting.status.${status}` : `openings.status.${status}`;
  return <span className={`status-badge status-${status.toLowerCase()}`}>{t(key)}</span>;
}

/** The translated message of a failed form rule (spec §5: `errors.{rule}`). */
export function useRuleText(): (rule: Rule | undefined) => string | undefined {
  const t = useT();
  return (rule) => {
    if (!rule) return undefined;
    const { key, params } = ruleMessage(rule);
    return t(key, params);
  };
}

interface FieldShellProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: (props: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`rec-field${error ? ' rec-field-invalid' : ''}`}>
      <label htmlFor={id} className="rec-field-label">
        {label}
      </label>
      {children({ id, describedBy, invalid: !!error })}
      {hint ? (
        <p id={`${id}-hint`} className="rec-field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="rec-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextAreaField({ label, error, hint, ...rest }: { label: string; error?: string | undefined; hint?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => <textarea id={id} className="rec-input" rows={6} aria-describedby={describedBy} aria-invalid={invalid || undefined} {...rest} />}
    </FieldShell>
  );
}

// The editor (Tiptap and ProseMirror) is its own chunk: only recruiters writing a description load it.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** A description: rich text (headings, bold, italic, lists, links) stored as allowlisted HTML. */
export function DescriptionField({
  label,
  error,
  name,
  value,
  onChange,
  onBlur,
  required,
}: {
  label: string;
  error?: string | undefined;
  name: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: (() => void) | undefined;
  required?: boolean;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className={`rec-field${error ? ' rec-field-invalid' : ''}`}>
      {/* Not a <label>: the editor is a contenteditable region, labelled through aria-labelledby. */}
      <span id={`${id}-label`} className="rec-field-label">
        {label}
      </span>
      <Suspense fallback={<Loading label={t('richText.loading')} />}>
        <RichTextEditor
          labelId={`${id}-label`}
          describedBy={error ? `${id}-error` : undefined}
          invalid={!!error}
          required={required ?? false}
          name={name}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
        />
      </Suspense>
      {error ? (
        <p id={`${id}-error`} className="rec-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  options,
  ...rest
}: { label: string; error?: string | undefined; hint?: string | undefined; options: readonly { value: string; label: string }[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <select id={id} className="rec-input" aria-describedby={describedBy} aria-invalid={invalid || undefined} {...rest}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** The steps of a wizard as an ordered list; the current one is aria-current="step". */
export function WizardSteps({ steps, current, label }: { steps: readonly { slug: string; label: string; href?: string | undefined }[]; current: string; label: string }) {
  return (
    <nav aria-label={label}>
      <ol className="wizard-steps">
        {steps.map((step, index) => {
          const here = step.slug === current;
          return (
            <li key={step.slug} className={here ? 'wizard-step wizard-step-current' : 'wizard-step'} aria-current={here ? 'step' : undefined}>
              <span className="wizard-step-number" aria-hidden="true">
                {index + 1}
              </span>
              {step.href && !here ? <a href={step.href}>{step.label}</a> : <span>{step.label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** A plain notice for a page whose action the recruiter may not take. */
export function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="notice" aria-labelledby="notice-title">
      <h1 id="notice-title">{title}</h1>
      {children}
    </section>
  );
}
