import { defaultPanels, DEFAULT_GLOBAL_QUERY, PIPELINE_STAGES, type Stage } from '@rec/core/insights';
import type { Insertable, Kysely } from 'kysely';
import type { ApplicationStageEventsTable, ApplicationsTable, CandidatesTable, ChannelKind, Database } from '../db/schema';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_APPLY } from './demo-applications';
import { DEMO, DEMO_PREFIX, demoId } from './demo-ids';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAYS = 90;
const PREFIX = { candidate: '64b0ca5e', application: '64b0a95e', event: '64b0e5e0', dashboard: '64b0dab0', channel: '64b0c4a2' } as const;

/** Fixed ids of the analytics demo data. */
export const DEMO_INSIGHTS = {
  lumenDashboardId: demoId(PREFIX.dashboard, 1),
  nordwindDashboardId: demoId(PREFIX.dashboard, 2),
  nordwindReferralCode: 'nordwindref26',
} as const;

interface CompanyPlan {
  companyId: string;
  ownerId: string;
  /** Numbers of the demo offers whose board channels receive applications (not those other tests count). */
  offers: readonly number[];
  /** Offers that also get a SHARE channel of their own. */
  sharedOffers: readonly number[];
  spontaneousChannelId: string | null;
  referralCode: string;
  languages: ReadonlyArray<readonly [string, number]>;
  perDay: number;
  dashboard: { id: string; name: string; color: string };
  /** Application numbers: `first + i`, so the two companies never share an id. */
  first: number;
}

const PLANS: readonly CompanyPlan[] = [
  {
    companyId: DEMO.companyId,
    ownerId: DEMO_ACCOUNTS.owner.id,
    offers: [0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e],
    sharedOffers: [0x05, 0x08],
    spontaneousChannelId: DEMO.spontaneousChannelId,
    referralCode: DEMO_APPLY.referralCode,
    languages: [['fr', 40], ['en', 24], ['de', 14], ['lb', 8], ['pt', 7], ['pl', 4], ['it', 3]],
    perDay: 6,
    dashboard: { id: DEMO_INSIGHTS.lumenDashboardId, name: 'Vue d’ensemble du recrutement', color: '#1E6FD9FF' },
    first: 0x1000,
  },
  {
    companyId: DEMO.otherCompanyId,
    ownerId: DEMO_ACCOUNTS.otherOwner.id,
    offers: [0x101, 0x102, 0x103],
    sharedOffers: [0x102],
    spontaneousChannelId: null,
    referralCode: DEMO_INSIGHTS.nordwindReferralCode,
    languages: [['de', 62], ['en', 22], ['nl', 10], ['pl', 6]],
    perDay: 3,
    dashboard: { id: DEMO_INSIGHTS.nordwindDashboardId, name: 'Recruiting-Überblick', color: '#0F8A5FFF' },
    first: 0x8000,
  },
];

const FIRST = ['Léa', 'Jonas', 'Sofia', 'Mateus', 'Zofia', 'Lukas', 'Chloé', 'Giulia', 'Jan', 'Inês', 'Marie', 'Tomasz', 'Emma', 'Noah', 'Lina', 'Paul'];
const LAST = ['Muller', 'Becker', 'Rossi', 'Silva', 'Nowak', 'Schmit', 'Weber', 'Janssen', 'Martin', 'Kowalska', 'Dupont', 'Ferreira', 'Meyer', 'Wagner'];

/** A small deterministic generator (mulberry32): the same demo on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, weighted: ReadonlyArray<readonly [T, number]>): T {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = next() * total;
  for (const [value, weight] of weighted) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (weighted[weighted.length - 1] as readonly [T, number])[0];
}

/**
 * How a candidate moves through the pipeline: each step happens with a probability, a few days
 * after the previous one; anyone who stops before HIRED may be rejected. Steps in the future
 * (relative to `now`) have not happened yet.
 */
function pipeline(next: () => number, appliedAt: number, now: number): Array<{ stage: Stage; at: number }> {
  const steps: Array<{ stage: Stage; at: number }> = [{ stage: 'NEW', at: appliedAt }];
  const odds: Record<string, [number, number, number]> = {
    IN_REVIEW: [0.62, 1, 4],
    INTERVIEW: [0.45, 3, 9],
    OFFER: [0.4, 4, 10],
    HIRED: [0.72, 2, 7],
  };
  let at = appliedAt;
  for (const stage of PIPELINE_STAGES.slice(1)) {
    const [chance, minDays, maxDays] = odds[stage] as [number, number, number];
    const when = at + (minDays + next() * (maxDays - minDays)) * DAY_MS;
    if (when > now) return steps;
    if (next() >= chance) {
      const rejectedAt = when + next() * 3 * DAY_MS;
      if (next() < 0.7 && rejectedAt <= now) steps.push({ stage: 'REJECTED', at: rejectedAt });
      return steps;
    }
    steps.push({ stage, at: when });
    at = when;
  }
  return steps;
}

