import { $locale } from '../../api';
import { useT } from '../../i18n';
import type { missingNotices } from './posting-values';
import { languageName } from './shared';

interface Props {
  id: string;
  notices: ReturnType<typeof missingNotices>;
  confirmed: boolean;
  error: boolean;
  onConfirm: (confirmed: boolean) => void;
}

/** The review step's warning (issue 25): which languages lack a notice, what candidates get instead, and the confirmation publishing needs. */
export function PrivacyNoticeWarning({ id, notices, confirmed, error, onConfirm }: Props) {
  const t = useT();
  const locale = $locale.get();
  if (!notices.missing.length) return null;
  return (
    <section className="rec-message" aria-labelledby={`${id}-notice-title`}>
      <h3 id={`${id}-notice-title`}>{t('openings.posting.noticeMissingTitle', { languages: notices.missing.map((code) => languageName(code, locale)).join(', ') })}</h3>
      <p>
        {notices.fallback ? t('openings.posting.noticeMissingText', { fallback: languageName(notices.fallback, locale) }) : t('openings.posting.noticeMissingNone')}{' '}
        <a href="/recruiter/settings_new/mycompany">{t('openings.posting.noticeSettingsLink')}</a>
      </p>
      {notices.needsConfirm ? (
        <>
          <div className="checkbox">
            <input
              type="checkbox"
              id={`${id}-notice-confirm`}
              checked={confirmed}
              aria-invalid={error || undefined}
              aria-describedby={error ? `${id}-notice-error` : undefined}
              onChange={(event) => onConfirm(event.target.checked)}
            />
            <label htmlFor={`${id}-notice-confirm`}>{t('openings.posting.noticeConfirm')}</label>
          </div>
          {error ? (
            <p id={`${id}-notice-error`} className="rec-field-error" role="alert">
              {t('openings.posting.noticeConfirmRequired')}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
