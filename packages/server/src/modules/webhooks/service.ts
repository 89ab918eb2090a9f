import {
  ERROR_KEYS,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  type WebhookCreateBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookPatchBody,
  type WebhookWithSecret,
} from '@rec/core';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import { HttpError } from '../../http/errors';
import { canonicalAddress, checkOutboundUrl, isPublicAddress, type OutboundPolicy, privateAllowance } from '../../http/outbound-guard';
import type { SecretBox } from '../two-factor/secret-box';
import type { Database } from '../../db/schema';
import type { DeliveryRow, EndpointRow, WebhookRepository } from './repository';
import { eventBody, queueWebhookEvent, type WebhookEventData } from './outbox';
import { generateWebhookSecret } from './signing';

const LOG_LENGTH = 50;

function endpointOf(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEndpoint['events'],
    active: row.active,
    disabledAt: row.disabled_at ? new Date(row.disabled_at).toISOString() : null,
    failureStreak: row.failure_streak,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function deliveryOf(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    lastStatus: row.last_status,
    latencyMs: row.latency_ms,
    responseExcerpt: row.response_excerpt,
    error: row.error,
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    createdAt: new Date(row.created_at).toISOString(),
    deliveredAt: iso(row.delivered_at),
  };
}

export function createWebhookService(deps: {
  db: Kysely<Database>;
  repository: WebhookRepository;
  box: SecretBox;
  policy: OutboundPolicy;
  /** How a name becomes addresses (the outbound guard's resolver). */
  resolve: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
  now: () => Date;
  /** Deliveries were queued: the worker sends them at once. */
  kick: () => void;
}) {
  const { repository, box, policy, now } = deps;
  const allowedPrivate = privateAllowance(policy);

  /**
   * The save-time check: the scheme and literal addresses, then the name's addresses as DNS answers
   * now. A name that does not resolve yet is kept (each try checks again as it connects).
   */
  async function checkUrl(url: string): Promise<void> {
    if (checkOutboundUrl(url, policy)) throw new HttpError(422, ERROR_KEYS.webhookUrlRefused);
    const hostname = new URL(url).hostname.replace(/^\[|\]$/g, '');
    const found = await deps.resolve(hostname).catch(() => []);
    for (const entry of found) {
      const address = canonicalAddress(entry.address);
      if (!address || !(isPublicAddress(address) || allowedPrivate(address))) throw new HttpError(422, ERROR_KEYS.webhookUrlRefused);
    }
  }

  async function endpoint(companyId: string, id: string): Promise<EndpointRow> {
    const row = await repository.findEndpoint(companyId, id);
    if (!row) throw new HttpError(404, ERROR_KEYS.webhookNotFound);
    return row;
  }

  async function queue(companyId: string, endpointIds: readonly string[], eventId: string, type: string, body: string): Promise<string[]> {
    const at = now();
    const rows = endpointIds.map((endpointId) => ({ id: newId(at), companyId, endpointId, eventId, eventType: type, payload: body, createdAt: at }));
    await repository.insertDeliveries(rows);
    if (rows.length) deps.kick();
    return rows.map((row) => row.id);
  }

  async function deliveryAnswer(companyId: string, endpointId: string, id: string | undefined): Promise<WebhookDelivery> {
    const row = id ? await repository.findDelivery(companyId, endpointId, id) : undefined;
    if (!row) throw new HttpError(404, ERROR_KEYS.webhookDeliveryNotFound);
    return deliveryOf(row);
  }

  return {
    async list(companyId: string): Promise<WebhookEndpoint[]> {
      return (await repository.listEndpoints(companyId)).map(endpointOf);
    },

    async create(companyId: string, body: WebhookCreateBody): Promise<WebhookWithSecret> {
      if ((await repository.countEndpoints(companyId)) >= WEBHOOK_MAX_ENDPOINTS) throw new HttpError(409, ERROR_KEYS.webhookTooMany);
      await checkUrl(body.url);
      const id = newId(now());
      const secret = generateWebhookSecret();
      await repository.insertEndpoint({ id, companyId, url: body.url, events: body.events, sealedSecret: await box.seal(secret), active: body.active, createdAt: now() });
      return { endpoint: endpointOf(await endpoint(companyId, id)), secret };
    },

    async update(companyId: string, id: string, body: WebhookPatchBody): Promise<WebhookEndpoint> {
      await endpoint(companyId, id);
      if (body.url !== undefined) await checkUrl(body.url);
      await repository.updateEndpoint(companyId, id, body);
      return endpointOf(await endpoint(companyId, id));
    },

    async remove(companyId: string, id: string): Promise<void> {
      if (!(await repository.deleteEndpoint(companyId, id))) throw new HttpError(404, ERROR_KEYS.webhookNotFound);
    },

    /** A new secret, shown this once; the old one stops signing at once. */
    async rotate(companyId: string, id: string): Promise<WebhookWithSecret> {
      await endpoint(companyId, id);
      const secret = generateWebhookSecret();
      await repository.updateEndpoint(companyId, id, { sealedSecret: await box.seal(secret) });
      return { endpoint: endpointOf(await endpoint(companyId, id)), secret };
    },

    async deliveries(companyId: string, id: string): Promise<WebhookDelivery[]> {
      await endpoint(companyId, id);
      return (await repository.listDeliveries(companyId, id, LOG_LENGTH)).map(deliveryOf);
    },

    /** "Send a test event": queued like any event (to an endpoint that is off, it leaves once it is turned on). */
    async sendTest(companyId: string, id: string): Promise<WebhookDelivery> {
      await endpoint(companyId, id);
      const eventId = newId(now());
      const [deliveryId] = await queue(companyId, [id], eventId, WEBHOOK_TEST_EVENT, eventBody(eventId, WEBHOOK_TEST_EVENT, companyId, now(), {}));
      return deliveryAnswer(companyId, id, deliveryId);
    },

    /** "Send again": the same event (id and body) queued anew, whatever became of the first delivery. */
    async resend(companyId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
      await endpoint(companyId, id);
      const original = await repository.findDelivery(companyId, id, deliveryId);
      if (!original) throw new HttpError(404, ERROR_KEYS.webhookDeliveryNotFound);
      const [copy] = await queue(companyId, [id], original.event_id, original.event_type, original.payload);
      return deliveryAnswer(companyId, id, copy);
    },

    /** Queues an event for every active endpoint of the company subscribed to it, and sends at once. */
    async publish(companyId: string, type: WebhookEventType, data: WebhookEventData): Promise<void> {
      if (await queueWebhookEvent(deps.db, companyId, type, data, now())) deps.kick();
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
