import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { DashboardResource, DashboardResults, Panel } from '@rec/core/insights';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO_INSIGHTS } from '../../seed/demo-insights';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Who = 'owner' | 'viewer' | 'otherOwner' | 'applicant' | 'fixture';

/**
 * A company of its own with a hand-counted set of applications (see FIXTURE below), so every
 * panel's number can be checked exactly, away from the demo's generated data.
 */
const F = {
  company: 'f1c0de000000000000000001',
  owner: 'f1acc0000000000000000001',
  board: 'f1b0a4d00000000000000001',
  welder: 'f10be0000000000000000001',
  driver: 'f10be0000000000000000002',
  welderPosting: 'f1905e000000000000000001',
  driverPosting: 'f1905e000000000000000002',
  welderBoard: 'f1c4a1000000000000000001',
  welderShare: 'f1c4a1000000000000000002',
  driverBoard: 'f1c4a1000000000000000003',
  referral: 'fixref01',
} as const;

const app = (n: number) => `f1a99${n.toString().padStart(19, '0')}`;
const cand = (n: number) => `f1ca4${n.toString().padStart(19, '0')}`;
const at = (day: string, hour = 10) => `2026-03-${day}T${String(hour).padStart(2, '0')}:00:00Z`;

/**
 * Hand-counted fixture (range 2026-03-02 .. 2026-03-15, two ISO weeks):
 *   a1 03-02 welder board  fr  c1   NEW, IN_REVIEW 03-03, INTERVIEW 03-05, OFFER 03-09, HIRED 03-11 (9 days)
 *   a2 03-03 welder board  fr  c2   referral; NEW, IN_REVIEW 03-04, REJECTED 03-06
 *   a3 03-04 welder share  en  c3   NEW, IN_REVIEW 03-06, INTERVIEW 03-09, HIRED 03-16 (12 days; skipped OFFER)
 *   a4 03-09 driver board  de  c4   NEW
 *   a5 03-10 driver board  de  c1   (c1 again) NEW, IN_REVIEW 03-11
 *   a6 03-14 welder board  en  c5   no history at all (counts as NEW)
 *   a7 03-20 welder board  fr  c6   after the range (HIRED): never counted
 *   a8 03-01 23:00 welder  fr  c6   before the range: never counted
 */
const FIXTURE = [
  { n: 1, created: at('02'), channel: F.welderBoard, language: 'fr', candidate: 1, referral: false, stages: [['NEW', at('02')], ['IN_REVIEW', at('03')], ['INTERVIEW', at('05')], ['OFFER', at('09')], ['HIRED', at('11')]] },
  { n: 2, created: at('03'), channel: F.welderBoard, language: 'fr', candidate: 2, referral: true, stages: [['NEW', at('03')], ['IN_REVIEW', at('04')], ['REJECTED', at('06')]] },
  { n: 3, created: at('04'), channel: F.welderShare, language: 'en', candidate: 3, referral: false, stages: [['NEW', at('04')], ['IN_REVIEW', at('06')], ['INTERVIEW', at('09')], ['HIRED', at('16')]] },
  { n: 4, created: at('09'), channel: F.driverBoard, language: 'de', candidate: 4, referral: false, stages: [['NEW', at('09')]] },
  { n: 5, created: at('10'), channel: F.driverBoard, language: 'de', candidate: 1, referral: false, stages: [['NEW', at('10')], ['IN_REVIEW', at('11')]] },
  { n: 6, created: at('14'), channel: F.welderBoard, language: 'en', candidate: 5, referral: false, stages: [] },
  { n: 7, created: at('20'), channel: F.welderBoard, language: 'fr', candidate: 6, referral: false, stages: [['NEW', at('20')], ['HIRED', at('21')]] },
  { n: 8, created: at('01', 23), channel: F.welderBoard, language: 'fr', candidate: 6, referral: false, stages: [['NEW', at('01', 23)]] },
] as const;

