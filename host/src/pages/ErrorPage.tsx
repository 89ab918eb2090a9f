import { PoweredBy } from '@rec/ui';
import { useT } from '../i18n';
import { useTitle } from '../title';

interface ErrorPageProps {
  status: number;
  /** The router's technical message (e.g. "Page Not Found: /path"), shown as detail. */
  message: string;
}

const KNOWN_STATUSES = new Set([400, 403, 404, 410, 500]);

/** Generic error page: title and text per status code, plus the powered-by footer (spec §2). */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const t = useT();
  const key = KNOWN_STATUSES.has(status) ? String(status) : 'other';
  useTitle(t(`errorPage.${key}.title`));
  return (
    <main className="error-page">
      <h1>
        <span className="error-status">{status}</span> {t(`errorPage.${key}.title`)}
      </h1>
      <p>{t(`errorPage.${key}.text`)}</p>
      <p className="error-detail">
        <code>{message}</code>
      </p>
      <p>
        <a href="/login">{t('errorPage.home')}</a>
      </p>
      <PoweredBy t={t} />
    </main>
  );
}
