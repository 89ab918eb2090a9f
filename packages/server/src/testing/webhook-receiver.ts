import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Date.now() when it arrived. */
  at: number;
}

/**
 * A webhook receiver on localhost for tests: records every request and answers `status()` (200
 * unless the test says otherwise).
 */
export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  status: number;
  /** Waits until `count` requests arrived (or throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const receiver: Partial<WebhookReceiver> & { status: number; received: ReceivedHook[] } = { received, status: 200 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString(), at: Date.now() });
      response.writeHead(receiver.status, { 'content-type': 'text/plain' });
      response.end(receiver.status < 300 ? 'ok' : 'receiver down');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${bound}/hook`;
  receiver.waitFor = async (count, timeoutMs = 3000) => {
    const started = Date.now();
    while (received.length < count) {
      if (Date.now() - started > timeoutMs) throw new Error(`the receiver got ${received.length} of ${count} requests in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return received.slice(0, count);
  };
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver as WebhookReceiver;
}
