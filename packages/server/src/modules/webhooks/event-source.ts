import type { WebhookEventType } from '@rec/core';
import type { DomainEvent, DomainEventListener } from '../domain-events/domain-events';
import type { WebhookEventData } from './outbox';

/**
 * Which domain events become which webhook events, and what they carry: ids and keys only (an
 * opening id, a stage key), never a name, an address, form answers, assessments or videos.
 */
export function webhookEventOf(event: DomainEvent): { type: WebhookEventType; data: WebhookEventData } | undefined {
  switch (event.type) {
    case 'APPLICATION_CREATED':
      return { type: 'application.created', data: { applicationId: event.applicationId, openingId: event.openingId } };
    case 'CANDIDATE_UPDATED':
      if (!event.stage) return undefined;
      return {
        type: event.stage.rejected ? 'application.rejected' : 'application.stage_changed',
        data: { applicationId: event.applicationId, openingId: event.openingId, stage: event.stage.id },
      };
    case 'APPLICATION_STEP_FINISHED':
      if (!event.finished) return undefined;
      return { type: 'step.finished', data: { applicationId: event.applicationId, openingId: event.openingId, stepId: event.stepId } };
    case 'POSTING_CHANGED':
      if (!event.transition) return undefined;
      return { type: event.transition === 'published' ? 'posting.published' : 'posting.closed', data: { postingId: event.postingId, openingId: event.openingId ?? null } };
    default:
      return undefined;
  }
}

/**
 * Queues webhook deliveries for this instance's own domain events (another instance's, relayed
 * through Redis, were queued there: one event, one delivery per endpoint). The services emit
 * after their write committed; candidate removals are queued inside their transaction instead
 * (candidate-portal/anonymise.ts, openings/repository.ts).
 */
export function webhookListener(
  publish: (companyId: string, type: WebhookEventType, data: WebhookEventData) => Promise<void>,
  onError: (error: unknown) => void,
): DomainEventListener {
  return (event, origin) => {
    if (origin !== 'local') return;
    const webhook = webhookEventOf(event);
    if (webhook) publish(event.companyId, webhook.type, webhook.data).catch(onError);
  };
}
