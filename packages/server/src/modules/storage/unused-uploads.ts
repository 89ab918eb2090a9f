import { type FileStorage, type RemovalLog, removeStoredFiles } from './file-storage';
import { removeOrphanFiles } from './orphan-files';
import type { UploadRepository } from './repository';

/**
 * A candidate has an hour to submit the form a CV was uploaded for: long enough to fill it in,
 * short enough that anonymous uploads cannot pile up on disk (issue 8, finding 5).
 */
export const UNUSED_UPLOAD_MAX_AGE_MS = 60 * 60 * 1000;
/** How often an instance sweeps (several instances sweeping at once is harmless: each row goes once). */
export const UNUSED_UPLOAD_SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface UnusedUploadSweeper {
  /** Deletes the unused uploads older than the maximum age, records and files; answers how many. */
  sweep(): Promise<number>;
  /**
   * Removes the files a crash left at once, then sweeps every UNUSED_UPLOAD_SWEEP_EVERY_MS (first
   * after a minute) until stop().
   */
  start(): void;
  /** Stops the schedule and waits for a sweep under way (before the database closes). */
  stop(): Promise<void>;
}

/**
 * CVs uploaded for an application that was never submitted are personal data nobody needs:
 * they are removed after an hour instead of staying on disk for ever. Each sweep also removes
 * the files a crash left behind (see removeOrphanFiles). A file that cannot be removed is
 * logged; its record is gone, so nothing serves it any more.
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

  async function removeLeftovers(): Promise<void> {
    const left = await removeOrphanFiles({ storage, uploads, log });
    if (left.partial || left.orphans) log.info(left, 'removed files a crash left behind');
  }

  async function sweep(): Promise<number> {
    const keys = await uploads.deleteUnusedBefore(new Date(now().getTime() - maxAgeMs));
    await removeStoredFiles(storage, keys, log);
    if (keys.length) log.info({ count: keys.length }, 'removed unused uploads');
    await removeLeftovers();
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
      if (timer) return;
      // Files a crash left go at start-up, before anyone asks for more disk.
      running = removeLeftovers()
        .catch((error: unknown) => log.error({ err: error }, 'start-up sweep of leftover files failed'))
        .then(() => 0)
        .finally(() => {
          running = undefined;
        });
      schedule(60_000);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
