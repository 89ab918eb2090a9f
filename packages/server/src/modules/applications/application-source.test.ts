import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { CandidateReview } from '@rec/core/candidate-review';
import type { PipelineResponse } from '@rec/core/pipeline';
import ExcelJS from 'exceljs';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { DEMO_INSIGHTS } from '../../seed/demo-insights';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { multipartFile, SMALL_PDF } from '../../testing/multipart';
import { describeEachBackend } from '../../testing/test-database';

/**
 * Issue 30, source tracking: the campaign and referring page an application arrives with are
 * validated, stored, shown on the candidate page, filterable in the pipeline, exported and counted
 * by the dashboard's "source / campaign" panel.
 */
describeEachBackend('application sources', (context) => {
  let t: AuthTestApp;
  let owner = '';
  let openingId = '';
  let counter = 0;
  const run = Math.random().toString(36).slice(2, 8);
  before(async () => {
    t = await buildAuthTestApp(context.db);
    owner = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
    const row = await context.db
      .selectFrom('channels as c')
      .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
      .select('p.opening_id')
      .where('c.id', '=', DEMO.sampleChannelId)
      .executeTakeFirstOrThrow();
    openingId = row.opening_id;
  });
  after(() => t.app.close());
  const recruiterGet = (url: string) => t.app.inject({ url, headers: { cookie: owner, origin: OWN_ORIGIN, 'accept-language': 'en' } });

  async function apply(source: unknown, email = `source.${run}.${++counter}@example.org`) {
    const { payload, headers } = multipartFile('file', 'cv.pdf', SMALL_PDF);
    const uploaded = await t.app.inject({ method: 'POST', url: `/v2/storage?scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`, payload, headers });
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    return t.app.inject({
      method: 'POST',
      url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
      payload: {
        submissionId: `source-${run}-${counter}-${Date.now()}`,
        firstName: 'Maja',
        lastName: 'Quellen',
        email,
        phone: '+352 621 123 456',
        birthDate: '21/04/1994',
        gender: 'female',
        salary: '65000',
        drivingLicenses: ['B'],
        hasWorkPermit: 'yes',
        cv: uploaded.json(),
        gdprConsent: true,
        ...(source === undefined ? {} : { source }),
      },
    });
  }

  const campaign = { utmSource: 'linkedin', utmMedium: 'social', utmCampaign: `spring-${run}`, referrer: 'https://www.linkedin.com/feed/' };
  let applicationId = '';
  let candidateId = '';

  it('stores the campaign and the referring page with the application, not in its form', async () => {
    const response = await apply(campaign);
    assert.equal(response.statusCode, 201, response.body);
    applicationId = response.json().applicationId;
    const row = await context.db.selectFrom('applications').selectAll().where('id', '=', applicationId).executeTakeFirstOrThrow();
    candidateId = row.candidate_id;
    assert.deepEqual([row.utm_source, row.utm_medium, row.utm_campaign, row.referrer], ['linkedin', 'social', `spring-${run}`, 'https://www.linkedin.com/feed/']);
    assert.equal((row.form as Record<string, unknown>).source, undefined);
  });

  it('stores nothing for a visit without a source', async () => {
    const response = await apply(undefined);
    assert.equal(response.statusCode, 201, response.body);
    const row = await context.db.selectFrom('applications').selectAll().where('id', '=', response.json().applicationId).executeTakeFirstOrThrow();
    assert.deepEqual([row.utm_source, row.utm_medium, row.utm_campaign, row.referrer], [null, null, null, null]);
  });

  it('refuses values the widgets would never send: a query string in the referrer, long, multi-line or unknown fields', async () => {
    for (const source of [
      { referrer: 'https://www.google.com/search?q=jane.doe%40example.org' },
      { referrer: 'javascript:alert(1)' },
      { utmCampaign: 'x'.repeat(101) },
      { utmSource: 'line\nbreak' },
      { utmSource: '  padded ' },
      { utmSource: 42 },
      { utmTerm: 'extra' },
    ]) {
      const response = await apply(source);
      assert.equal(response.statusCode, 400, `${JSON.stringify(source)}: ${response.body}`);
      assert.ok(response.json().fields?.source ?? response.json().key, response.body);
    }
  });

  it('shows the campaign on the candidate page', async () => {
    const response = await recruiterGet(`/v2/recruiter/openings/${openingId}/candidates/${candidateId}`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual((response.json() as CandidateReview).source.campaign, campaign);
  });

  it('filters the pipeline by a part of the campaign’s source, medium or name', async () => {
    const ids = async (query: string) =>
      ((await recruiterGet(`/v2/recruiter/openings/${openingId}/pipeline?${query}`)).json() as PipelineResponse).items.map((item) => item.applicationId);
    assert.deepEqual(await ids(`campaign=${encodeURIComponent(`SPRING-${run}`)}`), [applicationId], 'case-insensitive, on the campaign name');
    assert.ok((await ids('campaign=linked')).includes(applicationId), 'on the source');
    assert.deepEqual(await ids('campaign=no-such-campaign'), []);
    assert.ok((await ids('')).length > 1, 'without the filter: every application');
    assert.deepEqual(await ids('campaign=100%25'), [], 'a % is a literal character');
    assert.equal((await recruiterGet(`/v2/recruiter/openings/${openingId}/pipeline?campaign=${'x'.repeat(101)}`)).statusCode, 400);
  });

  it('exports the campaign columns', async () => {
    const response = await recruiterGet(`/v2/jobs/${openingId}/export/applications?categories[]=OPERATIONAL`);
    assert.equal(response.statusCode, 200, response.body);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    const header = rows[0] ?? [];
    const at = (name: string) => header.indexOf(name);
    const mine = rows.find((row) => row[at('Application ID')] === applicationId);
    assert.ok(mine, 'the application’s row');
    assert.deepEqual(
      ['Campaign source', 'Campaign medium', 'Campaign', 'Referring page'].map((name) => mine[at(name)]),
      ['linkedin', 'social', `spring-${run}`, 'https://www.linkedin.com/feed/'],
    );
  });

  it('counts applications by source / campaign in the dashboard panel', async () => {
    const response = await recruiterGet(`/v2/insights/dashboards/${DEMO_INSIGHTS.lumenDashboardId}/results?period=LAST_7_DAYS`);
    assert.equal(response.statusCode, 200, response.body);
    const panels = (response.json() as { panels: Array<{ panelId: string; total: number; rows: Array<{ key: string; value: number }> }> }).panels;
    const panel = panels.find((entry) => entry.panelId === 'campaigns');
    assert.ok(panel, 'the default dashboard has the panel');
    assert.equal(panel.rows.find((row) => row.key === `linkedin / spring-${run}`)?.value, 1);
    const withoutCampaign = panel.rows.find((row) => row.key === '')?.value ?? 0;
    assert.ok(withoutCampaign >= 1, 'the visit without a campaign counts under none');
    assert.equal(panel.total, panel.rows.reduce((sum, row) => sum + row.value, 0));
  });
});