async function seedCompany(db: Kysely<Database>, plan: CompanyPlan, now: number, seed: number): Promise<void> {
  const next = random(seed);
  await db
    .insertInto('referrals')
    .values({ code: plan.referralCode, company_id: plan.companyId, channel_id: null, referrer_name: 'Demo Referrer', referrer_email: 'referrer@example.org' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('channels')
    .values(
      plan.sharedOffers.map((n) => ({
        id: demoId(PREFIX.channel, n),
        company_id: plan.companyId,
        posting_id: demoId(DEMO_PREFIX.posting, n),
        kind: 'SHARE' as const,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();

  // Some openings attract more candidates than others.
  const openings = plan.offers.map((n, i) => [n, 1 + ((i * 7) % 5)] as const);
  const candidates: Insertable<CandidatesTable>[] = [];
  const applications: Insertable<ApplicationsTable>[] = [];
  const events: Insertable<ApplicationStageEventsTable>[] = [];
  let count = 0;
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
    // Every time is counted back from `now`, so the same rows are seeded whatever the day or hour
    // (the seed tests count them). Two quiet days a week, a slow rise over the quarter, and noise.
    const quiet = daysAgo % 7 === 1 || daysAgo % 7 === 2;
    const base = plan.perDay * (quiet ? 0.35 : 1) * (0.7 + (0.6 * (DAYS - daysAgo)) / DAYS);
    const today = Math.max(0, Math.round(base + (next() - 0.5) * plan.perDay));
    for (let k = 0; k < today; k += 1) {
      const number = plan.first + count;
      count += 1;
      const appliedAt = now - daysAgo * DAY_MS - (1 + next() * 12) * HOUR_MS;
      const offer = pick(next, openings);
      const source = pick<ChannelKind | 'REFERRAL'>(next, [
        ['BOARD', 55],
        ['SHARE', plan.sharedOffers.includes(offer) ? 30 : 0],
        ['REFERRAL', 14],
        ['SPONTANEOUS', plan.spontaneousChannelId ? 8 : 0],
      ]);
      const channelId =
        source === 'SPONTANEOUS' && plan.spontaneousChannelId
          ? plan.spontaneousChannelId
          : source === 'SHARE'
            ? demoId(PREFIX.channel, offer)
            : demoId(DEMO_PREFIX.channel, offer);
      // One candidate in twelve applied before: a second application by the same person.
      const returning = candidates.length > 20 && next() < 1 / 12;
      const earlier = returning ? candidates[Math.floor(next() * candidates.length)] : undefined;
      const first = FIRST[number % FIRST.length] ?? 'Alex';
      const last = LAST[(number >> 4) % LAST.length] ?? 'Demo';
      const email = earlier?.email ?? `demo.candidate.${number.toString(16)}@example.org`;
      const candidateId = earlier?.id ?? demoId(PREFIX.candidate, number);
      if (!earlier) candidates.push({ id: candidateId, company_id: plan.companyId, email, data: { personal: { name: { first, last }, email } } });
      const id = demoId(PREFIX.application, number);
      applications.push({
        id,
        company_id: plan.companyId,
        channel_id: channelId,
        candidate_id: candidateId,
        cv_upload_id: null,
        submission_id: `demo-insights-${number.toString(16)}`,
        language: pick(next, plan.languages),
        referral_code: source === 'REFERRAL' ? plan.referralCode : null,
        form: { firstName: first, lastName: last, email },
        consent_given_at: new Date(appliedAt).toISOString(),
        consent_text: 'Demo consent',
        created_at: new Date(appliedAt).toISOString(),
      });
      pipeline(next, appliedAt, now).forEach((step, i) => {
        events.push({ id: demoId(PREFIX.event, number * 8 + i), company_id: plan.companyId, application_id: id, stage: step.stage, entered_at: new Date(step.at).toISOString() });
      });
    }
  }
  for (const [table, rows] of [
    ['candidates', candidates],
    ['applications', applications],
    ['application_stage_events', events],
  ] as const) {
    for (let i = 0; i < rows.length; i += 400) {
      await db
        .insertInto(table)
        .values(rows.slice(i, i + 400) as never)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
  await db
    .insertInto('dashboards')
    .values({
      id: plan.dashboard.id,
      company_id: plan.companyId,
      owner_id: plan.ownerId,
      name: plan.dashboard.name,
      color: plan.dashboard.color,
      panels: JSON.stringify(defaultPanels()),
      global_query: JSON.stringify(DEFAULT_GLOBAL_QUERY),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Analytics demo (issue 14): each demo company gets a default dashboard and 90 days of
 * applications with their pipeline history, so the charts show real shapes. Runs after the
 * accounts exist (dashboards have an owner). Idempotent: fixed ids, `on conflict do nothing`.
 * Applications go only to board offers no other test counts (not the sample offer, not the
 * back-office openings of demo-openings.ts, not archived ones).
 */
export async function seedDemoInsights(db: Kysely<Database>, now: number = Date.now()): Promise<void> {
  const existing = await db.selectFrom('dashboards').select('id').where('id', '=', DEMO_INSIGHTS.lumenDashboardId).executeTakeFirst();
  if (existing) return;
  await db.transaction().execute(async (trx) => {
    for (const [i, plan] of PLANS.entries()) await seedCompany(trx, plan, now, 14 + i);
  });
}
