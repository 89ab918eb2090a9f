import { sql, type Insertable, type Kysely } from 'kysely';
import type { ApplicationStageEventsTable, ApplicationStepsTable, Database } from '../db/schema';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO } from './demo-ids';
import { DEMO_OPENING_IDS } from './demo-openings';
import { DEMO_PROCESS } from './demo-steps';

const DAY_MS = 24 * 60 * 60 * 1000;
const APPLICATION_PREFIX = '64b0a991';
const EVENT_PREFIX = '64b0e5e1';
const STEP_PREFIX = '64b0a5ea';

const hex = (prefix: string, n: number) => prefix + n.toString(16).padStart(16, '0');

/** The two Lumen openings whose pipeline the demo fills (demo-openings.ts: 30 and 15 applications). */
export const DEMO_PIPELINE = {
  openingIds: [DEMO_OPENING_IDS.published, DEMO_OPENING_IDS.publishedSmall],
  /** Applications of the first opening: demo person i applied to it for i in 0..29. */
  applicationOf: (i: number) => hex(APPLICATION_PREFIX, 0x100 + i),
} as const;

/** Where the demo people end up: every stage is present in both openings, most candidates early on. */
const TARGETS = ['NEW', 'IN_REVIEW', 'INTERVIEW', 'NEW', 'OFFER', 'IN_REVIEW', 'HIRED', 'REJECTED', 'NEW', 'IN_REVIEW'] as const;
const PATH = ['NEW', 'IN_REVIEW', 'INTERVIEW', 'OFFER', 'HIRED'] as const;
const REASONS = ['EXPERIENCE', 'LANGUAGE', 'NOT_QUALIFIED'] as const;

/** The stage path of a target: NEW up to it; a rejection after a review. */
function pathTo(target: (typeof TARGETS)[number]): string[] {
  if (target === 'REJECTED') return ['NEW', 'IN_REVIEW', 'REJECTED'];
  return PATH.slice(0, PATH.indexOf(target) + 1);
}

/**
 * The pipeline demo (issue 11): the applications of two Lumen openings of demo-openings.ts move
 * through every stage, moved by the owner, with a step process (form, interview, assessment)
 * whose progress follows the stage. Then every demo application still without a stage enters
 * the first one (the migration's backfill does this for real data; the seed runs after it).
 * Idempotent: fixed ids, `on conflict do nothing`; the backfill only touches applications without events.
 */
export async function seedDemoPipeline(db: Kysely<Database>): Promise<void> {
  const apps = await db
    .selectFrom('applications as a')
    .innerJoin('channels as c', (join) => join.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.channel_id'))
    .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
    .select(['a.id', 'a.created_at', 'p.opening_id'])
    .where('a.company_id', '=', DEMO.companyId)
    .where('p.opening_id', 'in', [...DEMO_PIPELINE.openingIds])
    .where('a.id', 'like', `${APPLICATION_PREFIX}%`)
    .orderBy('a.id')
    .execute();

  await insertPipelineHistory(db, {
    companyId: DEMO.companyId,
    actorId: DEMO_ACCOUNTS.owner.id,
    applications: apps.map((app) => ({ id: app.id, createdAt: app.created_at, n: Number.parseInt(app.id.slice(APPLICATION_PREFIX.length), 16) - 0x100 })),
    eventId: (n, k) => hex(EVENT_PREFIX, n * 8 + k),
    stepId: (n, position) => hex(STEP_PREFIX, n * 4 + position),
  });
  await sql`insert into application_stage_events (id, company_id, application_id, stage, entered_at)
    select lpad(to_hex(floor(extract(epoch from a.created_at))::bigint), 8, '0') || substr(md5(a.id || ':NEW'), 1, 16), a.company_id, a.id, 'NEW', a.created_at
    from applications a
    where not exists (select 1 from application_stage_events e where e.company_id = a.company_id and e.application_id = a.id)
    on conflict do nothing`.execute(db);
}

/** Applications whose pipeline history is written: `n` picks the stage each reaches (TARGETS). */
export interface PipelineHistoryTarget {
  companyId: string;
  /** Who moved them (the owner). */
  actorId: string;
  applications: ReadonlyArray<{ id: string; createdAt: Date | string; n: number }>;
  eventId: (n: number, k: number) => string;
  stepId: (n: number, position: number) => string;
}

/**
 * Every stage an application went through, moved by the owner, and the step process (form,
 * interview, assessment) whose progress follows the stage (`on conflict do nothing`).
 */
export async function insertPipelineHistory(db: Kysely<Database>, target: PipelineHistoryTarget): Promise<void> {
  const events: Insertable<ApplicationStageEventsTable>[] = [];
  const steps: Insertable<ApplicationStepsTable>[] = [];
  for (const app of target.applications) {
    const { n } = app;
    const path = pathTo(TARGETS[n % TARGETS.length] ?? 'NEW');
    const applied = new Date(app.createdAt).getTime();
    // Moves spread over the time since applying (at most a day apart), all in the past.
    const span = Math.min(DAY_MS, Math.max(60_000, (Date.now() - applied) / (path.length + 1)));
    path.forEach((stage, k) => {
      events.push({
        id: target.eventId(n, k),
        company_id: target.companyId,
        application_id: app.id,
        stage,
        entered_at: new Date(applied + k * span),
        actor_id: k === 0 ? null : target.actorId,
        reason: stage === 'REJECTED' ? (REASONS[n % REASONS.length] ?? 'OTHER') : null,
      } as Insertable<ApplicationStageEventsTable>);
    });
    const reviewed = path.length > 1;
    DEMO_PROCESS.steps.forEach((step, position) => {
      const status = position === 0 ? 'DONE' : position === 1 ? (reviewed ? 'DONE' : n % 2 ? 'STARTED' : 'PENDING') : path.length > 2 ? 'DONE' : 'PENDING';
      steps.push({
        id: target.stepId(n, position),
        company_id: target.companyId,
        application_id: app.id,
        position,
        product: step.product,
        config: step.config as Record<string, unknown>,
        status,
        progress: position === 0 ? { answers: { availability: n % 3 ? 'month' : 'now', licence: n % 4 ? 'yes' : 'no' } } : {},
        finished_at: status === 'DONE' ? new Date(applied + (position + 1) * 60_000) : null,
      });
    });
  }
  for (let i = 0; i < events.length; i += 400) {
    await db
      .insertInto('application_stage_events')
      .values(events.slice(i, i + 400))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (let i = 0; i < steps.length; i += 400) {
    await db
      .insertInto('application_steps')
      .values(steps.slice(i, i + 400))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
