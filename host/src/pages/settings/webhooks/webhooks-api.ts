import { showErrorToast } from '@rec/stores';
import { isApiError } from '@rec/api-client';
import type { WebhookCreateBody, WebhookDelivery, WebhookEndpoint, WebhookPatchBody, WebhookWithSecret } from '@rec/core';
import { api } from '../../../api';

/** The company's webhook endpoints (issue 30): owners only (INTEGRATIONS:MANAGE). */
const BASE = '/v2/companies/settings/webhooks';

export const fetchWebhooks = () => api.get<WebhookEndpoint[]>(BASE);
export const createWebhook = (body: WebhookCreateBody) => api.post<WebhookWithSecret>(BASE, body);
export const updateWebhook = (id: string, body: WebhookPatchBody) => api.patch<WebhookEndpoint>(`${BASE}/${id}`, body);
export const removeWebhook = (id: string) => api.delete<unknown>(`${BASE}/${id}`);
export const rotateWebhookSecret = (id: string) => api.post<WebhookWithSecret>(`${BASE}/${id}/secret`);
export const fetchDeliveries = (id: string) => api.get<WebhookDelivery[]>(`${BASE}/${id}/deliveries`);
export const sendTestEvent = (id: string) => api.post<WebhookDelivery>(`${BASE}/${id}/test`);
export const resendDelivery = (id: string, deliveryId: string) => api.post<WebhookDelivery>(`${BASE}/${id}/deliveries/${deliveryId}/resend`);

/** A form error the server named (`webhooks.errors.*`), or null (a toast tells the rest). */
export const webhookErrorOf = (err: unknown) => (isApiError(err) && err.key.startsWith('webhooks.errors.') ? err.key : null);

/** A webhooks error shows in the form (`setError`); any other as the usual error toast. */
export function reportWebhookError(err: unknown, setError: (key: string) => void): void {
  const key = webhookErrorOf(err);
  if (key) setError(key);
  else showErrorToast(isApiError(err) ? err.key : null);
}
