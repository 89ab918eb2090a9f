import { isApiError } from '@rec/api-client';
import { NEW_APPLICATION_MAILS, type NotificationPreferences } from '@rec/core';
import { showErrorToast, showToast } from '@rec/stores';
import { Button, Loading } from '@rec/ui';
import { useEffect, useState } from 'react';
import { api } from '../../../api';
import { useT } from '../../../i18n';
import { useTitle } from '../../../title';

const URL = '/v2/recruiter/me/notifications';

/** settings_new/notifications: which mails this recruiter receives (new applications, mentions). */
export default function NotificationsPage() {
  const t = useT();
  const heading = t('settingsNav.pages.notifications');
  useTitle(heading);
  const [preferences, setPreferences] = useState<NotificationPreferences | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.get<NotificationPreferences>(URL).then(setPreferences, () => setFailed(true));
  }, []);
  if (failed) return <p role="alert">{t('genericErrorTitle')}</p>;
  if (!preferences) return <Loading label={t('settingsNav.loading')} />;
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{heading}</h1>
      <form
        className="settings-section settings-form"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          try {
            setPreferences(await api.put<NotificationPreferences>(URL, preferences));
            showToast({ tone: 'success', title: 'notificationSettings.saved' });
          } catch (error) {
            showErrorToast(isApiError(error) ? error.key : null);
          } finally {
            setBusy(false);
          }
        }}
      >
        <fieldset>
          <legend>{t('notificationSettings.newApplications')}</legend>
          {NEW_APPLICATION_MAILS.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="newApplications"
                value={value}
                checked={preferences.newApplications === value}
                onChange={() => setPreferences({ ...preferences, newApplications: value })}
              />
              {t(`notificationSettings.frequency.${value}`)}
            </label>
          ))}
        </fieldset>
        <label>
          <input type="checkbox" checked={preferences.mentions} onChange={(event) => setPreferences({ ...preferences, mentions: event.currentTarget.checked })} />
          {t('notificationSettings.mentions')}
        </label>
        <div className="settings-actions">
          <Button type="submit" busy={busy}>
            {t('notificationSettings.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
