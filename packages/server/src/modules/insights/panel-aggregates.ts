import { type Dimension, DURATION_METRICS, type Metric, type Panel, type PanelResult, type PanelResultRow, PIPELINE_STAGES } from '@rec/core/insights';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** What every panel of one dashboard answer shares: the tenant, the UTC day range and the opening filter. */
export interface PanelScope {
  companyId: string;
  /** First day, `YYYY-MM-DD` (UTC), included. */
  from: string;
  /** Last day, `YYYY-MM-DD` (UTC), included. */
  to: string;
  openingIds: readonly string[];
}

const DAY_SECONDS = 86_400;

/**
 * The applications the panel counts, with what panels group by. Cohort semantics: an application
 * belongs to the range it was received in; how far it got is read from its stage history,
 * whenever that happened. Tenant-scoped at every join (the keys are `(company_id, id)`).
 */
function applicationsCte(scope: PanelScope, panel: Panel): RawBuilder<unknown> {
  const toExclusive = new Date(Date.parse(`${scope.to}T00:00:00Z`) + DAY_SECONDS * 1000).toISOString();
  const conditions: RawBuilder<unknown>[] = [
    sql`a.company_id = ${scope.companyId}`,
    sql`a.created_at >= ${`${scope.from}T00:00:00Z`}::timestamptz`,
    sql`a.created_at < ${toExclusive}::timestamptz`,
  ];
  if (scope.openingIds.length) conditions.push(sql`p.opening_id in (${sql.join([...scope.openingIds])})`);
  const sources = panel.filters?.sources ?? [];
  if (sources.length) conditions.push(sql`(case when a.referral_code is not null then 'REFERRAL' else c.kind end) in (${sql.join(sources)})`);
  const languages = panel.filters?.languages ?? [];
  if (languages.length) conditions.push(sql`a.language in (${sql.join(languages)})`);
  // Channels and postings only when the panel needs a source or an opening: a panel that does
  // not reads the applications' covering index alone.
  const needsOpening = scope.openingIds.length > 0 || panel.dimension === 'OPENING';
  const needsChannel = needsOpening || sources.length > 0 || panel.dimension === 'SOURCE';
  const columns = [sql`a.id`, sql`a.candidate_id`, sql`a.created_at`, sql`a.language`];
  if (needsChannel) columns.push(sql`case when a.referral_code is not null then 'REFERRAL' else c.kind end as source`);
  if (needsOpening) columns.push(sql`p.opening_id`);
  if (panel.dimension === 'CAMPAIGN') columns.push(sql`a.utm_source`, sql`a.utm_campaign`);
  return sql`select ${sql.join(columns)}
    from applications a
    ${needsChannel ? sql`join channels c on c.company_id = a.company_id and c.id = a.channel_id` : sql``}
    ${needsOpening ? sql`join postings p on p.company_id = c.company_id and p.id = c.posting_id` : sql``}
    where ${sql.join(conditions, sql` and `)}`;
}

function needsStages(panel: Panel): boolean {
  return panel.type === 'FUNNEL' || ['REACHED_STAGE', 'HIRES', 'TIME_TO_HIRE'].includes(panel.metric) || panel.dimension === 'STAGE';
}

/** The aggregate of one metric over the joined rows (`apps` and, when needed, `s`). Counts as int, days as float8. */
function measure(metric: Metric, stage: string | undefined): RawBuilder<number | null> {
  switch (metric) {
    case 'APPLICATIONS':
    case 'SOURCE_MIX':
      return sql`count(*)::int`;
    case 'CANDIDATES':
      return sql`count(distinct apps.candidate_id)::int`;
    case 'REACHED_STAGE':
      return sql`count(*) filter (where coalesce(s.furthest_rank, 0) >= ${PIPELINE_STAGES.indexOf(stage as (typeof PIPELINE_STAGES)[number])})::int`;
    case 'HIRES':
      return sql`count(s.hired_at)::int`;
    case 'TIME_TO_HIRE':
      return sql`(avg(extract(epoch from s.hired_at - apps.created_at)) / ${DAY_SECONDS})::float8`;
    case 'TIME_IN_STAGE':
      // Answered by its own query (see timeInStage): it needs the next event of each stage.
      throw new Error('TIME_IN_STAGE is not a row measure');
  }
}

function dimensionKey(dimension: Dimension): RawBuilder<string> {
  switch (dimension) {
    case 'OPENING':
      return sql`apps.opening_id`;
    case 'SOURCE':
      return sql`apps.source`;
    case 'LANGUAGE':
      return sql`apps.language`;
    case 'STAGE':
      return sql`coalesce(s.current_stage, 'NEW')`;
    case 'WEEK':
      return sql`to_char(date_trunc('week', apps.created_at at time zone 'UTC'), 'YYYY-MM-DD')`;
    case 'CAMPAIGN':
      // "source / campaign", either alone when the other is missing; '' for a visit without campaign.
      return sql`concat_ws(' / ', apps.utm_source, apps.utm_campaign)`;
  }
}

function roundDays(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
}

