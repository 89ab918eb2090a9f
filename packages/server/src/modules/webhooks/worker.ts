import { WEBHOOK_SIGNATURE_HEADER } from '@rec/core';
import { type OutboundFetch, outboundRefusalOf } from '../../http/outbound-guard';
import type { SecretBox } from '../two-factor/secret-box';
import { CLAIM_LEASE_MS, DISABLE_AFTER_FAILURES, EXCERPT_CHARS, retryDelay } from './delivery-policy';
import type { ClaimedDelivery, TryResult, WebhookRepository } from './repository';
import { signatureHeader } from './signing';

export interface WebhookWorkerLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WebhookWorker {
  /** Claims and sends what is due now, until nothing is; answers how many tries were made. */
  runDue(): Promise<number>;
  /** Something was queued: run at once (a delivery leaves within moments of its event). */
  kick(): void;
  /** Polls every `pollMs` (retries fall due, other instances' events); app onReady. */
  start(): void;
  /** Stops polling and waits for the tries under way (app onClose, before the database closes). */
  stop(): Promise<void>;
}

const BATCH = 10;

/**
 * Sends queued deliveries. Each instance runs one; the queue in PostgreSQL (claims with
 * `FOR UPDATE SKIP LOCKED` and a lease) keeps two instances from sending one delivery twice and
 * a restart from losing one. Every try goes through the outbound guard: the URL's addresses are
 * checked again at each connection, so a name that now points inside is refused.
 */
export function createWebhookWorker(deps: {
  repository: WebhookRepository;
  box: SecretBox;
  fetch: OutboundFetch;
  now: () => Date;
  log: WebhookWorkerLog;
  /** Tells the owners an endpoint was turned off after a run of failures. */
  onDisabled: (companyId: string, endpointId: string) => Promise<void>;
  pollMs?: number;
}): WebhookWorker {
  const { repository, box, fetch, now, log, pollMs = 5_000 } = deps;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  async function send(delivery: ClaimedDelivery): Promise<TryResult> {
    const secret = await box.open(delivery.sealedSecret);
    if (!secret) return { status: null, latencyMs: null, excerpt: null, error: 'secret' };
    const started = performance.now();
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, delivery.payload, now()),
          'rec-event-id': delivery.eventId,
          'rec-event-type': delivery.eventType,
          'rec-delivery-id': delivery.id,
        },
        body: delivery.payload,
      });
      const text = await response.text().catch(() => '');
      return { status: response.status, latencyMs: Math.round(performance.now() - started), excerpt: text.slice(0, EXCERPT_CHARS) || null, error: null };
    } catch (error) {
      const refusal = outboundRefusalOf(error);
      const reason = refusal ? (refusal.reason === 'timeout' ? 'timeout' : refusal.reason === 'tooLarge' ? 'tooLarge' : 'refused') : 'network';
      return { status: null, latencyMs: Math.round(performance.now() - started), excerpt: null, error: reason };
    }
  }

  async function tryOne(delivery: ClaimedDelivery): Promise<void> {
    const result = await send(delivery);
    const at = now();
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    if (ok) {
      await repository.recordTry(delivery.id, { ...result, state: 'delivered', nextAttemptAt: null, at });
      await repository.resetStreak(delivery.endpointId);
      return;
    }
    const delay = retryDelay(delivery.attempts);
    await repository.recordTry(delivery.id, {
      ...result,
      state: delay === undefined ? 'dead' : 'pending',
      nextAttemptAt: delay === undefined ? null : new Date(at.getTime() + delay),
      at,
    });
    // The endpoint's URL is never logged (it may carry the receiver's token).
    log.warn({ deliveryId: delivery.id, endpointId: delivery.endpointId, status: result.status, error: result.error, attempts: delivery.attempts }, 'webhook delivery failed');
    if (await repository.countFailure(delivery.endpointId, DISABLE_AFTER_FAILURES, at)) {
      await deps.onDisabled(delivery.companyId, delivery.endpointId).catch((error: unknown) => log.error({ err: error, endpointId: delivery.endpointId }, 'webhook disabled mail failed'));
    }
  }

  async function runDue(): Promise<number> {
    let tries = 0;
    for (;;) {
      const at = now();
      const claimed = await repository.claimDue(at, new Date(at.getTime() + CLAIM_LEASE_MS), BATCH);
      if (!claimed.length) return tries;
      await Promise.all(claimed.map((delivery) => tryOne(delivery).catch((error: unknown) => log.error({ err: error, deliveryId: delivery.id }, 'webhook try not recorded'))));
      tries += claimed.length;
    }
  }

  function run(): void {
    if (running) {
      again = true;
      return;
    }
    running = runDue()
      .catch((error: unknown) => {
        log.error({ err: error }, 'webhook deliveries not claimed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          run();
        }
      });
  }

  return {
    runDue,
    kick() {
      if (!stopped) run();
    },
    start() {
      if (timer) return;
      stopped = false;
      timer = setInterval(run, pollMs);
      timer.unref?.();
      run();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      while (running) await running;
    },
  };
}