async function insertFixture(db: Kysely<Database>): Promise<void> {
  await db.insertInto('companies').values({ id: F.company, name: 'Fixture Welding', slug: 'fixture-welding' }).execute();
  await db
    .insertInto('accounts')
    .values({ id: F.owner, type: 'recruiter', company_id: F.company, company_role: 'owner', email: 'owner@fixture.example', first_name: 'Fay', last_name: 'Fixture' })
    .execute();
  await db.insertInto('boards').values({ id: F.board, company_id: F.company, name: 'Fixture board', language: 'en' }).execute();
  await db
    .insertInto('openings')
    .values([
      { id: F.welder, company_id: F.company, title: 'Welder', status: 'PUBLISHED' },
      { id: F.driver, company_id: F.company, title: 'Driver', status: 'PUBLISHED' },
    ])
    .execute();
  await db
    .insertInto('postings')
    .values([
      { id: F.welderPosting, company_id: F.company, opening_id: F.welder, language: 'en' },
      { id: F.driverPosting, company_id: F.company, opening_id: F.driver, language: 'en' },
    ])
    .execute();
  await db
    .insertInto('channels')
    .values([
      { id: F.welderBoard, company_id: F.company, posting_id: F.welderPosting, board_id: F.board, kind: 'BOARD' },
      { id: F.welderShare, company_id: F.company, posting_id: F.welderPosting, board_id: null, kind: 'SHARE' },
      { id: F.driverBoard, company_id: F.company, posting_id: F.driverPosting, board_id: F.board, kind: 'BOARD' },
    ])
    .execute();
  await db.insertInto('referrals').values({ code: F.referral, company_id: F.company, channel_id: null, referrer_name: 'R', referrer_email: 'r@fixture.example' }).execute();
  await db
    .insertInto('candidates')
    .values([1, 2, 3, 4, 5, 6].map((n) => ({ id: cand(n), company_id: F.company, email: `c${n}@fixture.example` })))
    .execute();
  await db
    .insertInto('applications')
    .values(
      FIXTURE.map((row) => ({
        id: app(row.n),
        company_id: F.company,
        channel_id: row.channel,
        candidate_id: cand(row.candidate),
        submission_id: `fixture-${row.n}`,
        language: row.language,
        referral_code: row.referral ? F.referral : null,
        form: {},
        consent_given_at: row.created,
        consent_text: 'ok',
        created_at: row.created,
      })),
    )
    .execute();
  await db
    .insertInto('application_stage_events')
    .values(
      FIXTURE.flatMap((row) =>
        row.stages.map(([stage, when], i) => ({ id: `f1e5e${row.n}${i}`.padEnd(24, '0'), company_id: F.company, application_id: app(row.n), stage, entered_at: when })),
      ),
    )
    .execute();
}

const PANELS: Panel[] = [
  { id: 'apps', type: 'KPI', metric: 'APPLICATIONS' },
  { id: 'people', type: 'KPI', metric: 'CANDIDATES' },
  { id: 'hires', type: 'KPI', metric: 'HIRES' },
  { id: 'tth', type: 'KPI', metric: 'TIME_TO_HIRE' },
  { id: 'interviewed', type: 'KPI', metric: 'REACHED_STAGE', stage: 'INTERVIEW' },
  { id: 'review-days', type: 'KPI', metric: 'TIME_IN_STAGE', stage: 'IN_REVIEW' },
  { id: 'funnel', type: 'FUNNEL', metric: 'REACHED_STAGE', dimension: 'STAGE' },
  { id: 'weeks', type: 'TIME_SERIES', metric: 'APPLICATIONS', dimension: 'WEEK' },
  { id: 'sources', type: 'BREAKDOWN', metric: 'SOURCE_MIX', dimension: 'SOURCE' },
  { id: 'languages', type: 'TABLE', metric: 'APPLICATIONS', dimension: 'LANGUAGE' },
  { id: 'openings', type: 'BREAKDOWN', metric: 'APPLICATIONS', dimension: 'OPENING' },
  { id: 'now', type: 'BREAKDOWN', metric: 'APPLICATIONS', dimension: 'STAGE' },
  { id: 'referred', type: 'KPI', metric: 'APPLICATIONS', filters: { sources: ['REFERRAL', 'SHARE'] } },
];
const FIXTURE_DASHBOARD = {
  name: 'Fixture',
  color: '#123456FF',
  // The body holds at most 12 panels: the thirteenth is checked through a second dashboard.
  panels: PANELS.slice(0, 12),
  globalQuery: { period: 'CUSTOM', from: '2026-03-02', to: '2026-03-15', openingIds: [] },
};

