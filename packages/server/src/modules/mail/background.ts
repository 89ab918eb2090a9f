import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer is sent (creating a sign-in token and mailing it), so a request for
 * a known email answers as fast as one for an unknown email. Failures are logged, never thrown.
 * `idle()` lets tests wait for the mail to be written.
 */
export function createBackgroundTasks() {
  const running = new Set<Promise<void>>();
  return {
    run(log: FastifyBaseLogger, task: () => Promise<void>): void {
      const promise = task()
        .catch((error: unknown) => log.error({ err: error }, 'background task failed'))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async idle(): Promise<void> {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
