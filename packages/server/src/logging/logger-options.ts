import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { loggableUrl } from './request-url';
import { safeError } from './safe-error';

/**
 * Secrets that a log line may reach through headers or logged objects. The request serializer
 * below logs no headers at all; these paths are the second line of defence for anything that
 * logs a request, a reply or a body by hand.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'password_hash',
  'token',
  'sessionToken',
  'idempotencyKey',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.sessionToken',
  '*.cookie',
  '*.authorization',
];

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

export type LogFormat = 'pretty' | 'json';

/**
 * Readable lines for a developer at a terminal; JSON lines (one object each, for a log
 * collector) in production, when piped, and in tests.
 */
export function logFormat(nodeEnv: Config['nodeEnv'], stdoutIsTTY: boolean): LogFormat {
  return nodeEnv === 'development' && stdoutIsTTY ? 'pretty' : 'json';
}

/** safeError in the shape pino's serializer type asks for (a stack, even an empty one). */
function loggableError(error: unknown) {
  const logged = safeError(error);
  return { ...logged, stack: logged.stack ?? '' };
}

interface RequestLike {
  method: string;
  url: string;
  routeOptions?: { url?: string };
}

/**
 * Fastify's logger options. `stream` (tests) captures the JSON lines instead of stdout.
 * Errors go through `safeError` whatever key they are logged under (`err`, `error`).
 */
export function loggerOptions(
  config: Pick<Config, 'nodeEnv' | 'logLevel'>,
  options: { stream?: { write(line: string): void }; stdoutIsTTY?: boolean } = {},
): LoggerOptions {
  const base: LoggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      err: loggableError,
      error: loggableError,
      req: (request: RequestLike) => ({ method: request.method, url: loggableUrl(request.url), route: request.routeOptions?.url }),
    },
  };
  if (options.stream) return { ...base, stream: options.stream };
  if (logFormat(config.nodeEnv, options.stdoutIsTTY ?? Boolean(process.stdout.isTTY)) === 'pretty') {
    return { ...base, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } };
  }
  return base;
}
