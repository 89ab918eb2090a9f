import * as v from 'valibot';
import { ObjectIdSchema } from './ids';

/**
 * The realtime websocket's protocol (issue 15, spec §4/§7): the client subscribes to an event with
 * params, the server answers `subscribed` or `error` and then sends `event` messages. Shared by the
 * server (validation) and `@rec/realtime` (the client), so both agree on every field.
 */

export const REALTIME_PATH = '/v2/realtime';

export const REALTIME_EVENTS = ['APPLICATION_CREATED', 'CANDIDATE_UPDATED', 'APPLICATION_STEP_FINISHED', 'CANDIDATE_EXTERNAL_SERVICE_LINKED', 'REFRESH_RESOURCE'] as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[number];

/** Stores refreshable by name (spec §4). */
export const REFRESHABLE_RESOURCES = ['recruiter', 'company', 'opening'] as const;
export type RefreshableResource = (typeof REFRESHABLE_RESOURCES)[number];

/** A step token as issued by the apply answer (the embedded flow has no cookie). */
const StepTokenSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{40,100}$/));

/**
 * What a subscription is about. Recruiters name an opening of their company; candidates name their
 * application (with the step token when embedded); REFRESH_RESOURCE names a store.
 */
export const RealtimeParamsSchema = v.union([
  v.strictObject({ openingId: ObjectIdSchema }),
  v.strictObject({ applicationId: ObjectIdSchema, token: v.optional(StepTokenSchema) }),
  v.strictObject({ resource: v.picklist(REFRESHABLE_RESOURCES), id: v.optional(ObjectIdSchema) }),
]);
export type RealtimeParams = v.InferOutput<typeof RealtimeParamsSchema>;

export const RealtimeClientMessageSchema = v.strictObject({
  type: v.picklist(['subscribe', 'unsubscribe']),
  event: v.picklist(REALTIME_EVENTS),
  params: RealtimeParamsSchema,
});
export type RealtimeClientMessage = v.InferOutput<typeof RealtimeClientMessageSchema>;

/** The payload of an event: ids only; the client refetches what it shows (never personal data on the wire). */
export interface RealtimeEventData {
  companyId: string;
  openingId?: string;
  applicationId?: string;
  stepId?: string;
  /** APPLICATION_STEP_FINISHED: whether it was the application's last step. */
  finished?: boolean;
  resource?: RefreshableResource;
  id?: string;
}

export type RealtimeServerMessage =
  | { type: 'subscribed'; event: RealtimeEvent; key: string }
  | { type: 'unsubscribed'; event: RealtimeEvent; key: string }
  | { type: 'event'; event: RealtimeEvent; key: string; data: RealtimeEventData }
  /** `key` is absent when the message itself could not be read. */
  | { type: 'error'; event?: RealtimeEvent; key?: string; error: string };

export const REALTIME_ERRORS = {
  badMessage: 'realtime.badMessage',
  forbidden: 'errors.forbidden',
  authRequired: 'errors.authRequired',
  tooManySubscriptions: 'realtime.tooManySubscriptions',
} as const;

/**
 * The subscription's identity on both sides: the event and its params in a fixed order, the step
 * token left out (a secret, and the same subscription whichever credential proved it).
 */
export function subscriptionKey(event: RealtimeEvent, params: RealtimeParams): string {
  const { token: _secret, ...rest } = params as RealtimeParams & { token?: string };
  const entries = Object.entries(rest)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${event}:${entries.map(([name, value]) => `${name}=${String(value)}`).join('&')}`;
}
