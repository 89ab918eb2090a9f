import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Names this process in `job_runs.instance`: host and pid are enough to tell instances apart in a trace. */
export const INSTANCE_ID = `${process.env.HOSTNAME ?? 'local'}:${process.pid}:${randomBytes(3).toString('hex')}`;

/**
 * Claims `name` for `period` (a day "2026-11-23", an hour "2026-11-23T08"...). True on exactly
 * one instance however many race: the primary key (name, period) lets one insert through and the
 * others do nothing. The caller runs the job only when it is true.
 */
export async function claimJobRun(db: Kysely<Database>, name: string, period: string, now: Date = new Date(), instance: string = INSTANCE_ID): Promise<boolean> {
  const row = await db
    .insertInto('job_runs')
    .values({ name, period, instance, claimed_at: now })
    .onConflict((conflict) => conflict.columns(['name', 'period']).doNothing())
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

/** The UTC day of `now`: the period of a daily job. */
export function dailyPeriod(now: Date): string {
  return now.toISOString().slice(0, 10);
}
