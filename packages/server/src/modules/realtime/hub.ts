import { type RealtimeEvent, type RealtimeEventData, type RealtimeServerMessage, subscriptionKey } from '@rec/core/realtime';
import type { DomainEvent } from '../domain-events/domain-events';
import { type FrameSink, type FrameSinkSource, frameSinkOf, prepareText } from './prepared-frame';

/** The part of a `ws` socket the hub uses (tests and the bench pass the real one). */
export interface HubSocket extends FrameSinkSource {
  readonly bufferedAmount: number;
  readonly readyState: number;
  /** `binary: false`: a text frame even for bytes (one encoding shared by every receiver). */
  send(data: Buffer, options: { binary: boolean }): void;
  ping(): void;
  terminate(): void;
}

const OPEN = 1;
const TEXT = { binary: false };

export interface HubOptions {
  /** A client with more than this many bytes not yet written is dropped, not buffered without bound. */
  maxBufferedBytes?: number;
  /** Subscriptions one socket may hold. */
  maxSubscriptions?: number;
}

interface Connection {
  socket: HubSocket;
  /** Where prepared frames go; null: through `socket.send`. */
  sink: FrameSink | null;
  /** key -> the company the subscription was granted for. */
  subscriptions: Map<string, string>;
  alive: boolean;
}

/**
 * The recipients of a subscription key within one company. The company is part of the index, so
 * a key shared by name (the company store) never crosses tenants, and delivery is one lookup with
 * no per-socket check.
 */
const recipientsKey = (companyId: string, key: string) => `${companyId} ${key}`;

export interface RealtimeHub {
  add(socket: HubSocket): void;
  remove(socket: HubSocket): void;
  /** Records a granted subscription; false when the socket holds too many already. */
  subscribe(socket: HubSocket, key: string, companyId: string): boolean;
  unsubscribe(socket: HubSocket, key: string): void;
  pong(socket: HubSocket): void;
  /** One heartbeat round: sockets that did not answer the previous ping are terminated, the others pinged. */
  heartbeat(): void;
  /** Fans a domain event out to the sockets subscribed to it (in this process). */
  publish(event: DomainEvent): void;
  readonly size: number;
  /** Sockets dropped for a full buffer since start (the bench and tests read it). */
  readonly dropped: number;
}

/** The realtime subscription keys a domain event is delivered under, with the payload sent. */
export function deliveriesOf(event: DomainEvent): Array<{ event: RealtimeEvent; key: string; data: RealtimeEventData }> {
  const base = { companyId: event.companyId };
  switch (event.type) {
    case 'APPLICATION_CREATED':
    case 'CANDIDATE_UPDATED': {
      const data = { ...base, openingId: event.openingId, applicationId: event.applicationId };
      return [{ event: event.type, key: subscriptionKey(event.type, { openingId: event.openingId }), data }];
    }
    case 'APPLICATION_STEP_FINISHED':
    case 'CANDIDATE_EXTERNAL_SERVICE_LINKED': {
      const data: RealtimeEventData = { ...base, applicationId: event.applicationId, stepId: event.stepId, ...(event.openingId ? { openingId: event.openingId } : {}) };
      if (event.type === 'APPLICATION_STEP_FINISHED') data.finished = event.finished;
      const keys = [subscriptionKey(event.type, { applicationId: event.applicationId })];
      if (event.openingId) keys.push(subscriptionKey(event.type, { openingId: event.openingId }));
      return keys.map((key) => ({ event: event.type, key, data }));
    }
    // The stores refreshable by name (spec §4): the opening page and the company's settings refetch.
    case 'OPENING_CHANGED': {
      const data: RealtimeEventData = { ...base, resource: 'opening', id: event.openingId };
      return [{ event: 'REFRESH_RESOURCE', key: subscriptionKey('REFRESH_RESOURCE', { resource: 'opening', id: event.openingId }), data }];
    }
    case 'COMPANY_CHANGED':
    case 'BRAND_CHANGED':
    case 'LOGO_CHANGED':
      return [{ event: 'REFRESH_RESOURCE', key: subscriptionKey('REFRESH_RESOURCE', { resource: 'company' }), data: { ...base, resource: 'company' } }];
    // The recruiter's own tabs (by id) and whoever follows the company's recruiters (no id).
    case 'RECRUITER_CHANGED': {
      const data: RealtimeEventData = { ...base, resource: 'recruiter', id: event.accountId };
      return [subscriptionKey('REFRESH_RESOURCE', { resource: 'recruiter', id: event.accountId }), subscriptionKey('REFRESH_RESOURCE', { resource: 'recruiter' })].map((key) => ({
        event: 'REFRESH_RESOURCE' as const,
        key,
        data,
      }));
    }
    default:
      return [];
  }
}

