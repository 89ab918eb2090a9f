// `npm run bench`: every case below; `npm run bench -- export` (or `public`, `dashboards`, `board`) runs one.
// public (issues 17, 27, bench-public.mjs): the two public API routes on the server as an operator starts it (logging on) against bare Fastify, PGlite and PostgreSQL.
// export: the applicant data export (issue 5) against its budgets.
//   10,000 applications of one opening, exported with every category through a real HTTP
//   request (listen + fetch, the body consumed as a stream):  <= 3 s,  peak RSS <= 250 MB.
// Database: a fresh in-memory PGlite, or a fresh database on the server of TEST_DATABASE_URL.
// RSS is sampled every 20 ms while the export runs. With PGlite the database engine lives in this
// process (its WASM heap is several hundred MB and never shrinks), so the budget applies to what
// the export adds on top of the process as it was just before the request; the absolute peak is
// printed too. On PostgreSQL the database is elsewhere and the absolute peak is what is checked.
// Exits 1 when a budget is exceeded.
// dashboards (issue 14, bench-dashboards.mjs): a six-panel dashboard over 100,000 applications.
// board (issue 17, bench-board.mjs): the 500-offer board in headless Chromium (first title, long tasks).
// storage (issue 18, bench-storage.mjs): 10 MB upload/download, postgres file store against disk.
// pipeline (issue 11, bench-pipeline.mjs): an opening with 2,000 applications: server time and first render, 500 ms.
// realtime (issue 15, bench-realtime.mjs): 1,000 websocket clients, events fanned out to all: p99 < 100 ms, none lost.
// uploads (issue 24, bench-uploads.mjs): anonymous 8 MiB bodies to every upload route: < 100 ms, no RSS growth, health not delayed.
import { randomBytes } from 'node:crypto';
import { benchAppConfig, buildApp, DEMO, DEMO_ACCOUNTS, DEMO_OPENING_IDS, migrateToLatest, openDatabase, seedDemo } from './bench-setup.mjs';

const APPLICATIONS = 10_000;
const BUDGET_MS = 3000;
const BUDGET_RSS_MB = 250;
const MB = 1024 * 1024;

const { sql } = await import('kysely');
const pg = (await import('pg')).default;

