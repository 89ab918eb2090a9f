import * as v from 'valibot';

/**
 * Outgoing webhooks (issue 30): a company's endpoints, the events they hear of and the log of
 * deliveries. The schemas serve the server's routes and the host's settings page alike.
 */

/**
 * The events an endpoint may subscribe to. Bodies carry ids and non-personal facts only (an
 * opening id, a stage key), never a name, an e-mail, form answers, assessments or videos.
 */
export const WEBHOOK_EVENTS = [
  'application.created',
  'application.stage_changed',
  'application.rejected',
  'candidate.removed',
  'step.finished',
  'posting.published',
  'posting.closed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** What "send a test event" sends: never subscribed to, always delivered when asked for. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (docs/webhooks.md). */
export const WEBHOOK_SIGNATURE_HEADER = 'rec-signature';
/** At most this many endpoints per company. */
export const WEBHOOK_MAX_ENDPOINTS = 10;

export const WebhookUrlSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2000, 'webhooks.errors.urlInvalid'),
  v.check((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.hash;
    } catch {
      return false;
    }
  }, 'webhooks.errors.urlInvalid'),
);

const EventsSchema = v.pipe(v.array(v.picklist(WEBHOOK_EVENTS)), v.minLength(1, 'webhooks.errors.eventsRequired'), v.maxLength(WEBHOOK_EVENTS.length));

/** `POST /v2/companies/settings/webhooks`. */
export const WebhookCreateBodySchema = v.strictObject({
  url: WebhookUrlSchema,
  events: EventsSchema,
  active: v.optional(v.boolean(), true),
});
export type WebhookCreateBody = v.InferOutput<typeof WebhookCreateBodySchema>;

/** `PATCH /v2/companies/settings/webhooks/:id`: turning an endpoint back on clears its run of failures. */
export const WebhookPatchBodySchema = v.strictObject({
  url: v.optional(WebhookUrlSchema),
  events: v.optional(EventsSchema),
  active: v.optional(v.boolean()),
});
export type WebhookPatchBody = v.InferOutput<typeof WebhookPatchBodySchema>;

export const WebhookParamsSchema = v.strictObject({ id: v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/)) });
export type WebhookParams = v.InferOutput<typeof WebhookParamsSchema>;
export const WebhookDeliveryParamsSchema = v.strictObject({
  id: v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/)),
  deliveryId: v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/)),
});
export type WebhookDeliveryParams = v.InferOutput<typeof WebhookDeliveryParamsSchema>;

export const WebhookEndpointSchema = v.object({
  id: v.string(),
  url: v.string(),
  events: v.array(v.picklist(WEBHOOK_EVENTS)),
  active: v.boolean(),
  /** Set when the server turned the endpoint off after a run of failures. */
  disabledAt: v.nullable(v.string()),
  failureStreak: v.number(),
  createdAt: v.string(),
});
export type WebhookEndpoint = v.InferOutput<typeof WebhookEndpointSchema>;

/** The answer of a creation or a rotation: the only time the secret is shown. */
export const WebhookWithSecretSchema = v.object({ endpoint: WebhookEndpointSchema, secret: v.string() });
export type WebhookWithSecret = v.InferOutput<typeof WebhookWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookDeliverySchema = v.object({
  id: v.string(),
  eventId: v.string(),
  eventType: v.string(),
  status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
  attempts: v.number(),
  /** The last answer's HTTP status (null: no answer, see `error`). */
  lastStatus: v.nullable(v.number()),
  latencyMs: v.nullable(v.number()),
  /** The first characters of the last answer's body. */
  responseExcerpt: v.nullable(v.string()),
  /** Why the last try got no answer: 'timeout', 'refused' (the address guard), 'network'. */
  error: v.nullable(v.string()),
  nextAttemptAt: v.nullable(v.string()),
  createdAt: v.string(),
  deliveredAt: v.nullable(v.string()),
});
export type WebhookDelivery = v.InferOutput<typeof WebhookDeliverySchema>;
