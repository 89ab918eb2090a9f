import type { RealtimeClientMessage, RealtimeServerMessage } from '@rec/core/realtime';
import WebSocket from 'ws';

/** A websocket client for tests: collects the server's messages and waits for one that matches. */
export interface TestRealtimeClient {
  socket: WebSocket;
  messages: RealtimeServerMessage[];
  send(message: RealtimeClientMessage | string): void;
  /** The first message (already received or coming) that matches, else rejects after `timeoutMs`. */
  next(match: (message: RealtimeServerMessage) => boolean, timeoutMs?: number): Promise<RealtimeServerMessage>;
  close(): void;
}

/** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
export function connectRealtime(url: string, headers: Record<string, string> = {}): Promise<TestRealtimeClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const messages: RealtimeServerMessage[] = [];
    const waiters = new Set<() => void>();
    socket.on('message', (data) => {
      messages.push(JSON.parse(data.toString()) as RealtimeServerMessage);
      for (const waiter of [...waiters]) waiter();
    });
    socket.once('unexpected-response', (_request, response) => reject(Object.assign(new Error(`upgrade refused: ${response.statusCode}`), { statusCode: response.statusCode })));
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        messages,
        send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
        next(match, timeoutMs = 2000) {
          return new Promise((found, fail) => {
            let seen = 0;
            const check = () => {
              for (; seen < messages.length; seen += 1) {
                const message = messages[seen]!;
                if (match(message)) {
                  waiters.delete(check);
                  clearTimeout(timer);
                  found(message);
                  return;
                }
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching realtime message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close: () => socket.close(),
      }),
    );
  });
}
