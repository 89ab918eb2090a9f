// The `dashboards` case of `npm run bench` (issue 14): the six panels of the demo's default
// dashboard (applications, hires, time to hire, applications per week, the pipeline funnel, the
// source mix) answered by GET /v2/insights/dashboards/{id}/results over 100,000 applications of one
// company (90 days, ~2 stage events each).
//   PostgreSQL (TEST_DATABASE_URL): <= 300 ms      embedded PGlite: <= 1 s
// Both are printed; a backend that cannot run (no TEST_DATABASE_URL) says so. A budget that is
// missed prints NOT MET and fails the bench. The time is the median of 5 requests after one warm-up.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const APPLICATIONS = 100_000;
const CANDIDATES = 80_000;
const RUNS = 5;
const BUDGETS_MS = { postgres: 300, pglite: 1000 };

async function admin(pg, url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** 100,000 applications over the Lumen channels in the last 89 days, and their stage history (SQL only: seconds, not minutes). */
async function fill(db, sql, DEMO) {
  const channels = await db
    .selectFrom('channels as c')
    .innerJoin('postings as p', (join) => join.onRef('p.id', '=', 'c.posting_id').onRef('p.company_id', '=', 'c.company_id'))
    .innerJoin('openings as o', (join) => join.onRef('o.id', '=', 'p.opening_id').onRef('o.company_id', '=', 'p.company_id'))
    .select('c.id')
    .where('c.company_id', '=', DEMO.companyId)
    .where('o.status', '=', 'PUBLISHED')
    .execute();
  const ids = sql.join(channels.map((row) => sql`${row.id}`));
  const n = channels.length;
  const created = sql`now() - make_interval(secs => (g * 77.7) % (89 * 86400))`;
  await sql`insert into candidates (id, company_id, email)
    select 'bdc0' || lpad(to_hex(g), 20, '0'), ${DEMO.companyId}, 'dash.' || g || '@example.org' from generate_series(1, ${CANDIDATES}) g`.execute(db);
  // Fresh statistics before the foreign keys are checked 100,000 times: planned on the tiny seeded
  // table, PostgreSQL's key checks would scan every candidate for every row.
  await sql`analyze candidates`.execute(db);
  await sql`insert into applications (id, company_id, channel_id, candidate_id, submission_id, language, referral_code, form, consent_given_at, consent_text, created_at)
    select 'bda0' || lpad(to_hex(g), 20, '0'), ${DEMO.companyId}, (array[${ids}])[1 + g % ${n}], 'bdc0' || lpad(to_hex(1 + g % ${CANDIDATES}), 20, '0'),
      'dash-' || g, (array['fr', 'en', 'de', 'lb', 'pt'])[1 + g % 5], case when g % 7 = 0 then 'demoref2026' end, '{}'::jsonb, ${created}, 'Consent', ${created}
    from generate_series(1, ${APPLICATIONS}) g`.execute(db);
  await sql`analyze applications`.execute(db);
  await sql`insert into application_stage_events (id, company_id, application_id, stage, entered_at)
    select 'bde' || s.rank || lpad(to_hex(g), 20, '0'), ${DEMO.companyId}, 'bda0' || lpad(to_hex(g), 20, '0'), s.stage, ${created} + make_interval(days => s.rank * 3)
    from generate_series(1, ${APPLICATIONS}) g
    cross join (values (0, 'NEW', 100), (1, 'IN_REVIEW', 60), (2, 'INTERVIEW', 27), (3, 'OFFER', 10), (4, 'HIRED', 7)) as s(rank, stage, pct)
    where (g * 37) % 100 < s.pct`.execute(db);
  // As autovacuum would have done by now on a live database (visibility map: index-only scans).
  await sql`vacuum analyze`.execute(db);
}

async function measure(backend, url) {
  const { openDatabase } = await import('../server/src/db/database.ts');
  const { migrateToLatest } = await import('../server/src/db/migrate.ts');
  const { seedDemo } = await import('../server/src/seed/demo.ts');
  const { DEMO_ACCOUNTS } = await import('../server/src/seed/demo-accounts.ts');
  const { DEMO_INSIGHTS } = await import('../server/src/seed/demo-insights.ts');
  const { DEMO } = await import('../server/src/seed/demo-ids.ts');
  const { buildApp } = await import('../server/src/app.ts');
  const { sql } = await import('kysely');
  const pg = (await import('pg')).default;

  const dbName = `rec_bench_dash_${randomBytes(5).toString('hex')}`;
  let handle;
  if (backend === 'postgres') {
    await admin(pg, url, `create database ${dbName}`);
    const target = new URL(url);
    target.pathname = `/${dbName}`;
    handle = await openDatabase({ kind: 'postgres', url: target.toString() });
  } else {
    handle = await openDatabase({ kind: 'pglite' });
  }
  let app;
  try {
    const { db } = handle;
    const started = performance.now();
    await migrateToLatest(db);
    await seedDemo(db);
    await fill(db, sql, DEMO);
    console.log(`dashboards setup (${backend}): ${APPLICATIONS} applications and their stage history in ${Math.round(performance.now() - started)} ms`);
    app = await buildApp({
      db,
      logger: false,
      config: { publicUrl: 'http://127.0.0.1', distDir: join(tmpdir(), `rec-bench-no-dist-${process.pid}`), dataDir: join(tmpdir(), `rec-bench-data-${process.pid}`), nodeEnv: 'test', logLevel: 'warn' },
    });
    const { token } = await app.accounts.sessions.create(DEMO_ACCOUNTS.owner.id);
    const request = () => app.inject({ method: 'GET', url: `/v2/insights/dashboards/${DEMO_INSIGHTS.lumenDashboardId}/results`, headers: { cookie: `rec_session=${token}` } });
    const warm = await request();
    if (warm.statusCode !== 200) throw new Error(`results answered ${warm.statusCode}: ${warm.body}`);
    const panels = warm.json().panels;
    const counted = panels.find((panel) => panel.panelId === 'applications')?.total ?? 0;
    if (panels.length !== 6 || counted < APPLICATIONS) throw new Error(`expected 6 panels over ${APPLICATIONS}+ applications, got ${panels.length} panels, ${counted} applications`);
    const times = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t0 = performance.now();
      await request();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)], counted };
  } finally {
    await app?.close();
    await handle.close();
    if (backend === 'postgres') await admin(pg, url, `drop database if exists ${dbName} with (force)`);
  }
}

/** Runs the case on PGlite and, with TEST_DATABASE_URL, on PostgreSQL; true when every measured budget is met. */
export async function benchDashboards() {
  const url = process.env.TEST_DATABASE_URL?.trim();
  let ok = true;
  for (const backend of ['postgres', 'pglite']) {
    const budget = BUDGETS_MS[backend];
    if (backend === 'postgres' && !url) {
      console.log(`dashboards (postgres): not measured, set TEST_DATABASE_URL (budget ${budget} ms)`);
      continue;
    }
    const { median, counted } = await measure(backend, url);
    const met = median <= budget;
    ok &&= met;
    console.log(
      `dashboards (${backend}): six panels over ${counted} applications: median ${Math.round(median)} ms of ${RUNS} (budget ${budget} ms) ${met ? 'OK' : '*** NOT MET ***'}`,
    );
  }
  return ok;
}
