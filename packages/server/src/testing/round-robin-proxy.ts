import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';

/**
 * A load balancer for tests: each request goes to the next upstream in turn; one whose instance
 * refuses the connection (it is down) goes to the following one, as a real balancer's health
 * check would. A request cut mid-way answers 502 (never acknowledged). Every answer carries
 * `x-upstream` (the index that served it), so a test can prove two instances shared the work.
 * `upstreams` may be filled after the proxy listens (its port is then taken before the instances pick theirs).
 */
export async function startRoundRobinProxy(upstreams: readonly string[], port = 0): Promise<{ base: string; close(): Promise<void> }> {
  let next = 0;
  const server: Server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const first = next++ % upstreams.length;
    for (let tried = 0; tried < upstreams.length; tried++) {
      const index = (first + tried) % upstreams.length;
      const answer = await forward(upstreams[index] ?? '', incoming, body).catch((error: NodeJS.ErrnoException) => error);
      if (answer instanceof Error) {
        if (answer.code === 'ECONNREFUSED') continue;
        outgoing.writeHead(502).end();
        return;
      }
      outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
      answer.pipe(outgoing);
      return;
    }
    outgoing.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  return {
    base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function forward(upstream: string, incoming: IncomingMessage, body: Buffer): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const target = new URL(incoming.url ?? '/', upstream);
    const outgoing = httpRequest(target, { method: incoming.method, headers: { ...incoming.headers, host: target.host } }, resolve);
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}
