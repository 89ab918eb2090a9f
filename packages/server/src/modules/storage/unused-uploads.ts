import { type FileStorage, type RemovalLog, removeStoredFiles } from './file-storage';
import { removeOrphanFiles } from './orphan-files';
import type { UploadRepository } from './repository';
import { hourlyPeriod, type Scheduler } from '../jobs/scheduler';

/**
 * A candidate has an hour to submit the form a CV was uploaded for: long enough to fill it in,
 * short enough that anonymous uploads cannot pile up on disk (issue 8, finding 5).
 */
export const UNUSED_UPLOAD_MAX_AGE_MS = 60 * 60 * 1000;
/** Its name in `job_runs`. */
export const UNUSED_UPLOAD_SWEEP_JOB = 'uploads.sweep-unused';

export interface UnusedUploadSweeper {
  /** Deletes the unused uploads older than the maximum age, records and files; answers how many. */
  sweep(): Promise<number>;
  /** Removes the files a crash left (see removeOrphanFiles). */
  removeLeftovers(): Promise<void>;
  /**
   * Sweeps once an hour across all instances (the scheduler's claim in `job_runs`), and removes
   * leftovers at start-up.
   */
  schedule(scheduler: Pick<Scheduler, 'register'>): void;
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

  return {
    sweep,
    removeLeftovers,
    schedule(scheduler) {
      scheduler.register(UNUSED_UPLOAD_SWEEP_JOB, hourlyPeriod, sweep);
    },
  };
}
