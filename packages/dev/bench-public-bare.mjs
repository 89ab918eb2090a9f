// The baseline of `npm run bench -- public`: bare Fastify (no hooks, no logger) in a process of its
// own, like the server it is compared with, answering each route with the bytes the server answered.
// Usage: node bench-public-bare.mjs <routes.json> <port>; routes.json: [{ route, body, contentType }].
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [routesFile, port] = process.argv.slice(2);
const routes = JSON.parse(readFileSync(routesFile, 'utf8'));
const app = Fastify({ logger: false });
for (const { route, body, contentType } of routes) {
  app.get(route, (_request, reply) => reply.type(contentType).send(body));
}
await app.listen({ host: '127.0.0.1', port: Number(port) });
console.log('bare Fastify ready');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
