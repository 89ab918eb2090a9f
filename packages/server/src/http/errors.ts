import type { Socket } from 'node:net';
import { type ApiErrorBody, ERROR_KEYS, type ErrorKey } from '@rec/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPublicPath } from './public-paths';

/** An expected failure with its status and translation key; the error handler answers it as is. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly key: ErrorKey,
  ) {
    super(key);
  }
}

/** A 400 naming each invalid field with the translation key of its failed rule (`{ email: 'errors.email' }`). */
export class FieldsError extends HttpError {
  override name = 'FieldsError';
  constructor(readonly fields: Readonly<Record<string, string>>) {
    super(400, ERROR_KEYS.badRequest);
  }
}

/** A 401 for a sign-in link already used or expired, naming the email it was for (the page offers a new link to it). */
export class SpentLinkError extends HttpError {
  override name = 'SpentLinkError';
  constructor(
    key: ErrorKey,
    readonly email: string,
  ) {
    super(401, key);
  }
}

export function errorBody(statusCode: number, key: ErrorKey): ApiErrorBody {
  return { statusCode, error: key };
}

/** The key clients translate for a client-error status that no code of ours chose. */
export function keyForStatus(statusCode: number): ErrorKey {
  switch (statusCode) {
    case 403:
      return ERROR_KEYS.forbidden;
    case 404:
      return ERROR_KEYS.notFound;
    case 413:
      return ERROR_KEYS.payloadTooLarge;
    case 415:
      return ERROR_KEYS.unsupportedMediaType;
    case 429:
      return ERROR_KEYS.tooManyRequests;
    default:
      return ERROR_KEYS.badRequest;
  }
}

/**
 * The multipart parser under @fastify/multipart (@fastify/busboy) fails a malformed body (no
 * boundary, a body cut short, an over-long boundary) with a bare Error, no status: known by where
 * it was made, it is the client's fault (400), not a 500 (issue 24, found by the OpenAPI fuzz).
 */
const MULTIPART_PARSER = /[\\/]@fastify[\\/]busboy[\\/]/;

function clientErrorStatus(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return status;
  const stack = (error as { stack?: unknown } | null)?.stack;
  return status === undefined && typeof stack === 'string' && MULTIPART_PARSER.test(stack) ? 400 : undefined;
}

export function sendError(reply: FastifyReply, statusCode: number, key: ErrorKey): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(errorBody(statusCode, key));
}

/**
 * Every error leaves as `{ statusCode, error: <key> }`. Fastify's own client errors (bad JSON,
 * unsupported content type, body too large...) keep their 4xx status; only a real fault is a 500,
 * logged with its stack and answered without details.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof FieldsError) {
      return reply.code(400).type('application/json; charset=utf-8').send({ ...errorBody(400, error.key), fields: error.fields });
    }
    if (error instanceof SpentLinkError) {
      return reply.code(401).type('application/json; charset=utf-8').send({ ...errorBody(401, error.key), details: { email: error.email } });
    }
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.key);
    const status = clientErrorStatus(error);
    if (status !== undefined) {
      // The status and code only: a parser's message can quote the body it refused.
      request.log.info({ statusCode: status, code: (error as { code?: unknown }).code }, 'client error');
      return sendError(reply, status, keyForStatus(status));
    }
    // With the request (method, secret-free URL, route): no "incoming request" line tells it any more.
    request.log.error({ req: request, err: error }, 'request failed');
    return sendError(reply, 500, ERROR_KEYS.generic);
  });
}

/**
 * Fastify's `frameworkErrors` option: router-level failures (a malformed percent-encoding in the
 * path, an over-long parameter) would otherwise bypass the error handler and answer Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = clientErrorStatus(error) ?? 400;
  // No hook runs on this path: add what the hooks would have.
  reply.header('x-content-type-options', 'nosniff');
  if (isPublicPath(request.url)) reply.header('access-control-allow-origin', '*');
  sendError(reply, status, keyForStatus(status));
}

/**
 * Fastify's `clientErrorHandler` option: requests node's parser rejects before Fastify sees them
 * (header overflow, malformed request line). Same answer shape as every other error.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout']
        : [400, 'Bad Request'];
  const body = JSON.stringify(errorBody(status, ERROR_KEYS.badRequest));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