describeEachBackend('insights: dashboards', (context) => {
  let t: AuthTestApp;
  const cookies: Partial<Record<Who, string>> = {};
  before(async () => {
    await insertFixture(context.db);
    t = await buildAuthTestApp(context.db);
    for (const who of ['owner', 'viewer', 'otherOwner', 'applicant'] as const) cookies[who] = await t.cookieFor(DEMO_ACCOUNTS[who].id);
    cookies.fixture = await t.cookieFor(F.owner);
  });
  after(() => t?.app.close());

  function call(who: Who | undefined, method: Method, url: string, payload?: unknown) {
    const headers: Record<string, string> = { origin: OWN_ORIGIN };
    if (who) headers.cookie = cookies[who] ?? '';
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  }

  async function results(dashboardId: string, query = ''): Promise<Record<string, DashboardResults['panels'][number]>> {
    const response = await call('fixture', 'GET', `/v2/insights/dashboards/${dashboardId}/results${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return Object.fromEntries((response.json() as DashboardResults).panels.map((panel) => [panel.panelId, panel]));
  }

  it('answers every panel with the hand-counted numbers of the fixture', async () => {
    const created = await call('fixture', 'POST', '/v2/insights/dashboards', FIXTURE_DASHBOARD);
    assert.equal(created.statusCode, 201, created.body);
    const id = (created.json() as DashboardResource)._id;
    const p = await results(id);
    assert.equal(p.apps?.total, 6);
    assert.equal(p.people?.total, 5, 'c1 applied twice');
    assert.equal(p.hires?.total, 2);
    assert.deepEqual([p.tth?.total, p.tth?.unit], [10.5, 'days'], '(9 + 12) / 2');
    assert.equal(p.interviewed?.total, 2);
    assert.equal(p['review-days']?.total, 2.3, '(2 + 2 + 3) / 3, a5 still in review');
    assert.deepEqual(p.funnel?.rows, [
      { key: 'NEW', value: 6 },
      { key: 'IN_REVIEW', value: 4 },
      { key: 'INTERVIEW', value: 2 },
      { key: 'OFFER', value: 2 },
      { key: 'HIRED', value: 2 },
    ]);
    assert.deepEqual(p.weeks?.rows, [
      { key: '2026-03-02', value: 3 },
      { key: '2026-03-09', value: 3 },
    ]);
    assert.deepEqual(p.sources?.rows, [
      { key: 'BOARD', value: 4 },
      { key: 'REFERRAL', value: 1 },
      { key: 'SHARE', value: 1 },
    ]);
    assert.deepEqual(p.languages?.rows, [
      { key: 'de', value: 2 },
      { key: 'en', value: 2 },
      { key: 'fr', value: 2 },
    ]);
    assert.deepEqual(p.openings?.rows, [
      { key: F.welder, label: 'Welder', value: 4 },
      { key: F.driver, label: 'Driver', value: 2 },
    ]);
    assert.deepEqual(p.now?.rows, [
      { key: 'NEW', value: 2 },
      { key: 'IN_REVIEW', value: 1 },
      { key: 'HIRED', value: 2 },
      { key: 'REJECTED', value: 1 },
    ]);
    assert.equal(p.sources?.total, 6);

    // The global query's overrides: a narrower range, one opening.
    const secondWeek = await results(id, '?from=2026-03-09&to=2026-03-15');
    assert.deepEqual([secondWeek.apps?.total, secondWeek.hires?.total, secondWeek.tth?.total], [3, 0, null]);
    const drivers = await results(id, `?openingIds[]=${F.driver}`);
    assert.deepEqual([drivers.apps?.total, drivers.people?.total, drivers.hires?.total], [2, 2, 0]);
    assert.deepEqual(drivers.openings?.rows, [{ key: F.driver, label: 'Driver', value: 2 }]);
    const wider = await results(id, '?from=2026-03-01&to=2026-03-31');
    assert.deepEqual([wider.apps?.total, wider.hires?.total], [8, 3]);

    // Panel filters: sources and languages.
    const filtered = await call('fixture', 'POST', '/v2/insights/dashboards', {
      ...FIXTURE_DASHBOARD,
      panels: [PANELS[12], { id: 'german', type: 'KPI', metric: 'APPLICATIONS', filters: { languages: ['de'] } }],
    });
    const f = await results((filtered.json() as DashboardResource)._id);
    assert.deepEqual([f.referred?.total, f.german?.total], [2, 2]);
  });

  it('keeps every panel inside its company: the demo companies see none of the fixture', async () => {
    const response = await call('owner', 'GET', `/v2/insights/dashboards/${DEMO_INSIGHTS.lumenDashboardId}/results?from=2026-03-02&to=2026-03-15`);
    assert.equal(response.statusCode, 200);
    const panels = (response.json() as DashboardResults).panels;
    assert.equal(panels.find((panel) => panel.panelId === 'applications')?.total, 0, 'fixture applications are another tenant');
    const seeded = await call('owner', 'GET', `/v2/insights/dashboards/${DEMO_INSIGHTS.lumenDashboardId}/results`);
    const applications = (seeded.json() as DashboardResults).panels.find((panel) => panel.panelId === 'applications')?.total ?? 0;
    assert.ok(applications > 200, `90 days of demo applications (${applications})`);
  });

  it('lists owned and shared dashboards with select projections, in loaded order', async () => {
    const list = await call('owner', 'GET', '/v2/insights/dashboards?select[]=name&select[]=color&select[]=panels');
    assert.equal(list.statusCode, 200);
    const items = list.json() as Array<Record<string, unknown>>;
    assert.equal(items[0]?._id, DEMO_INSIGHTS.lumenDashboardId);
    assert.deepEqual(Object.keys(items[0] ?? {}).sort(), ['_id', 'color', 'name', 'panels']);
    assert.deepEqual((await call('viewer', 'GET', '/v2/insights/dashboards')).json(), [], 'nothing shared with the viewer yet');
    const one = await call('owner', 'GET', `/v2/insights/dashboards/${DEMO_INSIGHTS.lumenDashboardId}?select[]=allowedRecruiters`);
    assert.deepEqual(one.json(), { _id: DEMO_INSIGHTS.lumenDashboardId, allowedRecruiters: [DEMO_ACCOUNTS.owner.id] });
  });

  it('puts an edited dashboard and answers it as re-read', async () => {
    const current = (await call('owner', 'GET', `/v2/insights/dashboards/${DEMO_INSIGHTS.lumenDashboardId}`)).json() as DashboardResource;
    const edited = { ...current, name: '  Quarter review ', color: '#AA3355CC', panels: [...current.panels, { id: 'f2', type: 'FUNNEL', metric: 'REACHED_STAGE', dimension: 'STAGE' }] };
    const put = await call('owner', 'PUT', `/v2/insights/dashboards/${current._id}`, edited);
    assert.equal(put.statusCode, 200, put.body);
    const after = (await call('owner', 'GET', `/v2/insights/dashboards/${current._id}`)).json() as DashboardResource;
    assert.deepEqual([after.name, after.color, after.panels.length], ['Quarter review', '#AA3355CC', current.panels.length + 1]);
    assert.deepEqual(put.json().name, 'Quarter review');
    // Restore for the other cases.
    await call('owner', 'PUT', `/v2/insights/dashboards/${current._id}`, current);
  });

  it('refuses invalid dashboards with a key, and malformed ids as not found', async () => {
    const base = { name: 'X', color: '#123456', panels: [], globalQuery: { period: 'LAST_30_DAYS', openingIds: [] } };
    const bad = [
      { ...base, color: 'red' },
      { ...base, name: '   ' },
      { ...base, panels: [{ id: 'a', type: 'KPI', metric: 'APPLICATIONS', dimension: 'WEEK' }] },
      { ...base, panels: [{ id: 'a', type: 'KPI', metric: 'REACHED_STAGE' }] },
      { ...base, panels: [{ id: 'a', type: 'FUNNEL', metric: 'HIRES', dimension: 'STAGE' }] },
      { ...base, panels: [{ id: 'a', type: 'KPI', metric: 'APPLICATIONS' }, { id: 'a', type: 'KPI', metric: 'HIRES' }] },
      { ...base, globalQuery: { period: 'CUSTOM', from: '2026-03-10', to: '2026-03-01', openingIds: [] } },
      { ...base, panels: Array.from({ length: 13 }, (_, i) => ({ id: `p${i}`, type: 'KPI', metric: 'APPLICATIONS' })) },
    ];
    for (const body of bad) {
      const response = await call('owner', 'POST', '/v2/insights/dashboards', body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.equal(response.json().error, 'analytics.errors.invalidDashboard');
    }
    assert.equal((await call('owner', 'GET', '/v2/insights/dashboards/not-an-id')).statusCode, 404);
    const badQuery = await call('owner', 'GET', `/v2/insights/dashboards/${DEMO_INSIGHTS.lumenDashboardId}/results?from=2026-02-30`);
    assert.deepEqual([badQuery.statusCode, badQuery.json().error], [400, 'analytics.errors.invalidQuery']);
  });

  it('checks ANALYTICS:DASHBOARD:MANAGE on every change, and the session on every call', async () => {
    const id = DEMO_INSIGHTS.lumenDashboardId;
    const body = { name: 'V', color: '#123456', panels: [], globalQuery: { period: 'LAST_7_DAYS', openingIds: [] } };
    const changes: Array<[Method, string, unknown?]> = [
      ['POST', '/v2/insights/dashboards', body],
      ['PUT', `/v2/insights/dashboards/${id}`, body],
      ['POST', `/v2/insights/dashboards/${id}/recruiters/${DEMO_ACCOUNTS.viewer.id}/add`],
      ['POST', `/v2/insights/dashboards/${id}/recruiters/remove`, { recruiterIds: [] }],
      ['DELETE', `/v2/insights/dashboards/${id}`],
    ];
    for (const [method, url, payload] of changes) {
      assert.equal((await call('viewer', method, url, payload)).statusCode, 403, `viewer ${method} ${url}`);
      assert.equal((await call('applicant', method, url, payload)).statusCode, 403, `applicant ${method} ${url}`);
      assert.equal((await call(undefined, method, url, payload)).statusCode, 401, `anonymous ${method} ${url}`);
    }
    for (const url of ['/v2/insights/dashboards', `/v2/insights/dashboards/${id}`, `/v2/insights/dashboards/${id}/results`, '/v2/insights/recruiters']) {
      assert.equal((await call(undefined, 'GET', url)).statusCode, 401, url);
      assert.equal((await call('applicant', 'GET', url)).statusCode, 403, url);
    }
  });

  it('answers another company’s dashboard as not found, on every call', async () => {
    const id = DEMO_INSIGHTS.lumenDashboardId;
    for (const [method, url, payload] of [
      ['GET', `/v2/insights/dashboards/${id}`],
      ['GET', `/v2/insights/dashboards/${id}/results`],
      ['PUT', `/v2/insights/dashboards/${id}`, { name: 'N', color: '#123456', panels: [], globalQuery: { period: 'LAST_7_DAYS', openingIds: [] } }],
      ['POST', `/v2/insights/dashboards/${id}/recruiters/${DEMO_ACCOUNTS.otherOwner.id}/add`],
      ['POST', `/v2/insights/dashboards/${id}/recruiters/remove`, { recruiterIds: [DEMO_ACCOUNTS.owner.id] }],
      ['DELETE', `/v2/insights/dashboards/${id}`],
    ] as Array<[Method, string, unknown?]>) {
      const response = await call('otherOwner', method, url, payload);
      assert.deepEqual([response.statusCode, response.json().error], [404, 'analytics.errors.notFound'], `${method} ${url}`);
    }
    const nordwind = (await call('otherOwner', 'GET', '/v2/insights/dashboards')).json() as DashboardResource[];
    assert.deepEqual(
      nordwind.map((d) => d._id),
      [DEMO_INSIGHTS.nordwindDashboardId],
    );
    const recruiters = (await call('otherOwner', 'GET', '/v2/insights/recruiters')).json() as Array<{ email: string }>;
    assert.deepEqual(
      recruiters.map((r) => r.email),
      [DEMO_ACCOUNTS.otherOwner.email],
    );
  });

  it('shares one recruiter per call, removes a list, keeps the owner, and the viewer reads but never edits', async () => {
    const id = DEMO_INSIGHTS.lumenDashboardId;
    const recruiters = (await call('owner', 'GET', '/v2/insights/recruiters')).json() as Array<{ _id: string; fullName: string; email: string }>;
    assert.deepEqual(recruiters.map((r) => r._id).sort(), [DEMO_ACCOUNTS.owner.id, DEMO_ACCOUNTS.viewer.id].sort());
    assert.ok(recruiters.some((r) => r.fullName === 'Victor Lang'));

    const foreign = await call('owner', 'POST', `/v2/insights/dashboards/${id}/recruiters/${DEMO_ACCOUNTS.otherOwner.id}/add`);
    assert.deepEqual([foreign.statusCode, foreign.json().error], [404, 'analytics.errors.recruiterNotFound']);

    const added = await call('owner', 'POST', `/v2/insights/dashboards/${id}/recruiters/${DEMO_ACCOUNTS.viewer.id}/add`);
    assert.equal(added.statusCode, 200, added.body);
    assert.deepEqual((added.json() as DashboardResource).allowedRecruiters, [DEMO_ACCOUNTS.owner.id, DEMO_ACCOUNTS.viewer.id]);
    const again = await call('owner', 'POST', `/v2/insights/dashboards/${id}/recruiters/${DEMO_ACCOUNTS.viewer.id}/add`);
    assert.equal((again.json() as DashboardResource).allowedRecruiters.length, 2, 'adding twice is harmless');

    const seen = (await call('viewer', 'GET', '/v2/insights/dashboards')).json() as DashboardResource[];
    assert.deepEqual(
      seen.map((d) => d._id),
      [id],
    );
    assert.equal((await call('viewer', 'GET', `/v2/insights/dashboards/${id}/results`)).statusCode, 200);
    assert.equal((await call('viewer', 'PUT', `/v2/insights/dashboards/${id}`, seen[0])).statusCode, 403);

    const removed = await call('owner', 'POST', `/v2/insights/dashboards/${id}/recruiters/remove`, { recruiterIds: [DEMO_ACCOUNTS.viewer.id, DEMO_ACCOUNTS.owner.id] });
    assert.equal(removed.statusCode, 200);
    assert.deepEqual((removed.json() as DashboardResource).allowedRecruiters, [DEMO_ACCOUNTS.owner.id], 'the owner stays');
    assert.equal((await call('viewer', 'GET', `/v2/insights/dashboards/${id}`)).statusCode, 404);
    assert.deepEqual((await call('viewer', 'GET', '/v2/insights/dashboards')).json(), []);
  });

  it('duplicates by posting a copy, and deletes', async () => {
    const source = (await call('owner', 'GET', `/v2/insights/dashboards/${DEMO_INSIGHTS.lumenDashboardId}`)).json() as DashboardResource;
    const copy = await call('owner', 'POST', '/v2/insights/dashboards', { name: `${source.name} (copy)`, color: source.color, panels: source.panels, globalQuery: source.globalQuery });
    assert.equal(copy.statusCode, 201);
    const created = copy.json() as DashboardResource;
    assert.notEqual(created._id, source._id);
    assert.deepEqual([created.panels, created.allowedRecruiters, created.ownerId], [source.panels, [DEMO_ACCOUNTS.owner.id], DEMO_ACCOUNTS.owner.id]);
    const list = (await call('owner', 'GET', '/v2/insights/dashboards?select[]=name')).json() as DashboardResource[];
    assert.equal(list[list.length - 1]?._id, created._id, 'newest last');

    assert.equal((await call('owner', 'DELETE', `/v2/insights/dashboards/${created._id}`)).statusCode, 204);
    assert.equal((await call('owner', 'GET', `/v2/insights/dashboards/${created._id}`)).statusCode, 404);
    assert.equal((await call('owner', 'DELETE', `/v2/insights/dashboards/${created._id}`)).statusCode, 404);
  });
});
