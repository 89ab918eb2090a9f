/** Small accessible building blocks shared by the widgets and the host app. */

/** A translate function (i18next's t fits). */
export type TranslateLike = (key: string, options?: Record<string, unknown>) => unknown;

/** The product name shown in the powered-by line. */
export const BRAND_NAME = 'Rec';

export function PoweredBy({ t, brand = BRAND_NAME, href }: { t: TranslateLike; brand?: string; href?: string }) {
  const text = String(t('common.poweredBy', { brand }));
  return (
    <p className="rec-powered-by" part="powered-by">
      {href ? (
        <a href={href} target="_blank" rel="noopener">
          {text}
        </a>
      ) : (
        text
      )}
    </p>
  );
}

/** A polite live status: screen readers hear the label, sighted users see a spinner. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="rec-loading" role="status" part="loading">
      <span className="rec-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export interface ErrorMessageProps {
  title: string;
  message: string;
  retryLabel?: string;
  onRetry?: () => void;
  /** The label of the way back (issue 25: no error is a dead end); see WayBack. */
  backLabel?: string | undefined;
  /** The title as a heading of this level, where the error replaces the element's titled content. */
  heading?: `h${1 | 2 | 3 | 4 | 5 | 6}` | undefined;
}

/** The page the visitor came from, when it is another web page than this one. */
function referrerPage(): string | undefined {
  try {
    const referrer = new URL(globalThis.document?.referrer ?? '');
    return /^https?:$/.test(referrer.protocol) && referrer.href !== globalThis.location?.href ? referrer.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A way back from a page or element that cannot show its content: `href` (a board, a career
 * site) when known, else the page the visitor came from, else the browser's previous page.
 */
export function WayBack({ label, href }: { label: string; href?: string | undefined }) {
  const target = href ?? referrerPage();
  if (target)
    return (
      <a className="rec-way-back" part="way-back" href={target}>
        {label}
      </a>
    );
  if ((globalThis.history?.length ?? 0) < 2) return null;
  return (
    <button type="button" className="rec-button rec-button-secondary" part="way-back" onClick={() => history.back()}>
      {label}
    </button>
  );
}

/** The generic error block: never a blank hole where content failed to load. */
export function ErrorMessage({ title, message, retryLabel, onRetry, backLabel, heading }: ErrorMessageProps) {
  const Title = heading ?? 'p';
  return (
    <div className="rec-error" role="alert" part="error">
      <Title className="rec-error-title">{title}</Title>
      <p>{message}</p>
      {onRetry && retryLabel ? (
        <button type="button" className="rec-button" part="retry" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
      {backLabel ? <WayBack label={backLabel} /> : null}
    </div>
  );
}

