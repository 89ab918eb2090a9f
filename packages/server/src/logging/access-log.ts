import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { AccessLogSettings } from '../config';

/** Why a request got its line: collectors multiply `sampled` lines by 1 / LOG_ACCESS_SAMPLE to count traffic. */
export type AccessReason = 'error' | 'slow' | 'all' | 'sampled';

/**
 * Which requests are logged, decided once per request when its answer is sent (Fastify calls
 * `requestCompleted` from its own response listener: no hook of ours on the way).
 *
 * Fastify's default writes two lines per request ("incoming request", "request completed"): 440 MB
 * of JSON in a few minutes of load, and a third of the public API's CPU (issue 27). Here: no
 * "incoming request" line; one "request completed" line for every 5xx (level error, beside the
 * error handler's "request failed" with its safeError), every request slower than `slowMs` (warn),
 * and a `sample` of the others (info), or all of them with `mode: 'all'`. Lines carry the request
 * (method, secret-free URL, route), the status, the time in ms and the reason.
 */
export class AccessLogController extends LogController {
  readonly settings: AccessLogSettings;
  readonly #random: () => number;

  constructor(settings: AccessLogSettings, random: () => number = Math.random) {
    super();
    this.settings = settings;
    this.#random = random;
  }

  /** The reason to log a request answered with `statusCode` after `ms`, or undefined to stay silent. */
  reasonFor(statusCode: number, ms: number): AccessReason | undefined {
    if (statusCode >= 500) return 'error';
    const { mode, sample, slowMs } = this.settings;
    if (slowMs > 0 && ms >= slowMs) return 'slow';
    if (mode === 'all') return 'all';
    if (sample > 0 && this.#random() < sample) return 'sampled';
    return undefined;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = reply.elapsedTime;
    if (error) {
      // The response itself failed (a broken stream): always logged, the error through safeError.
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
      return;
    }
    const access = this.reasonFor(reply.statusCode, responseTime);
    if (access === undefined) return;
    const line = { req: request, res: reply, responseTime, access };
    if (access === 'error') reply.log.error(line, 'request completed');
    else if (access === 'slow') reply.log.warn(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
