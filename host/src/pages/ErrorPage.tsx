import { PoweredBy } from '@rec/ui';
import { useEffect } from 'react';
import { useT } from '../i18n';
import { useTitle } from '../title';

interface ErrorPageProps {
  status: number;
  /** The router's technical message (e.g. "Page Not Found: /path"): for the console, never shown to visitors. */
  message: string;
}

const KNOWN_STATUSES = new Set([400, 403, 404, 410, 500]);

/** The page the visitor came from, when it is a web page (a career site linking a board or an offer). */
function referrer(): string | undefined {
  try {
    const url = new URL(document.referrer);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Generic error page: title and text per status code in the visitor's language, a way back, and the powered-by footer (spec §2). */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const t = useT();
  // The router's message (spec §8: "Page Not Found: {path}") goes to the console for developers;
  // visitors read the translated title and text only.
  useEffect(() => console.warn(message), [message]);
  const key = KNOWN_STATUSES.has(status) ? String(status) : 'other';
  useTitle(t(`errorPage.${key}.title`));
  const back = referrer();
  return (
    <main className="error-page">
      <h1>
        <span className="error-status">{status}</span> {t(`errorPage.${key}.title`)}
      </h1>
      <p>{t(`errorPage.${key}.text`)}</p>
      <p>{back ? <a href={back}>{t('errorPage.back')}</a> : <a href="/login">{t('errorPage.home')}</a>}</p>
      <PoweredBy t={t} />
    </main>
  );
}
