import type { WebhookEventType } from '@rec/core';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { createWebhookRepository } from './repository';

/** The facts an event carries: ids and keys only, never a person's data (issue 30). */
export type WebhookEventData = Record<string, string | boolean | null>;

/** The body of an event: the same for every endpoint it goes to (one event id to deduplicate on). */
export function eventBody(eventId: string, type: string, companyId: string, at: Date, data: WebhookEventData): string {
  return JSON.stringify({ id: eventId, type, createdAt: at.toISOString(), companyId, data });
}

/**
 * The one place events enter the delivery queue: a delivery per active endpoint of the company
 * subscribed to `type`. Given a transaction, the deliveries commit or roll back with the change
 * itself (a removed candidate is never removed without its event). Answers how many were queued.
 */
export async function queueWebhookEvent(db: Kysely<Database>, companyId: string, type: WebhookEventType, data: WebhookEventData, at: Date): Promise<number> {
  const repository = createWebhookRepository(db);
  const endpoints = await repository.subscribers(companyId, type);
  if (!endpoints.length) return 0;
  const eventId = newId(at);
  const body = eventBody(eventId, type, companyId, at, data);
  await repository.insertDeliveries(endpoints.map((endpointId) => ({ id: newId(at), companyId, endpointId, eventId, eventType: type, payload: body, createdAt: at })));
  return endpoints.length;
}
