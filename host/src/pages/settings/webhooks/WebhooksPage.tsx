import type { WebhookEndpoint, WebhookEventType } from '@rec/core';
import { showToast } from '@rec/stores';
import { Button, Loading, MessageBlock, TextField } from '@rec/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useT } from '../../../i18n';
import { useTitle } from '../../../title';
import { EventChoices } from './EventChoices';
import { EndpointItem } from './EndpointItem';
import { createWebhook, fetchWebhooks, reportWebhookError } from './webhooks-api';

/**
 * settings_new/webhooks (issue 30): the company's endpoints, the events each hears of, the secret
 * shown once at creation and rotation, and each endpoint's delivery log. Owners only.
 */
export default function WebhooksPage() {
  const t = useT();
  const heading = t('webhooks.title');
  useTitle(heading);
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);

  useEffect(() => {
    fetchWebhooks().then(setEndpoints, () => setFailed(true));
  }, []);

  const replace = (endpoint: WebhookEndpoint) => setEndpoints((list) => (list ?? []).map((other) => (other.id === endpoint.id ? endpoint : other)));

  async function add(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!url.trim()) return setError('webhooks.errors.urlInvalid');
    if (!events.length) return setError('webhooks.errors.eventsRequired');
    setBusy(true);
    try {
      const created = await createWebhook({ url: url.trim(), events, active: true });
      setEndpoints((list) => [...(list ?? []), created.endpoint]);
      setSecret({ url: created.endpoint.url, value: created.secret });
      setUrl('');
      setEvents([]);
      showToast({ tone: 'success', title: 'webhooks.toasts.created' });
    } catch (err) {
      reportWebhookError(err, setError);
    } finally {
      setBusy(false);
    }
  }

  if (failed) return <p role="alert">{t('genericErrorTitle')}</p>;
  if (!endpoints) return <Loading label={t('settingsNav.loading')} />;
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{heading}</h1>
      <p>{t('webhooks.intro')}</p>
      <p className="settings-hint">{t('webhooks.signatureHint')}</p>
      {secret ? (
        <div className="webhook-secret" role="status">
          <MessageBlock tone="success">
            <p>{t('webhooks.secret.text', { url: secret.url })}</p>
            <p>
              <code data-testid="webhook-secret">{secret.value}</code>
            </p>
            <Button variant="secondary" onClick={() => setSecret(null)}>
              {t('webhooks.secret.done')}
            </Button>
          </MessageBlock>
        </div>
      ) : null}
      <section className="settings-section" aria-labelledby="webhooks-list-title">
        <h2 id="webhooks-list-title">{t('webhooks.list.title')}</h2>
        {endpoints.length === 0 ? <p>{t('webhooks.list.empty')}</p> : null}
        <ul className="settings-list">
          {endpoints.map((endpoint) => (
            <EndpointItem
              key={endpoint.id}
              endpoint={endpoint}
              onChanged={replace}
              onRemoved={() => setEndpoints((list) => (list ?? []).filter((other) => other.id !== endpoint.id))}
              onSecret={(value) => setSecret({ url: endpoint.url, value })}
            />
          ))}
        </ul>
      </section>
      <form className="settings-section" onSubmit={add} noValidate aria-labelledby="webhooks-add-title">
        <h2 id="webhooks-add-title">{t('webhooks.form.addTitle')}</h2>
        <TextField
          label={t('webhooks.form.url')}
          hint={t('webhooks.form.urlHint')}
          type="url"
          name="webhook-url"
          autoComplete="off"
          value={url}
          onChange={(change) => setUrl(change.currentTarget.value)}
        />
        <EventChoices value={events} onChange={setEvents} />
        {error ? <MessageBlock tone="error">{t(error)}</MessageBlock> : null}
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            {t('webhooks.form.add')}
          </Button>
        </div>
      </form>
    </section>
  );
}
