import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { type DomainEvents, isDomainEvent } from './domain-events';

/** One channel for every domain event; the payload names its sender so it skips its own echo. */
export const DOMAIN_EVENTS_CHANNEL = 'rec:domain-events';

export interface RedisEventTransport {
  /** Resolves once the subscription is active (an event published before that would be missed). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Carries local domain events to the other instances and theirs to this one, over Redis pub/sub
 * (fire and forget: a cache entry missed by a lost message still expires with the CDN minute, and
 * a reconnecting subscriber clears the cache, see below).
 */
export function connectRedisEvents(
  events: DomainEvents,
  redisUrl: string,
  options: {
    log?: { warn(object: unknown, message: string): void };
    /** Called when the subscription comes back after a lost connection: events may have been missed. */
    onResync?: () => void;
  } = {},
): RedisEventTransport {
  const { log } = options;
  const instanceId = randomBytes(8).toString('hex');
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });

  const unsubscribe = events.subscribe((event, origin) => {
    if (origin !== 'local') return;
    publisher.publish(DOMAIN_EVENTS_CHANNEL, JSON.stringify({ from: instanceId, event })).catch((error: unknown) => {
      log?.warn({ err: error }, 'domain event not published to Redis');
    });
  });

  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== DOMAIN_EVENTS_CHANNEL) return;
    try {
      const parsed = JSON.parse(message) as { from?: unknown; event?: unknown };
      if (parsed.from !== instanceId && isDomainEvent(parsed.event)) events.deliverRemote(parsed.event);
    } catch {
      log?.warn({}, 'malformed domain event message from Redis ignored');
    }
  });
  let connections = 0;
  subscriber.on('ready', () => {
    connections += 1;
    if (connections > 1) options.onResync?.();
  });
  const ready = subscriber.subscribe(DOMAIN_EVENTS_CHANNEL).then(() => undefined);

  return {
    ready,
    async close() {
      unsubscribe();
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
