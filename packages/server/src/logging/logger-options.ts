import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { redactSecrets } from './redact';
import { loggableUrl } from './request-url';
import { safeError } from './safe-error';

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
 * Errors go through `safeError` whatever key they are logged under (`err`, `error`); requests
 * are their method, secret-free URL and route (no headers, no body, no address); secrets logged
 * by hand are censored on the lines written (redact.ts), never per request. Which requests get
 * a line at all is the access log's choice (access-log.ts).
 */
export function loggerOptions(
  config: Pick<Config, 'nodeEnv' | 'logLevel'>,
  options: { stream?: { write(line: string): void }; stdoutIsTTY?: boolean } = {},
): LoggerOptions {
  const base: LoggerOptions = {
    level: config.logLevel,
    formatters: { log: redactSecrets },
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
