import { Loading } from '@rec/ui';
import { useEffect, useState } from 'react';
import { api } from '../../../api';
import { useT } from '../../../i18n';
import { useTitle } from '../../../title';

interface IntegrationsStatus {
  mail: 'smtp' | 'outbox';
  indeed: boolean;
}

/** settings_new/integrations: what is connected (mail delivery, Indeed) and how to connect what is not. */
export default function IntegrationsPage() {
  const t = useT();
  const heading = t('settingsNav.pages.integrations');
  useTitle(heading);
  const [status, setStatus] = useState<IntegrationsStatus | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api.get<IntegrationsStatus>('/v2/companies/settings/integrations').then(setStatus, () => setFailed(true));
  }, []);
  if (failed) return <p role="alert">{t('genericErrorTitle')}</p>;
  if (!status) return <Loading label={t('settingsNav.loading')} />;
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{heading}</h1>
      <section className="settings-section" aria-labelledby="integration-mail">
        <h2 id="integration-mail">{t('integrations.mail.title')}</h2>
        <p>
          <strong>{status.mail === 'smtp' ? t('integrations.connected') : t('integrations.notConnected')}</strong>
        </p>
        <p>{status.mail === 'smtp' ? t('integrations.mail.smtp') : t('integrations.mail.outbox')}</p>
        {status.mail === 'outbox' ? <p className="settings-hint">{t('integrations.mail.howTo')}</p> : null}
      </section>
      <section className="settings-section" aria-labelledby="integration-indeed">
        <h2 id="integration-indeed">{t('integrations.indeed.title')}</h2>
        <p>
          <strong>{status.indeed ? t('integrations.connected') : t('integrations.notConnected')}</strong>
        </p>
        <p>{status.indeed ? t('integrations.indeed.on') : t('integrations.indeed.off')}</p>
        {status.indeed ? null : <p className="settings-hint">{t('integrations.indeed.howTo')}</p>}
      </section>
    </section>
  );
}
