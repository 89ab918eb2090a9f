import { isApiError } from '@rec/api-client';
import type { WebhookDelivery } from '@rec/core';
import { showErrorToast, showToast } from '@rec/stores';
import { Button } from '@rec/ui';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../../i18n';
import { fetchDeliveries, resendDelivery } from './webhooks-api';

const when = (iso: string | null, locale: string) => (iso ? new Date(iso).toLocaleString(locale) : '—');

/** An endpoint's latest deliveries: outcome, latency, the answer's first characters, the next try; "send again". */
export function DeliveryLog({ endpointId, refreshKey }: { endpointId: string; refreshKey: number }) {
  const t = useT();
  const locale = document.documentElement.lang || 'en';
  const [rows, setRows] = useState<WebhookDelivery[] | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    fetchDeliveries(endpointId).then(setRows, (err: unknown) => showErrorToast(isApiError(err) ? err.key : null));
  }, [endpointId]);
  // refreshKey: a reload asked for (a test event was just queued).
  useEffect(() => load(), [load, refreshKey]);

  async function resend(deliveryId: string) {
    setBusy(true);
    try {
      await resendDelivery(endpointId, deliveryId);
      showToast({ tone: 'success', title: 'webhooks.toasts.resent' });
      load();
    } catch (err) {
      showErrorToast(isApiError(err) ? err.key : null);
    } finally {
      setBusy(false);
    }
  }

  const outcome = (row: WebhookDelivery) =>
    row.lastStatus !== null ? String(row.lastStatus) : row.error ? t(`webhooks.log.errors.${row.error}`, { defaultValue: row.error }) : '—';

  return (
    <div className="webhook-log">
      <Button variant="secondary" onClick={load}>
        {t('webhooks.log.refresh')}
      </Button>
      {rows === null ? null : rows.length === 0 ? (
        <p>{t('webhooks.log.empty')}</p>
      ) : (
        <div className="webhook-log-table">
          <table>
            <caption>{t('webhooks.log.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('webhooks.log.time')}</th>
                <th scope="col">{t('webhooks.log.event')}</th>
                <th scope="col">{t('webhooks.log.status')}</th>
                <th scope="col">{t('webhooks.log.answer')}</th>
                <th scope="col">{t('webhooks.log.latency')}</th>
                <th scope="col">{t('webhooks.log.excerpt')}</th>
                <th scope="col">{t('webhooks.log.nextTry')}</th>
                <th scope="col">
                  <span className="rec-sr-only">{t('webhooks.log.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-delivery={row.id} data-status={row.status}>
                  <td>{when(row.createdAt, locale)}</td>
                  <td>
                    <code>{row.eventType}</code>
                  </td>
                  <td>{t(`webhooks.log.statuses.${row.status}`, { attempts: row.attempts })}</td>
                  <td>{outcome(row)}</td>
                  <td>{row.latencyMs === null ? '—' : t('webhooks.log.ms', { ms: row.latencyMs })}</td>
                  <td>{row.responseExcerpt ? <code>{row.responseExcerpt.slice(0, 120)}</code> : '—'}</td>
                  <td>{when(row.nextAttemptAt, locale)}</td>
                  <td>
                    <Button variant="secondary" disabled={busy} onClick={() => resend(row.id)}>
                      {t('webhooks.log.resend')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
