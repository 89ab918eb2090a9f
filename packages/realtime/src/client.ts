import { type RealtimeEvent, type RealtimeEventData, type RealtimeParams, type RealtimeServerMessage, subscriptionKey } from '@rec/core/realtime';

/** What the client needs of a WebSocket (the browser's, `ws` in node, a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface RealtimeClientOptions {
  url: string;
  createSocket?: (url: string) => SocketLike;
  /** Spec §9: reconnect 2000 ms after a close. */
  reconnectMs?: number;
  /** Spec §9: a message sent while the socket is not open is retried every 100 ms. */
  retryMs?: number;
}

export type RealtimeListener = (data: RealtimeEventData, event: RealtimeEvent) => void;
/** The server refused the subscription (an error key: not allowed, not signed in…). */
export type RealtimeErrorListener = (error: string) => void;

export interface RealtimeClient {
  /** Follows `event` with `params`; returns the function that stops following. */
  subscribe(event: RealtimeEvent, params: RealtimeParams, onEvent: RealtimeListener, onError?: RealtimeErrorListener): () => void;
  /** Closes the socket for good (tests, sign-out). */
  close(): void;
  /** Whether the socket is open now. */
  readonly connected: boolean;
}

const OPEN = 1;

interface Subscription {
  event: RealtimeEvent;
  params: RealtimeParams;
  listeners: Set<{ onEvent: RealtimeListener; onError?: RealtimeErrorListener }>;
}

/**
 * One socket carrying every subscription of the page. A subscription is sent once however many
 * listeners share it; after a close the client reconnects 2000 ms later and subscribes again to
 * everything it follows, so callers never resubscribe by hand.
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const reconnectMs = options.reconnectMs ?? 2000;
  const retryMs = options.retryMs ?? 100;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const subscriptions = new Map<string, Subscription>();
  let socket: SocketLike | null = null;
  /** Keys subscribed on the current socket (so a retried message is not sent twice). */
  let active = new Set<string>();
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  function connect(): void {
    if (socket || closed) return;
    const current = createSocket(options.url);
    socket = current;
    active = new Set();
    current.onopen = () => {
      for (const [key, subscription] of subscriptions) sendNow(key, 'subscribe', subscription);
    };
    current.onmessage = (message) => receive(message.data);
    current.onerror = () => {
      // A close follows every error: the reconnect is scheduled there.
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      active = new Set();
      if (!closed && subscriptions.size > 0) {
        clearTimeout(reconnectTimer);
        reconnectTimer = setTimeout(() => {
          reconnectTimer = undefined;
          connect();
        }, reconnectMs);
      }
    };
  }

  function sendNow(key: string, type: 'subscribe' | 'unsubscribe', subscription: Pick<Subscription, 'event' | 'params'>): void {
    socket?.send(JSON.stringify({ type, event: subscription.event, params: subscription.params }));
    if (type === 'subscribe') active.add(key);
    else active.delete(key);
  }

  /** Sends now when open, else retries every `retryMs` while the message still means something. */
  function send(key: string, type: 'subscribe' | 'unsubscribe', subscription: Pick<Subscription, 'event' | 'params'>): void {
    if (closed) return;
    // Already done by the resubscription on open, or overtaken by the opposite call.
    const wanted = type === 'subscribe' ? subscriptions.has(key) && !active.has(key) : !subscriptions.has(key) && active.has(key);
    if (!wanted) return;
    if (socket?.readyState === OPEN) {
      sendNow(key, type, subscription);
      return;
    }
    if (!socket && type === 'subscribe' && !reconnectTimer) connect();
    setTimeout(() => send(key, type, subscription), retryMs);
  }

  function receive(raw: unknown): void {
    let message: RealtimeServerMessage;
    try {
      message = JSON.parse(String(raw)) as RealtimeServerMessage;
    } catch {
      return;
    }
    if (message.type === 'event') {
      for (const listener of [...(subscriptions.get(message.key)?.listeners ?? [])]) listener.onEvent(message.data, message.event);
    } else if (message.type === 'error' && message.key) {
      const subscription = subscriptions.get(message.key);
      if (!subscription) return;
      // Refused: not asked again on the next reconnect either.
      subscriptions.delete(message.key);
      active.delete(message.key);
      for (const listener of [...subscription.listeners]) listener.onError?.(message.error);
    }
  }

  return {
    subscribe(event, params, onEvent, onError) {
      const key = subscriptionKey(event, params);
      let subscription = subscriptions.get(key);
      const listener = { onEvent, ...(onError ? { onError } : {}) };
      if (!subscription) {
        subscription = { event, params, listeners: new Set() };
        subscriptions.set(key, subscription);
        subscription.listeners.add(listener);
        // During the 2000 ms after a close the pending reconnect opens the socket, not this call.
        if (!reconnectTimer) connect();
        send(key, 'subscribe', subscription);
      } else subscription.listeners.add(listener);
      const owner = subscription;
      return () => {
        owner.listeners.delete(listener);
        if (owner.listeners.size > 0 || subscriptions.get(key) !== owner) return;
        subscriptions.delete(key);
        send(key, 'unsubscribe', owner);
      };
    },
    close() {
      closed = true;
      clearTimeout(reconnectTimer);
      subscriptions.clear();
      socket?.close();
      socket = null;
    },
    get connected() {
      return socket?.readyState === OPEN;
    },
  };
}
