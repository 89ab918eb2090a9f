/**
 * When a failed delivery is tried again. Eight tries over about 13.6 hours: a receiver down for
 * a night still gets its events; after the eighth failure the delivery is dead (kept in the log,
 * "send again" queues it anew).
 */
export const RETRY_DELAYS_MS: readonly number[] = [1, 5, 30, 60, 120, 240, 360].map((minutes) => minutes * 60_000);
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Failed tries in a row (across deliveries) after which the endpoint is turned off and its owners told. */
export const DISABLE_AFTER_FAILURES = 20;
/** A claimed delivery whose worker died is claimed again after this (longer than a try can take). */
export const CLAIM_LEASE_MS = 60_000;
/** One try's time limit, redirects not followed. */
export const SEND_TIMEOUT_MS = 10_000;
/** The answer bodies read are at most this long; the log keeps an excerpt. */
export const RESPONSE_MAX_BYTES = 64 * 1024;
export const EXCERPT_CHARS = 500;

/** The delay before the next try after `attempts` tries; undefined when none is left. */
export function retryDelay(attempts: number): number | undefined {
  return attempts >= MAX_ATTEMPTS ? undefined : RETRY_DELAYS_MS[attempts - 1];
}