/** The export case: resolves true when within its budgets. */
async function benchExport() {
  const url = process.env.TEST_DATABASE_URL?.trim();
  const dbName = `rec_bench_${randomBytes(5).toString('hex')}`;

  async function admin(statement) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  let handle;
  if (url) {
    await admin(`create database ${dbName}`);
    const target = new URL(url);
    target.pathname = `/${dbName}`;
    handle = await openDatabase({ kind: 'postgres', url: target.toString() });
  } else {
    handle = await openDatabase({ kind: 'pglite' });
  }
  const backend = url ? 'postgres' : 'pglite';

  let app;
  let failed = false;
  try {
    const { db } = handle;
    let started = performance.now();
    await migrateToLatest(db);
    await seedDemo(db);
    const channel = await db
      .selectFrom('channels as c')
      .innerJoin('postings as p', 'p.id', 'c.posting_id')
      .select('c.id')
      .where('p.opening_id', '=', DEMO_OPENING_IDS.published)
      .executeTakeFirstOrThrow();
    // Bulk SQL: one statement per table, ids from the row number.
    await sql`insert into candidates (id, company_id, email, data)
      select 'bec0' || lpad(to_hex(g), 20, '0'), ${DEMO.companyId}, 'bench.' || g || '@example.org', '{}'::jsonb
      from generate_series(1, ${APPLICATIONS}) g`.execute(db);
    await sql`insert into applications (id, company_id, channel_id, candidate_id, submission_id, language, form, consent_given_at, consent_text, created_at)
      select 'bea0' || lpad(to_hex(g), 20, '0'), ${DEMO.companyId}, ${channel.id}, 'bec0' || lpad(to_hex(g), 20, '0'), 'bench-' || g, 'fr',
        jsonb_build_object(
          'firstName', 'Zoé ' || g, 'lastName', 'Łukasiewicz-Müller', 'email', 'bench.' || g || '@example.org',
          'phone', '+352 621 ' || lpad((g % 1000)::text, 3, '0') || ' 123', 'nationality', 'Luxembourgish', 'birthDate', '01/02/1990',
          'gender', 'female', 'address', g || ' rue de Hollerich, L-1741 Luxembourg', 'salary', (40000 + g)::text,
          'drivingLicenses', jsonb_build_array('B', 'BE'), 'hasWorkPermit', 'yes', 'agentEmail', '', 'companyReferralCode', '',
          'cv', jsonb_build_object('url', '/v2/storage/000000000000000000000000', 'name', 'CV_' || g || '.pdf')),
        now() - make_interval(mins => g), 'Consent text', now() - make_interval(mins => g)
      from generate_series(1, ${APPLICATIONS}) g`.execute(db);
    console.log(`setup (${backend}): migrated, seeded and ${APPLICATIONS} applications inserted in ${Math.round(performance.now() - started)} ms`);

    app = await buildApp({ db, logger: false, config: benchAppConfig() });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { token } = await app.accounts.sessions.create(DEMO_ACCOUNTS.owner.id);
    const exportUrl = `${address}/v2/jobs/${DEMO_OPENING_IDS.published}/export/applications?categories[]=PERSONAL&categories[]=OPERATIONAL&categories[]=PROFESSIONAL`;

    globalThis.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    started = performance.now();
    const response = await fetch(exportUrl, { headers: { cookie: `rec_session=${token}` } });
    let bytes = 0;
    for await (const chunk of response.body) bytes += chunk.length;
    const duration = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    if (response.status !== 200 || bytes < 100_000) throw new Error(`export answered ${response.status} with ${bytes} bytes`);
    const added = (peak - baseline) / MB;
    const measuredRss = url ? peak / MB : added;
    console.log(`export: ${APPLICATIONS} rows, ${(bytes / MB).toFixed(1)} MB xlsx in ${Math.round(duration)} ms (budget ${BUDGET_MS} ms)`);
    console.log(
      `memory: peak RSS ${(peak / MB).toFixed(0)} MB, before the export ${(baseline / MB).toFixed(0)} MB, added by the export ${added.toFixed(0)} MB` +
        ` (budget ${BUDGET_RSS_MB} MB on ${url ? 'the peak' : 'the added RSS: PGlite shares the process'})`,
    );
    const rows = await db.selectFrom('audit_log').select('details').where('company_id', '=', DEMO.companyId).execute();
    console.log(`audit log: ${rows.length} export recorded, rowCount ${rows[0]?.details?.rowCount}`);
    if (duration > BUDGET_MS) {
      console.error(`FAIL: export took ${Math.round(duration)} ms > ${BUDGET_MS} ms`);
      failed = true;
    }
    if (measuredRss > BUDGET_RSS_MB) {
      console.error(`FAIL: ${measuredRss.toFixed(0)} MB > ${BUDGET_RSS_MB} MB`);
      failed = true;
    }
    if (!failed) console.log('OK: within budgets');
  } finally {
    await app?.close();
    await handle.close();
    if (url) await admin(`drop database if exists ${dbName} with (force)`);
  }
  return !failed;
}

// `npm run bench` runs every case; `npm run bench -- public` (or `export`, `dashboards`, `board`, `storage`) runs one.
const CASES = {
  export: benchExport,
  public: async () => (await import('./bench-public.mjs')).benchPublic(),
  dashboards: async () => (await import('./bench-dashboards.mjs')).benchDashboards(),
  board: async () => (await import('./bench-board.mjs')).benchBoard(),
  storage: async () => (await import('./bench-storage.mjs')).benchStorage(),
  pipeline: async () => (await import('./bench-pipeline.mjs')).benchPipeline(),
  realtime: async () => (await import('./bench-realtime.mjs')).benchRealtime(),
  uploads: async () => (await import('./bench-uploads.mjs')).benchUploads(),
};
const chosen = process.argv.slice(2).filter((name) => name in CASES);
let allMet = true;
for (const name of chosen.length ? chosen : Object.keys(CASES)) {
  console.log(`--- bench: ${name}`);
  allMet = (await CASES[name]()) && allMet;
}
process.exit(allMet ? 0 : 1);