/** Mondays (`YYYY-MM-DD`) of every week the range touches, so a week without applications shows as 0. */
export function weeksOf(from: string, to: string): string[] {
  const start = new Date(`${from}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  const end = Date.parse(`${to}T00:00:00Z`);
  const weeks: string[] = [];
  for (let day = start; day.getTime() <= end; day = new Date(day.getTime() + 7 * DAY_SECONDS * 1000)) weeks.push(day.toISOString().slice(0, 10));
  return weeks;
}

/**
 * Answers one panel with ONE SQL aggregate over applications, channels, postings and where each
 * application stands in the pipeline (application_pipeline, kept from the stage history). Rows: per stage (funnel), per week (time series, zero-filled), per
 * dimension value (breakdown, table; largest first, weeks in order, stages in pipeline order).
 */
export async function aggregatePanel(db: Kysely<Database>, scope: PanelScope, panel: Panel): Promise<PanelResult> {
  const unit = DURATION_METRICS.includes(panel.metric) ? 'days' : 'count';
  const apps = applicationsCte(scope, panel);
  const withStages = needsStages(panel);
  const ctes = sql`with apps as (${apps})`;
  // Where each application stands (application_pipeline, kept from the stage history by the database).
  // Hires counted or averaged without a per-row breakdown only concern hired applications: an inner
  // join from the (few) hired rows is the same answer, read through a small partial index.
  const hiredOnly = (panel.metric === 'HIRES' || panel.metric === 'TIME_TO_HIRE') && (panel.type === 'KPI' || panel.type === 'TIME_SERIES');
  const join = !withStages
    ? sql``
    : hiredOnly
      ? sql`join application_pipeline s on s.company_id = ${scope.companyId} and s.application_id = apps.id and s.hired_at is not null`
      : sql`left join application_pipeline s on s.company_id = ${scope.companyId} and s.application_id = apps.id`;

  if (panel.metric === 'TIME_IN_STAGE') {
    const { rows } = await sql<{ days: number | null }>`${ctes}, spans as (
        select e.stage, extract(epoch from lead(e.entered_at) over (partition by e.application_id order by e.entered_at, e.id) - e.entered_at) as seconds
        from application_stage_events e join apps on apps.id = e.application_id
        where e.company_id = ${scope.companyId})
      select (avg(seconds) / ${DAY_SECONDS})::float8 as days from spans where stage = ${panel.stage ?? 'NEW'} and seconds is not null`.execute(db);
    const total = roundDays(rows[0]?.days);
    return { panelId: panel.id, unit, total, rows: [] };
  }

  if (panel.type === 'FUNNEL') {
    const columns = PIPELINE_STAGES.map((_, rank) => sql`count(*) filter (where coalesce(s.furthest_rank, 0) >= ${rank})::int as ${sql.ref(`r${rank}`)}`);
    const { rows } = await sql<Record<string, number>>`${ctes} select ${sql.join(columns)} from apps ${join}`.execute(db);
    const counts = rows[0] ?? {};
    const stageRows = PIPELINE_STAGES.map((stage, rank) => ({ key: stage, value: Number(counts[`r${rank}`] ?? 0) }));
    return { panelId: panel.id, unit, total: stageRows[0]?.value ?? 0, rows: stageRows };
  }

  const value = measure(panel.metric, panel.stage);
  if (panel.type === 'KPI' || !panel.dimension) {
    const { rows } = await sql<{ value: number | null }>`${ctes} select ${value} as value from apps ${join}`.execute(db);
    const raw = rows[0]?.value ?? null;
    return { panelId: panel.id, unit, total: unit === 'days' ? roundDays(raw) : Number(raw ?? 0), rows: [] };
  }

  const key = dimensionKey(panel.dimension);
  // Totals over all rows in the same statement (grouping sets), so a duration's overall average is not an average of averages.
  const { rows } = await sql<{ key: string | null; value: number | null; grouped: number }>`${ctes}
    select ${key} as key, ${value} as value, grouping(${key})::int as grouped
    from apps ${join}
    group by grouping sets ((${key}), ())`.execute(db);
  const totalRow = rows.find((row) => Number(row.grouped) === 1);
  const total = unit === 'days' ? roundDays(totalRow?.value) : Number(totalRow?.value ?? 0);
  let resultRows: PanelResultRow[] = rows
    .filter((row) => Number(row.grouped) === 0 && row.key !== null)
    .map((row) => ({ key: String(row.key), value: unit === 'days' ? roundDays(row.value) : Number(row.value ?? 0) }));

  if (panel.dimension === 'WEEK') {
    const byWeek = new Map(resultRows.map((row) => [row.key, row.value]));
    resultRows = weeksOf(scope.from, scope.to).map((week) => ({ key: week, value: byWeek.get(week) ?? (unit === 'days' ? null : 0) }));
  } else if (panel.dimension === 'STAGE') {
    const order = [...PIPELINE_STAGES, 'REJECTED'] as string[];
    resultRows.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  } else {
    resultRows.sort((a, b) => (b.value ?? -1) - (a.value ?? -1) || a.key.localeCompare(b.key));
  }
  return { panelId: panel.id, unit, total, rows: resultRows };
}
