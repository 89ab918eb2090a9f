import { type FileStorage, type RemovalLog, removeStoredFiles } from './file-storage';
import type { UploadRepository } from './repository';

/** A candidate has a day to submit the form a CV was uploaded for. */
export const UNUSED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How often an instance sweeps (several instances sweeping at once is harmless: each row goes once). */
export const UNUSED_UPLOAD_SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface UnusedUploadSweeper {
  /** Deletes the unused uploads older than the maximum age, records and files; answers how many. */
  sweep(): Promise<number>;
  /** Sweeps every UNUSED_UPLOAD_SWEEP_EVERY_MS (first after a minute) until stop(). */
  start(): void;
  /** Stops the schedule and waits for a sweep under way (before the database closes). */
  stop(): Promise<void>;
}

/**
 * CVs uploaded for an application that was never submitted are personal data nobody needs:
 * they are removed after a day instead of staying on disk for ever. A file that cannot be
 * removed is logged; its record is gone, so nothing serves it any more.
 */
export function createUnusedUploadSweeper(deps: {
  uploads: UploadRepository;
  storage: FileStorage;
  now: () => Date;
  log: RemovalLog & { info(details: object, message: string): void };
  maxAgeMs?: number;
}): UnusedUploadSweeper {
  const { uploads, storage, now, log, maxAgeMs = UNUSED_UPLOAD_MAX_AGE_MS } = deps;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | undefined;

  async function sweep(): Promise<number> {
    const keys = await uploads.deleteUnusedBefore(new Date(now().getTime() - maxAgeMs));
    await removeStoredFiles(storage, keys, log);
    if (keys.length) log.info({ count: keys.length }, 'removed unused uploads');
    return keys.length;
  }

  function schedule(delay: number): void {
    timer = setTimeout(() => {
      running = sweep()
        .catch((error: unknown) => {
          log.error({ err: error }, 'unused upload sweep failed');
          return 0;
        })
        .finally(() => {
          running = undefined;
          if (timer) schedule(UNUSED_UPLOAD_SWEEP_EVERY_MS);
        });
    }, delay);
    // Never the reason the process stays alive.
    timer.unref?.();
  }

  return {
    sweep,
    start() {
      if (!timer) schedule(60_000);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