/**
 * The sockets of this process and what each follows, indexed by (company, key) as subscriptions are
 * granted: an event reaches only the sockets granted its key for its company.
 */
export function createRealtimeHub(options: HubOptions = {}): RealtimeHub {
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  const maxSubscriptions = options.maxSubscriptions ?? 200;
  const connections = new Map<HubSocket, Connection>();
  const recipients = new Map<string, Set<Connection>>();
  let dropped = 0;

  function drop(connection: Connection): void {
    for (const key of connection.subscriptions.keys()) forget(connection, key);
    connections.delete(connection.socket);
    connection.socket.terminate();
  }
  function forget(connection: Connection, key: string): void {
    const companyId = connection.subscriptions.get(key);
    if (companyId === undefined) return;
    connection.subscriptions.delete(key);
    const index = recipientsKey(companyId, key);
    const set = recipients.get(index);
    set?.delete(connection);
    if (set?.size === 0) recipients.delete(index);
  }

  return {
    add(socket) {
      connections.set(socket, { socket, sink: frameSinkOf(socket), subscriptions: new Map(), alive: true });
    },
    remove(socket) {
      const connection = connections.get(socket);
      if (!connection) return;
      for (const key of [...connection.subscriptions.keys()]) forget(connection, key);
      connections.delete(socket);
    },
    subscribe(socket, key, companyId) {
      const connection = connections.get(socket);
      if (!connection) return false;
      if (!connection.subscriptions.has(key) && connection.subscriptions.size >= maxSubscriptions) return false;
      // Granted again for another company (another credential): only the latest grant counts.
      forget(connection, key);
      connection.subscriptions.set(key, companyId);
      const index = recipientsKey(companyId, key);
      const set = recipients.get(index) ?? new Set<Connection>();
      recipients.set(index, set);
      set.add(connection);
      return true;
    },
    unsubscribe(socket, key) {
      const connection = connections.get(socket);
      if (connection) forget(connection, key);
    },
    pong(socket) {
      const connection = connections.get(socket);
      if (connection) connection.alive = true;
    },
    heartbeat() {
      for (const connection of [...connections.values()]) {
        if (!connection.alive) {
          drop(connection);
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
      }
    },
    publish(event) {
      for (const delivery of deliveriesOf(event)) {
        const set = recipients.get(recipientsKey(event.companyId, delivery.key));
        if (!set) continue;
        // Serialised and framed once for every receiver; all of them written in this one tick.
        const message: RealtimeServerMessage = { type: 'event', event: delivery.event, key: delivery.key, data: delivery.data };
        const prepared = prepareText(JSON.stringify(message));
        // A Set may lose its current member while iterated (a dropped socket): no copy needed.
        for (const connection of set) {
          const { socket, sink } = connection;
          if (socket.readyState !== OPEN) continue;
          if (socket.bufferedAmount > maxBuffered) {
            dropped += 1;
            drop(connection);
            continue;
          }
          if (sink) sink.write(prepared.frame);
          else socket.send(prepared.payload, TEXT);
        }
      }
    },
    get size() {
      return connections.size;
    },
    get dropped() {
      return dropped;
    },
  };
}
