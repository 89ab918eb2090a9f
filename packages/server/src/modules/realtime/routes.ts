import websocket from '@fastify/websocket';
import { ERROR_KEYS } from '@rec/core';
import { REALTIME_ERRORS, REALTIME_PATH, RealtimeClientMessageSchema, type RealtimeServerMessage, subscriptionKey } from '@rec/core/realtime';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type WebSocket from 'ws';
import { isOwnOrigin } from '../../http/auth';
import { HttpError, sendError } from '../../http/errors';
import type { DomainEvents } from '../domain-events/domain-events';
import type { RealtimeAccess } from './access';
import type { RealtimeHub } from './hub';
import type { LiveSessions } from './session-watch';

export interface RealtimeOptions {
  hub: RealtimeHub;
  events: DomainEvents;
  access: RealtimeAccess;
  publicUrl: string;
  cookieName: string;
  /** How often sockets are pinged; one missed pong and the socket is terminated. Signed-in sockets re-check their session as often. */
  heartbeatMs?: number;
  /** Which of the sessions behind open sockets still hold (session-watch.ts). */
  liveSessions: LiveSessions;
  /** Open sockets one client address may hold (REALTIME_SOCKETS_PER_ADDRESS). */
  maxSocketsPerAddress: number;
}

/** Close code of a socket whose session ended (signed out, revoked, member removed, company suspended). */
export const CLOSE_SESSION_ENDED = 4401;
/** Close code of a socket over the per-address limit: 1013, "try again later" (RFC 6455 registry). */
export const CLOSE_TOO_MANY_SOCKETS = 1013;

/** A client message is a few hundred bytes: anything larger is not one of ours. */
const MAX_MESSAGE_BYTES = 4096;
/** Messages of one socket waiting for their answer; more and the socket is closed (policy violation). */
const MAX_PENDING_MESSAGES = 50;

const send = (socket: WebSocket, message: RealtimeServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/**
 * The realtime websocket (issue 15). Fan-out listens to the domain events, local and relayed from
 * the other instances by the Redis transport, so one pub/sub carries caches and sockets alike.
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeOptions> = async (app, options) => {
  const { hub } = options;
  const publicOrigin = new URL(options.publicUrl).origin;
  /** The session behind each signed-in socket, to close it once the session is gone (issue 24, L2). */
  const watched = new Map<WebSocket, { sessionHash: string; companyId: string | null; accountId: string }>();
  /** Open sockets per client address (issue 24, L6). */
  const perAddress = new Map<string, number>();

  async function recheck(concerned: (entry: { companyId: string | null; accountId: string }) => boolean): Promise<void> {
    const entries = [...watched].filter(([, entry]) => concerned(entry));
    if (entries.length === 0) return;
    const live = await options.liveSessions(entries.map(([, entry]) => entry.sessionHash));
    for (const [socket, entry] of entries) {
      if (live.has(entry.sessionHash)) continue;
      watched.delete(socket);
      hub.remove(socket);
      socket.close(CLOSE_SESSION_ENDED, 'session ended');
    }
  }
  const recheckLogged = (concerned: Parameters<typeof recheck>[0]) => {
    recheck(concerned).catch((error: unknown) => app.log.error({ err: error }, 'realtime session re-check failed'));
  };

  const stop = options.events.subscribe((event) => {
    hub.publish(event);
    // Sessions ended, or the company changed (a suspension): its sockets re-check before the next event.
    if (event.type === 'SESSIONS_ENDED' || event.type === 'COMPANY_CHANGED') {
      const accountId = event.type === 'SESSIONS_ENDED' ? event.accountId : undefined;
      recheckLogged((entry) => entry.companyId === event.companyId || (accountId !== undefined && entry.accountId === accountId));
    }
  });
  const heartbeat = setInterval(() => {
    hub.heartbeat();
    // A sign-out or an expiry no event tells of is caught here.
    recheckLogged(() => true);
  }, options.heartbeatMs ?? 30_000);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    stop();
    clearInterval(heartbeat);
  });
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false } });

  /** A socket with the session cookie must come from our page, as every cookie write must (else 403, no upgrade). */
  async function checkOrigin(request: FastifyRequest) {
    if (request.cookies[options.cookieName] !== undefined && !isOwnOrigin(request, publicOrigin)) throw new HttpError(403, ERROR_KEYS.forbidden);
  }

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    config: { apiDoc: { summary: 'The realtime websocket (live updates of the back-office)', access: 'session' } },
    preHandler: checkOrigin,
    // A plain GET is not a websocket: 426 tells what the route wants.
    handler: async (_request, reply) => sendError(reply.header('upgrade', 'websocket'), 426, ERROR_KEYS.badRequest),
    wsHandler: (socket, request) => {
      // The session is read once, at the upgrade. A socket outliving a sign-out only ever carries ids:
      // what they name is fetched with the cookie, which is then refused.
      const auth = request.auth;
      const address = request.ip;
      const open = (perAddress.get(address) ?? 0) + 1;
      if (open > options.maxSocketsPerAddress) {
        socket.close(CLOSE_TOO_MANY_SOCKETS, 'too many connections');
        return;
      }
      perAddress.set(address, open);
      socket.once('close', () => {
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
        watched.delete(socket);
      });
      if (auth) watched.set(socket, { sessionHash: auth.sessionHash, companyId: auth.tenantId, accountId: auth.account.id });
      hub.add(socket);
      socket.on('pong', () => hub.pong(socket));
      socket.on('close', () => hub.remove(socket));
      socket.on('error', () => hub.remove(socket));
      // Answers go in the order the messages came, so a subscribe then unsubscribe stays unsubscribed.
      let queue = Promise.resolve();
      let pending = 0;
      socket.on('message', (raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
        // Each subscribe costs a database read: a client that sends faster than they are answered is cut off.
        if (++pending > MAX_PENDING_MESSAGES) {
          hub.remove(socket);
          socket.close(1008, 'too many messages');
          return;
        }
        const text = Buffer.isBuffer(raw) ? raw.toString() : Array.isArray(raw) ? Buffer.concat(raw).toString() : Buffer.from(raw).toString();
        queue = queue
          .then(() => handle(text, isBinary))
          .catch((error: unknown) => request.log.error({ err: error }, 'realtime message failed'))
          .finally(() => {
            pending -= 1;
          });
      });
      async function handle(text: string, isBinary: boolean): Promise<void> {
        let parsed: unknown;
        try {
          parsed = isBinary ? undefined : JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const result = v.safeParse(RealtimeClientMessageSchema, parsed);
        if (!result.success) return send(socket, { type: 'error', error: REALTIME_ERRORS.badMessage });
        const { type, event, params } = result.output;
        const key = subscriptionKey(event, params);
        if (type === 'unsubscribe') {
          hub.unsubscribe(socket, key);
          return send(socket, { type: 'unsubscribed', event, key });
        }
        const grant = await options.access.authorize(auth, event, params);
        if (!grant.ok) return send(socket, { type: 'error', event, key, error: grant.error });
        if (!hub.subscribe(socket, key, grant.companyId)) return send(socket, { type: 'error', event, key, error: REALTIME_ERRORS.tooManySubscriptions });
        send(socket, { type: 'subscribed', event, key });
      }
    },
  });
};
