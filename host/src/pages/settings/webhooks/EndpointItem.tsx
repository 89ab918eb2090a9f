import type { WebhookEndpoint, WebhookEventType } from '@rec/core';
import { showToast } from '@rec/stores';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../../i18n';
import { DeliveryLog } from './DeliveryLog';
import { EventChoices } from './EventChoices';
import { removeWebhook, rotateWebhookSecret, sendTestEvent, updateWebhook, reportWebhookError } from './webhooks-api';

/** One endpoint: its state, edit, test, rotate, delete and its delivery log. */
export function EndpointItem({
  endpoint,
  onChanged,
  onRemoved,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onChanged: (endpoint: WebhookEndpoint) => void;
  onRemoved: () => void;
  onSecret: (secret: string) => void;
}) {
  const t = useT();
  const activeId = useId();
  const [editing, setEditing] = useState(false);
  const [url, setUrl] = useState(endpoint.url);
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint.events);
  const [active, setActive] = useState(endpoint.active);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const [logKey, setLogKey] = useState(0);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      reportWebhookError(err, setError);
    } finally {
      setBusy(false);
    }
  }

  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!events.length) return setError('webhooks.errors.eventsRequired');
    return run(async () => {
      onChanged(await updateWebhook(endpoint.id, { url: url.trim(), events, active }));
      setEditing(false);
      showToast({ tone: 'success', title: 'webhooks.toasts.saved' });
    });
  };

  const state = endpoint.active ? t('webhooks.list.active') : endpoint.disabledAt ? t('webhooks.list.disabled', { date: new Date(endpoint.disabledAt).toLocaleString() }) : t('webhooks.list.inactive');
  const titleId = `webhook-${endpoint.id}`;
  return (
    <li aria-labelledby={titleId} data-endpoint={endpoint.id}>
      <div className="settings-list-main">
        <h3 id={titleId}>
          <code>{endpoint.url}</code>
        </h3>
        <p>
          <strong>{state}</strong> · {endpoint.events.join(', ')}
        </p>
      </div>
      {editing ? (
        <form onSubmit={save} noValidate aria-label={t('webhooks.list.editTitle', { url: endpoint.url })}>
          <TextField label={t('webhooks.form.url')} type="url" name="webhook-edit-url" autoComplete="off" value={url} onChange={(change) => setUrl(change.currentTarget.value)} />
          <EventChoices value={events} onChange={setEvents} />
          <div className="rec-field">
            <input type="checkbox" id={activeId} checked={active} onChange={(change) => setActive(change.currentTarget.checked)} />{' '}
            <label htmlFor={activeId}>{t('webhooks.form.active')}</label>
          </div>
          {error ? <MessageBlock tone="error">{t(error)}</MessageBlock> : null}
          <div className="form-actions">
            <Button type="submit" busy={busy}>
              {t('webhooks.form.save')}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              {t('webhooks.form.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="form-actions">
          <Button variant="secondary" disabled={busy} onClick={() => setEditing(true)}>
            {t('webhooks.list.edit')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              run(async () => {
                await sendTestEvent(endpoint.id);
                showToast({ tone: 'success', title: 'webhooks.toasts.testQueued' });
                setLogOpen(true);
                // The worker sends at once: the log is read again shortly after.
                setLogKey((key) => key + 1);
                setTimeout(() => setLogKey((key) => key + 1), 1500);
              })
            }
          >
            {t('webhooks.list.test')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              run(async () => {
                const rotated = await rotateWebhookSecret(endpoint.id);
                onSecret(rotated.secret);
                showToast({ tone: 'success', title: 'webhooks.toasts.rotated' });
              })
            }
          >
            {t('webhooks.list.rotate')}
          </Button>
          <Button variant="secondary" aria-expanded={logOpen} onClick={() => setLogOpen((open) => !open)}>
            {t('webhooks.list.log')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              window.confirm(t('webhooks.list.confirmRemove', { url: endpoint.url })) &&
              run(async () => {
                await removeWebhook(endpoint.id);
                showToast({ tone: 'success', title: 'webhooks.toasts.removed' });
                onRemoved();
              })
            }
          >
            {t('webhooks.list.remove')}
          </Button>
        </div>
      )}
      {logOpen ? <DeliveryLog endpointId={endpoint.id} refreshKey={logKey} /> : null}
    </li>
  );
}
