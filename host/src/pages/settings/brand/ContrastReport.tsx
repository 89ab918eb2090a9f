import { AA_CONTRAST, type ContrastIssue } from '@rec/core';
import { useT } from '../../../i18n';

/** A ratio as people read it in the page language: "1,36:1" in French. */
export function formatRatio(ratio: number, locale: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(ratio)}:1`;
}

/** The pairs of the draft below WCAG AA, each with its ratio and the ratio it needs. */
export function ContrastIssueList({ issues, locale, id }: { issues: readonly ContrastIssue[]; locale: string; id?: string }) {
  const t = useT();
  return (
    <ul className="brand-contrast-issues" id={id}>
      {issues.map((issue) => (
        <li key={`${issue.foreground}-${issue.background}`}>
          {t('brandEditor.contrast.pair', {
            foreground: t(`brandEditor.colors.${issue.foreground}`),
            background: t(`brandEditor.colors.${issue.background}`),
            ratio: formatRatio(issue.ratio, locale),
            needed: formatRatio(AA_CONTRAST, locale),
          })}
        </li>
      ))}
    </ul>
  );
}

/**
 * The live contrast check: a polite status region, so a screen-reader user hears the verdict
 * change while choosing colours without being interrupted.
 */
export function ContrastReport({ issues, locale }: { issues: readonly ContrastIssue[]; locale: string }) {
  const t = useT();
  return (
    <div className="brand-contrast" role="status" aria-labelledby="brand-contrast-title">
      <h3 id="brand-contrast-title">{t('brandEditor.contrast.title')}</h3>
      {issues.length === 0 ? (
        <p className="brand-contrast-ok">{t('brandEditor.contrast.ok', { needed: formatRatio(AA_CONTRAST, locale) })}</p>
      ) : (
        <>
          <p className="brand-contrast-warning">{t('brandEditor.contrast.issues')}</p>
          <ContrastIssueList issues={issues} locale={locale} />
        </>
      )}
    </div>
  );
}
