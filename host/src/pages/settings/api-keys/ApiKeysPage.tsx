import { API_KEY_NAME_MAX, API_KEY_RESOURCES, type ApiKey, type ApiKeyLevel, type ApiKeyResource, type ApiKeys, type ApiKeyScopes, type CreatedApiKey } from '@rec/core';
import { Button, Loading } from '@rec/ui';
import { useEffect, useState } from 'react';
import { api } from '../../../api';
import { useT } from '../../../i18n';
import { useTitle } from '../../../title';
import { useSettingsAction } from '../use-settings-action';
import { NewKeyToken } from './NewKeyToken';

const EXPIRY_CHOICES = ['30', '90', '365', 'never'] as const;
type Expiry = (typeof EXPIRY_CHOICES)[number];

/**
 * settings_new/api-keys (issue 30): the company's API keys. An owner creates a key (name, scopes per
 * resource, life), sees its token once, and revokes keys; the list never shows a token.
 */
export default function ApiKeysPage() {
  const t = useT();
  const heading = t('apiKeys.title');
  useTitle(heading);
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScopes>({ openings: 'read' });
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const reload = () => api.get<ApiKeys>('/v2/companies/settings/api-keys').then((answer) => setKeys(answer.keys), () => setFailed(true));
  useEffect(() => {
    void reload();
  }, []);
  const { busy, run } = useSettingsAction(reload);
  const when = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleString(document.documentElement.lang || 'en', { dateStyle: 'short', timeStyle: 'short' }) : none);
  const scopeText = (key: ApiKey) =>
    API_KEY_RESOURCES.filter((resource) => key.scopes[resource])
      .map((resource) => t('apiKeys.scopeOf', { resource: t(`apiKeys.resources.${resource}`), level: t(`apiKeys.levels.${key.scopes[resource]}`) }))
      .join(', ');
  const setScope = (resource: ApiKeyResource, level: ApiKeyLevel | '') =>
    setScopes((current) => {
      const next = { ...current };
      if (level) next[resource] = level;
      else delete next[resource];
      return next;
    });

  if (failed) return <p role="alert">{t('genericErrorTitle')}</p>;
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{heading}</h1>
      <p>{t('apiKeys.intro')}</p>
      <p className="settings-hint">{t('apiKeys.usage')}</p>
      {created ? <NewKeyToken created={created} onDone={() => setCreated(null)} /> : null}
      <form
        className="settings-section settings-form"
        aria-labelledby="api-key-new-title"
        onSubmit={async (event) => {
          event.preventDefault();
          let answer: CreatedApiKey | null = null;
          const body = { name, scopes, expiresInDays: expiry === 'never' ? null : Number(expiry) };
          const done = await run(async () => {
            answer = await api.post<CreatedApiKey>('/v2/companies/settings/api-keys', body);
          }, 'apiKeys.created');
          if (done && answer) {
            setCreated(answer);
            setName('');
          }
        }}
      >
        <h2 id="api-key-new-title">{t('apiKeys.new')}</h2>
        <label>
          {t('apiKeys.name')}
          <input value={name} required maxLength={API_KEY_NAME_MAX} onChange={(event) => setName(event.currentTarget.value)} />
        </label>
        <fieldset>
          <legend>{t('apiKeys.scopes')}</legend>
          {API_KEY_RESOURCES.map((resource) => (
            <label key={resource}>
              {t(`apiKeys.resources.${resource}`)}
              <select value={scopes[resource] ?? ''} onChange={(event) => setScope(resource, event.currentTarget.value as ApiKeyLevel | '')}>
                <option value="">{t('apiKeys.levels.none')}</option>
                <option value="read">{t('apiKeys.levels.read')}</option>
                <option value="write">{t('apiKeys.levels.write')}</option>
              </select>
            </label>
          ))}
        </fieldset>
        <label>
          {t('apiKeys.expiry')}
          <select value={expiry} onChange={(event) => setExpiry(event.currentTarget.value as Expiry)}>
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice === 'never' ? t('apiKeys.expiryNever') : t('apiKeys.expiryDays', { days: Number(choice) })}
              </option>
            ))}
          </select>
        </label>
        <div className="settings-actions">
          <Button type="submit" busy={busy} disabled={Object.keys(scopes).length === 0}>
            {t('apiKeys.create')}
          </Button>
        </div>
      </form>
      {!keys ? (
        <Loading label={t('settingsNav.loading')} />
      ) : keys.length === 0 ? (
        <p>{t('apiKeys.empty')}</p>
      ) : (
        <table className="settings-table">
          <caption>{t('apiKeys.listCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('apiKeys.name')}</th>
              <th scope="col">{t('apiKeys.scopes')}</th>
              <th scope="col">{t('apiKeys.createdBy')}</th>
              <th scope="col">{t('apiKeys.lastUsed')}</th>
              <th scope="col">{t('apiKeys.expires')}</th>
              <th scope="col">{t('apiKeys.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key._id}>
                <th scope="row">
                  {key.name} <code>{key.hint}…</code>
                </th>
                <td>{scopeText(key)}</td>
                <td>{key.createdBy?.fullName ?? t('apiKeys.formerMember')}</td>
                <td>{when(key.lastUsedAt, t('apiKeys.never'))}</td>
                <td>{when(key.expiresAt, t('apiKeys.expiryNever'))}</td>
                <td className="settings-actions">
                  {key.revokedAt ? (
                    <span>{t('apiKeys.revokedOn', { date: when(key.revokedAt, '') })}</span>
                  ) : (
                    <Button
                      variant="secondary"
                      disabled={busy}
                      aria-label={t('apiKeys.revokeNamed', { name: key.name })}
                      onClick={() => void run(() => api.post(`/v2/companies/settings/api-keys/${key._id}/revoke`), 'apiKeys.revoked')}
                    >
                      {t('apiKeys.revoke')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
