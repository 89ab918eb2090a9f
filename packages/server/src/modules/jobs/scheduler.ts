import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { claimJobRun, INSTANCE_ID } from './job-runs';

/** The period a job belongs to at `now` ("2026-11-23" for a daily job): it runs once per period. */
export type PeriodOf = (now: Date) => string;

/** An hour of UTC ("2026-11-23T08"). */
export const hourlyPeriod: PeriodOf = (now) => now.toISOString().slice(0, 13);

/** A period of `ms` milliseconds since the epoch, for jobs more frequent than hourly. */
export function everyPeriod(ms: number): PeriodOf {
  return (now) => `every-${ms}-${Math.floor(now.getTime() / ms)}`;
}

export interface SchedulerLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface Scheduler {
  /**
   * Runs `run` once per period of `periodOf` across every instance on the database (the first
   * instance to claim the period in `job_runs` runs it). Register before the app is ready.
   */
  register(name: string, periodOf: PeriodOf, run: () => Promise<unknown>): void;
  /** Checks every job now: runs those whose current period nobody claimed yet. Answers which ran here. */
  runDue(): Promise<string[]>;
  /** Checks every `tickMs` until stop() (app onReady). */
  start(): void;
  /** Stops checking and waits for jobs under way (app onClose, before the database closes). */
  stop(): Promise<void>;
}

interface Job {
  name: string;
  periodOf: PeriodOf;
  run: () => Promise<unknown>;
  /** The last period this instance checked: the database is asked once per period, not per tick. */
  checked?: string;
  running?: Promise<void>;
}

/**
 * Background jobs that run once per period across instances (issue 18): a row in `job_runs`
 * rather than a timer per process, so two instances never both send the reminder or both sweep.
 * A job that fails is logged and not retried in the same period (the next period runs it again).
 */
export function createScheduler(deps: { db: Kysely<Database>; log: SchedulerLog; now?: () => Date; tickMs?: number; instance?: string }): Scheduler {
  const { db, log, now = () => new Date(), tickMs = 60_000, instance = INSTANCE_ID } = deps;
  const jobs = new Map<string, Job>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let ticking: Promise<string[]> | undefined;

  async function check(job: Job, at: Date): Promise<boolean> {
    const period = job.periodOf(at);
    if (job.checked === period || job.running) return false;
    job.checked = period;
    if (!(await claimJobRun(db, job.name, period, at, instance))) return false;
    job.running = job
      .run()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error, job: job.name, period }, 'background job failed'),
      )
      .finally(() => {
        job.running = undefined;
      });
    await job.running;
    return true;
  }

  async function runDue(): Promise<string[]> {
    const at = now();
    const ran: string[] = [];
    for (const job of jobs.values()) {
      const done = await check(job, at).catch((error: unknown) => {
        // The database was unreachable: ask again next tick.
        job.checked = undefined;
        log.error({ err: error, job: job.name }, 'could not claim a background job');
        return false;
      });
      if (done) ran.push(job.name);
    }
    return ran;
  }

  function tick(): void {
    if (ticking) return;
    ticking = runDue().finally(() => {
      ticking = undefined;
    });
  }

  return {
    register(name, periodOf, run) {
      if (jobs.has(name)) throw new Error(`background job ${name} is registered twice`);
      jobs.set(name, { name, periodOf, run });
    },
    runDue,
    start() {
      if (timer) return;
      timer = setInterval(tick, tickMs);
      // Never the reason the process stays alive.
      timer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await ticking;
      await Promise.all([...jobs.values()].map((job) => job.running));
    },
  };
}
