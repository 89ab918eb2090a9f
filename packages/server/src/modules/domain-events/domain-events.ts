/**
 * The server's in-process domain events. A service emits what changed after its write committed;
 * whoever cares (the public answer cache today; realtime, mails, audit later) subscribes. Modules
 * stay independent: the postings service does not know there is a cache.
 */
export type DomainEvent =
  // `transition`: the posting was published or closed by this change (outgoing webhooks, issue 30).
  | { type: 'POSTING_CHANGED'; companyId: string; postingId: string; openingId?: string; transition?: 'published' | 'closed' }
  | { type: 'OPENING_CHANGED'; companyId: string; openingId: string }
  | { type: 'COMPANY_CHANGED'; companyId: string }
  | { type: 'BOARD_CHANGED'; companyId: string; boardId: string }
  | { type: 'LOGO_CHANGED'; companyId: string }
  | { type: 'BRAND_CHANGED'; companyId: string }
  // The recruiter's pipeline (issue 11): realtime tells the company's recruiters; public answers do not depend on them.
  | { type: 'APPLICATION_CREATED'; companyId: string; openingId: string; applicationId: string }
  // `stage`: the application entered this pipeline stage (a move or a rejection; outgoing webhooks, issue 30).
  | { type: 'CANDIDATE_UPDATED'; companyId: string; openingId: string; applicationId: string; stage?: { id: string; rejected: boolean } }
  // The step flow (issue 15): relayed from the step event bus so the candidate's other tabs and the
  // recruiters hear of it on every instance.
  | { type: 'APPLICATION_STEP_FINISHED'; companyId: string; openingId: string | null; applicationId: string; stepId: string; finished: boolean }
  | { type: 'CANDIDATE_EXTERNAL_SERVICE_LINKED'; companyId: string; openingId: string | null; applicationId: string; stepId: string }
  // A recruiter's profile or role changed: their open tabs refresh the recruiter store (REFRESH_RESOURCE).
  | { type: 'RECRUITER_CHANGED'; companyId: string; accountId: string }
  // Sessions of the company (or of one of its accounts) ended: a removed member, revoked sessions, a
  // suspension. Open websockets re-check their session and close when it is gone (issue 24, L2).
  | { type: 'SESSIONS_ENDED'; companyId: string; accountId?: string };

/** Events about candidates: private, they never change a public board or offer answer. */
export const CANDIDATE_EVENT_TYPES: ReadonlySet<DomainEvent['type']> = new Set([
  'APPLICATION_CREATED',
  'CANDIDATE_UPDATED',
  'APPLICATION_STEP_FINISHED',
  'CANDIDATE_EXTERNAL_SERVICE_LINKED',
  // Not about candidates, but private too: no public answer shows a recruiter or a session.
  'RECRUITER_CHANGED',
  'SESSIONS_ENDED',
]);

/**
 * `local`: emitted by this process. `remote`: another instance's event relayed through Redis;
 * a listener with side effects outside the process (a mail) must act on local events only.
 */
export type EventOrigin = 'local' | 'remote';

export type DomainEventListener = (event: DomainEvent, origin: EventOrigin) => void;

export interface DomainEvents {
  /** Tells every listener, synchronously, so the next request after a write never sees the old state. */
  emit(event: DomainEvent): void;
  /** Delivers an event that another instance emitted (the Redis transport calls this). */
  deliverRemote(event: DomainEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: DomainEventListener): () => void;
}

const TYPES = new Set<DomainEvent['type']>([
  'POSTING_CHANGED',
  'OPENING_CHANGED',
  'COMPANY_CHANGED',
  'BOARD_CHANGED',
  'LOGO_CHANGED',
  'BRAND_CHANGED',
  'APPLICATION_CREATED',
  'CANDIDATE_UPDATED',
  'APPLICATION_STEP_FINISHED',
  'CANDIDATE_EXTERNAL_SERVICE_LINKED',
  'RECRUITER_CHANGED',
  'SESSIONS_ENDED',
]);

/** A message from the wire is only trusted as far as its shape: a known type and a company id. */
export function isDomainEvent(value: unknown): value is DomainEvent {
  if (!value || typeof value !== 'object') return false;
  const event = value as { type?: unknown; companyId?: unknown };
  return typeof event.type === 'string' && TYPES.has(event.type as DomainEvent['type']) && typeof event.companyId === 'string';
}

export function createDomainEvents(options: { onListenerError?: (error: unknown) => void } = {}): DomainEvents {
  const listeners = new Set<DomainEventListener>();
  function deliver(event: DomainEvent, origin: EventOrigin): void {
    for (const listener of listeners) {
      // One failing listener must not keep the others (the cache) from hearing of the write.
      try {
        listener(event, origin);
      } catch (error) {
        options.onListenerError?.(error);
      }
    }
  }
  return {
    emit: (event) => deliver(event, 'local'),
    deliverRemote: (event) => deliver(event, 'remote'),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
