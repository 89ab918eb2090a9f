/**
 * The one in-process domain event bus (ARCHITECTURE "domain events"): a service emits, it never
 * calls the websocket, the mailer or the cache itself. Subscribers (the realtime issue's relay,
 * later Redis across instances) run after the emitter's work; a failing subscriber is logged and
 * never undoes or fails what already happened.
 */

export interface StepFinishedEvent {
  type: 'APPLICATION_STEP_FINISHED';
  companyId: string;
  applicationId: string;
  stepId: string;
  product: string;
  /** Whether it was the application's last step. */
  finished: boolean;
}

export interface ServiceLinkedEvent {
  type: 'CANDIDATE_EXTERNAL_SERVICE_LINKED';
  companyId: string;
  applicationId: string;
  stepId: string;
  product: string;
  provider: string;
}

export type DomainEvent = StepFinishedEvent | ServiceLinkedEvent;
type Handler<E> = (event: E) => void | Promise<void>;

export interface EventBus {
  on<T extends DomainEvent['type']>(type: T, handler: Handler<Extract<DomainEvent, { type: T }>>): () => void;
  /** Delivers to every subscriber of the type and waits for them (failures are logged, not thrown). */
  emit(event: DomainEvent): Promise<void>;
}

export function createEventBus(log?: { error(details: object, message: string): void }): EventBus {
  const handlers = new Map<string, Set<Handler<never>>>();
  return {
    on(type, handler) {
      const set = handlers.get(type) ?? new Set<Handler<never>>();
      handlers.set(type, set);
      set.add(handler as Handler<never>);
      return () => set.delete(handler as Handler<never>);
    },
    async emit(event) {
      for (const handler of handlers.get(event.type) ?? []) {
        try {
          await (handler as Handler<DomainEvent>)(event);
        } catch (error) {
          log?.error({ err: error, event: event.type }, 'event subscriber failed');
        }
      }
    },
  };
}
