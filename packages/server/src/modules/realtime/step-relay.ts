import type { EventBus } from '../../events/event-bus';
import type { DomainEvents } from '../domain-events/domain-events';

/**
 * The step flow reports on its own bus (awaited by the step service); realtime needs the events on
 * the domain event bus, which the Redis transport carries to every instance. The opening is looked
 * up here so recruiters following an opening hear of its candidates' steps.
 */
export function relayStepEvents(steps: EventBus, events: DomainEvents, openingOf: (companyId: string, applicationId: string) => Promise<string | undefined>): () => void {
  const offFinished = steps.on('APPLICATION_STEP_FINISHED', async (event) => {
    const openingId = (await openingOf(event.companyId, event.applicationId)) ?? null;
    events.emit({ type: 'APPLICATION_STEP_FINISHED', companyId: event.companyId, openingId, applicationId: event.applicationId, stepId: event.stepId, finished: event.finished });
  });
  const offLinked = steps.on('CANDIDATE_EXTERNAL_SERVICE_LINKED', async (event) => {
    const openingId = (await openingOf(event.companyId, event.applicationId)) ?? null;
    events.emit({ type: 'CANDIDATE_EXTERNAL_SERVICE_LINKED', companyId: event.companyId, openingId, applicationId: event.applicationId, stepId: event.stepId });
  });
  return () => {
    offFinished();
    offLinked();
  };
}
