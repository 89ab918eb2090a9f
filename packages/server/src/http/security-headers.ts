import type { FastifyInstance } from 'fastify';

/**
 * `nosniff` on every answer (a JSON body must never be run as a script or rendered as HTML), and
 * a referrer policy on HTML pages so offer URLs with tokens do not leak to third-party links.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    }
    return payload;
  });
}
