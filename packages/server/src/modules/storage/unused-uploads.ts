import { type FileStorage, type RemovalLog, removeStoredFiles } from './file-storage';
import { type NamedKeys, PARTIAL_FILE_MAX_AGE_MS, removeOrphanFiles } from './orphan-files';
import type { UploadRepository } from './repository';
import { everyPeriod, hourlyPeriod, type Scheduler } from '../jobs/scheduler';

/**
 * The default time a candidate has to submit the form a CV was uploaded for (UPLOAD_PENDING_MINUTES):
 * long enough to fill it in, short enough that held files turn over and no one keeps a company's
 * bound full for long (issue 8 finding 5, issue 24 M2).
 */
export const UNUSED_UPLOAD_MAX_AGE_MS = 20 * 60 * 1000;
/** Their names in `job_runs`. */
export const UNUSED_UPLOAD_SWEEP_JOB = 'uploads.sweep-unused';
export const LEFTOVER_FILES_SWEEP_JOB = 'uploads.sweep-leftovers';
/** How often unused CVs are removed (a fraction of their maximum age). */
export const UNUSED_UPLOAD_SWEEP_MS = 5 * 60 * 1000;

/** Another namespace of the file store whose crash leftovers are swept too (step files, interview answers). */
export interface LeftoverNamespace {
  name: string;
  storage: FileStorage;
  named: NamedKeys;
  /** See removeOrphanFiles: where files exist before their record. */
  orphanMinAgeMs?: number;
}

export interface UnusedUploadSweeper {
  /** Deletes the unused uploads older than the maximum age, records and files, then the leftovers; answers how many uploads. */
  sweep(): Promise<number>;
  /** Removes the files a crash left in every namespace (see removeOrphanFiles). */
  removeLeftovers(): Promise<void>;
  /**
   * Removes unused CVs every five minutes and leftovers hourly, across all instances (the
   * scheduler's claim in `job_runs`); leftovers also go at start-up (the caller's onReady).
   */
  schedule(scheduler: Pick<Scheduler, 'register'>): void;
}

/**
 * CVs uploaded for an application that was never submitted are personal data nobody needs:
 * they are removed after `maxAgeMs`. The sweep also removes the files a crash left behind in
 * every namespace: partial writes of CVs, step files and logos, and stored files no record names
 * (an interview answer created just before a kill -9). A file that cannot be removed is logged.
 */
export function createUnusedUploadSweeper(deps: {
  uploads: UploadRepository;
  storage: FileStorage;
  now: () => Date;
  log: RemovalLog & { info(details: object, message: string): void };
  maxAgeMs?: number;
  others?: readonly LeftoverNamespace[];
}): UnusedUploadSweeper {
  const { uploads, storage, now, log, maxAgeMs = UNUSED_UPLOAD_MAX_AGE_MS, others = [] } = deps;
  const namespaces: LeftoverNamespace[] = [{ name: 'uploads', storage, named: uploads }, ...others];

  async function removeLeftovers(): Promise<void> {
    for (const namespace of namespaces) {
      const left = await removeOrphanFiles({ storage: namespace.storage, named: namespace.named, log, orphanMinAgeMs: namespace.orphanMinAgeMs });
      if (left.partial || left.orphans) log.info({ ...left, namespace: namespace.name }, 'removed files a crash left behind');
    }
  }

  async function sweepUnused(): Promise<number> {
    const keys = await uploads.deleteUnusedBefore(new Date(now().getTime() - maxAgeMs));
    await removeStoredFiles(storage, keys, log);
    if (keys.length) log.info({ count: keys.length }, 'removed unused uploads');
    return keys.length;
  }

  return {
    async sweep() {
      const count = await sweepUnused();
      await removeLeftovers();
      return count;
    },
    removeLeftovers,
    schedule(scheduler) {
      scheduler.register(UNUSED_UPLOAD_SWEEP_JOB, everyPeriod(UNUSED_UPLOAD_SWEEP_MS), sweepUnused);
      scheduler.register(LEFTOVER_FILES_SWEEP_JOB, hourlyPeriod, removeLeftovers);
    },
  };
}

/** Growing files (interview answers) are created before their row: a fresh one without a row is a write under way. */
export const GROWING_FILE_MIN_AGE_MS = PARTIAL_FILE_MAX_AGE_MS;
