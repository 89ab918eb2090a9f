import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { PipelineResponse } from '@rec/core/pipeline';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { DEMO_OPENING_IDS } from '../../seed/demo-openings';
import { DEMO_PIPELINE } from '../../seed/demo-pipeline';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { multipartFile, SMALL_PDF } from '../../testing/multipart';
import { describeEachBackend } from '../../testing/test-database';
import { anonymiseApplications } from '../candidate-portal/anonymise';
import type { DomainEvent } from '../domain-events/domain-events';

type Who = 'owner' | 'viewer' | 'otherOwner';
const OPENING = DEMO_OPENING_IDS.published;
const BASE = `/v2/recruiter/openings/${OPENING}`;
const app = (i: number) => DEMO_PIPELINE.applicationOf(i);
/** demo-openings.ts: person i speaks LANGUAGES[i % 9] (fr de en pt lb it pl nl es). */
const LANGUAGES = ['fr', 'de', 'en', 'pt', 'lb', 'it', 'pl', 'nl', 'es'];

describeEachBackend('the pipeline of an opening and its decisions', (context) => {
  let t: AuthTestApp;
  const cookies: Partial<Record<Who, string>> = {};
  const events: DomainEvent[] = [];
  before(async () => {
    t = await buildAuthTestApp(context.db);
    for (const who of ['owner', 'viewer', 'otherOwner'] as const) cookies[who] = await t.cookieFor(DEMO_ACCOUNTS[who].id);
    t.app.domainEvents.subscribe((event) => events.push(event));
  });
  after(() => t.app.close());

  const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: OWN_ORIGIN, cookie: cookies[who] ?? '' }, ...(payload ? { payload } : {}) });
  const pipeline = async (query = '') => {
    const response = await call('owner', 'GET', `${BASE}/pipeline${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as PipelineResponse;
  };
  const stageOf = async (applicationId: string) => {
    const row = await context.db.selectFrom('application_pipeline').select('current_stage').where('application_id', '=', applicationId).executeTakeFirst();
    return row?.current_stage;
  };

  it('counts every stage of the opening and pages its applications with their steps', async () => {
    const body = await pipeline();
    assert.deepEqual(
      body.stages.map((stage) => stage.id),
      ['NEW', 'IN_REVIEW', 'INTERVIEW', 'OFFER', 'HIRED', 'REJECTED'],
    );
    assert.equal(
      body.stages.reduce((sum, stage) => sum + stage.count, 0),
      30,
    );
    for (const stage of body.stages) assert.ok(stage.count > 0, `the demo has candidates in ${stage.id}`);
    assert.equal(body.total, 30);
    assert.equal(body.items.length, 20);
    const first = body.items[0];
    assert.ok(first);
    assert.match(first.applicationId, /^[0-9a-f]{24}$/);
    assert.ok(first.name.length > 2 && first.email.includes('@'));
    assert.equal(first.steps.length, 3);
    assert.equal(first.steps[0]?.status, 'DONE');
    const page2 = await pipeline('?page=2&rowsPerPage=20');
    assert.equal(page2.items.length, 10);
    assert.equal(new Set([...body.items, ...page2.items].map((item) => item.applicationId)).size, 30);
  });

  it('filters by stage, source, step status and name or e-mail; the board gets the first N of every stage', async () => {
    const rejected = await pipeline('?stage=REJECTED');
    assert.ok(rejected.total > 0 && rejected.items.every((item) => item.stage === 'REJECTED'));
    const share = await pipeline('?source=SHARE');
    assert.ok(share.total > 0 && share.items.every((item) => item.source === 'SHARE'));
    const started = await pipeline('?stepStatus=STARTED');
    assert.ok(started.total > 0 && started.total < 30);
    const someone = (await pipeline()).items[3];
    assert.ok(someone);
    const byEmail = await pipeline(`?q=${encodeURIComponent(someone.email.toUpperCase())}`);
    assert.deepEqual(
      byEmail.items.map((item) => item.applicationId),
      [someone.applicationId],
    );
    const byName = await pipeline(`?q=${encodeURIComponent(someone.name)}`);
    assert.ok(byName.items.some((item) => item.applicationId === someone.applicationId));
    assert.equal((await pipeline('?q=%25')).total, 0, 'a % is a literal character');
    const ascending = (await pipeline('?sort=name&rowsPerPage=40')).items.map((item) => item.applicationId);
    const descending = (await pipeline('?sort=-name&rowsPerPage=40')).items.map((item) => item.applicationId);
    assert.equal(ascending.length, 30);
    assert.deepEqual(ascending, [...descending].reverse());
    assert.match((await pipeline('?sort=name')).items[0]?.name ?? '', / Bianchi$/, 'by last name');
    const byStage = (await pipeline('?sort=stage&rowsPerPage=40')).items.map((item) => item.stage);
    const order = ['NEW', 'IN_REVIEW', 'INTERVIEW', 'OFFER', 'HIRED', 'REJECTED'];
    assert.deepEqual(byStage, [...byStage].sort((a, b) => order.indexOf(a) - order.indexOf(b)), 'in the company’s stage order');

    const board = await pipeline('?view=board&rowsPerPage=20');
    assert.equal(board.items.length, 30, 'every stage has at most 20 here: the whole opening');
    const small = await pipeline('?view=board&rowsPerPage=20&q=zzzz-nobody');
    assert.equal(small.items.length, 0);
    assert.equal(small.stages.reduce((sum, stage) => sum + stage.count, 0), 30, 'counts are the whole opening');
  });

  it('refuses bad queries with 400 and unknown openings with 404', async () => {
    assert.equal((await call('owner', 'GET', `${BASE}/pipeline?rowsPerPage=25`)).statusCode, 400);
    assert.equal((await call('owner', 'GET', `${BASE}/pipeline?stage=lower`)).statusCode, 400);
    assert.equal((await call('owner', 'GET', `${BASE}/pipeline?source=TV`)).statusCode, 400);
    assert.equal((await call('owner', 'GET', '/v2/recruiter/openings/nothex/pipeline')).statusCode, 404);
    assert.equal((await call('otherOwner', 'GET', `${BASE}/pipeline`)).statusCode, 404);
    assert.equal((await call('viewer', 'GET', `${BASE}/pipeline`)).statusCode, 200);
  });

  it('moves a candidate, audited without personal data and announced', async () => {
    events.length = 0;
    const response = await call('owner', 'POST', `${BASE}/applications/${app(0)}/stage`, { stage: 'INTERVIEW' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().stage, 'INTERVIEW');
    assert.equal(await stageOf(app(0)), 'INTERVIEW');
    const event = await context.db
      .selectFrom('application_stage_events')
      .select(['actor_id', 'reason'])
      .where('application_id', '=', app(0))
      .orderBy('entered_at', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(event.actor_id, DEMO_ACCOUNTS.owner.id);
    assert.equal(event.reason, null);
    const audit = await context.db.selectFrom('audit_log').select(['action', 'details', 'opening_id']).where('action', '=', 'application.stage.move').execute();
    assert.equal(audit.length, 1);
    assert.deepEqual(audit[0]?.details, { applicationId: app(0), from: 'NEW', to: 'INTERVIEW' });
    assert.deepEqual(events, [{ type: 'CANDIDATE_UPDATED', companyId: DEMO.companyId, openingId: OPENING, applicationId: app(0), stage: { id: 'INTERVIEW', rejected: false } }]);
    // The same stage again changes nothing.
    assert.equal((await call('owner', 'POST', `${BASE}/applications/${app(0)}/stage`, { stage: 'INTERVIEW' })).statusCode, 200);
    assert.equal((await context.db.selectFrom('audit_log').select('id').where('action', '=', 'application.stage.move').execute()).length, 1);
  });

  it('refuses the rejected stage (409), unknown stages (422), other openings’ applications (404) and viewers (403)', async () => {
    const move = (who: Who, applicationId: string, stage: string) => call(who, 'POST', `${BASE}/applications/${applicationId}/stage`, { stage });
    const refused = await move('owner', app(5), 'REJECTED');
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().error, 'pipeline.errors.useReject');
    assert.equal((await move('owner', app(5), 'NOPE')).statusCode, 422);
    assert.equal((await move('owner', app(5), 'no')).statusCode, 400);
    assert.equal((await move('owner', app(35), 'OFFER')).statusCode, 404, 'an application of the other opening');
    assert.equal((await move('owner', '0'.repeat(24), 'OFFER')).statusCode, 404);
    assert.equal((await move('otherOwner', app(5), 'OFFER')).statusCode, 404);
    assert.equal((await move('viewer', app(5), 'OFFER')).statusCode, 403);
    assert.equal((await call('viewer', 'POST', `${BASE}/applications/${app(5)}/reject`, { reason: 'OTHER' })).statusCode, 403);
    assert.equal((await call('viewer', 'GET', `${BASE}/applications/${app(5)}/reject-mail`)).statusCode, 403);
    assert.equal((await call('viewer', 'POST', `${BASE}/applications/bulk`, { action: 'move', applicationIds: [app(5)], stage: 'OFFER' })).statusCode, 403);
    assert.equal(await stageOf(app(5)), 'IN_REVIEW');
  });

  it('rejects with a reason and mails the candidate in the application’s language', async () => {
    const draft = await call('owner', 'GET', `${BASE}/applications/${app(8)}/reject-mail`);
    assert.equal(draft.statusCode, 200);
    const { language, subject, body } = draft.json();
    assert.equal(language, LANGUAGES[8]);
    assert.match(subject, /Su candidatura para Mechatroniker:in Robotik/);
    assert.match(body, /Lumen Robotics/);
    assert.doesNotMatch(body, /\{\{/);

    const response = await call('owner', 'POST', `${BASE}/applications/${app(8)}/reject`, { reason: 'EXPERIENCE', mail: { subject, body: `${body}\n\nP.S. {{openingTitle}}` } });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().mailSent, true);
    assert.equal(await stageOf(app(8)), 'REJECTED');
    const mails = await t.mails();
    const mail = mails.find((candidate) => candidate.subject === subject);
    assert.ok(mail, 'the mail is in the outbox');
    assert.match(mail.text, /P\.S\. Mechatroniker:in Robotik/);
    const recorded = await context.db.selectFrom('application_mails').selectAll().where('application_id', '=', app(8)).execute();
    assert.equal(recorded.length, 1);
    assert.equal(recorded[0]?.kind, 'rejection');
    assert.equal(recorded[0]?.language, 'es');
    const audit = await context.db.selectFrom('audit_log').select('details').where('action', '=', 'application.reject').executeTakeFirstOrThrow();
    assert.doesNotMatch(JSON.stringify(audit.details), /@|Robotik/);
    assert.equal((await call('owner', 'POST', `${BASE}/applications/${app(8)}/reject`, { reason: 'EXPERIENCE' })).statusCode, 409);
    assert.equal((await call('owner', 'POST', `${BASE}/applications/${app(9)}/reject`, { reason: 'BORED' })).statusCode, 400);
    assert.equal((await call('owner', 'POST', `${BASE}/applications/${app(9)}/reject`, { reason: 'OTHER', mail: { subject: 'a\r\nBcc: x@y.z', body: 'b' } })).statusCode, 400);
  });

  it('moves and rejects in bulk, all or nothing', async () => {
    const bulk = (payload: object) => call('owner', 'POST', `${BASE}/applications/bulk`, payload);
    const foreign = await bulk({ action: 'move', applicationIds: [app(10), app(35)], stage: 'OFFER' });
    assert.equal(foreign.statusCode, 404);
    assert.notEqual(await stageOf(app(10)), 'OFFER');
    const moved = await bulk({ action: 'move', applicationIds: [app(10), app(11), app(14)], stage: 'OFFER' });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.deepEqual(moved.json(), { changed: 2, skipped: 1 }, 'app(14) already had an offer');
    assert.equal(await stageOf(app(10)), 'OFFER');
    assert.equal((await bulk({ action: 'move', applicationIds: [app(10)], stage: 'REJECTED' })).statusCode, 409);
    assert.equal((await bulk({ action: 'move', applicationIds: [app(10)] })).statusCode, 400);
    assert.equal((await bulk({ action: 'move', applicationIds: Array.from({ length: 201 }, (_, i) => app(i)), stage: 'OFFER' })).statusCode, 400);

    const before = (await t.mails()).length;
    const rejected = await bulk({ action: 'reject', applicationIds: [app(12), app(13)], reason: 'POSITION_FILLED', defaultMail: true });
    assert.equal(rejected.statusCode, 200, rejected.body);
    assert.deepEqual(rejected.json(), { changed: 2, skipped: 0, mailsSent: 2 });
    const mails = (await t.mails()).slice(0, (await t.mails()).length - before);
    assert.equal(mails.length, 2);
    // Each in the candidate's own language: person 12 speaks pt, person 13 lb.
    assert.ok(mails.some((mail) => mail.subject.startsWith('A sua candidatura')));
    assert.ok(mails.some((mail) => mail.subject.startsWith('Är Kandidatur')));
  });

  it('puts a new application in the first stage and announces it', async () => {
    events.length = 0;
    const { payload, headers } = multipartFile('file', 'cv.pdf', SMALL_PDF);
    const upload = await t.app.inject({ method: 'POST', url: `/v2/storage?scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`, payload, headers });
    assert.equal(upload.statusCode, 201, upload.body);
    const applied = await t.app.inject({
      method: 'POST',
      url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
      payload: {
        submissionId: `pipeline-test-${Date.now()}`,
        firstName: 'Nina',
        lastName: 'Pipeline',
        email: `nina.pipeline.${context.backend.name}@example.org`,
        phone: '+352 621 123 456',
        birthDate: '21/04/1994',
        gender: 'female',
        salary: '65000',
        drivingLicenses: ['B'],
        hasWorkPermit: 'yes',
        cv: upload.json(),
        gdprConsent: true,
      },
    });
    assert.equal(applied.statusCode, 201, applied.body);
    const { applicationId } = applied.json();
    assert.equal(await stageOf(applicationId), 'NEW');
    const created = events.find((event) => event.type === 'APPLICATION_CREATED');
    assert.ok(created && 'applicationId' in created && created.applicationId === applicationId);
  });

  it('shows a removed candidate without the placeholder address, finds it by no old detail, and mails no rejection to it (issue 26)', async () => {
    const id = app(20);
    const before = (await pipeline('?rowsPerPage=40')).items.find((item) => item.applicationId === id);
    if (!before) throw new Error('the demo application is on the list');
    assert.ok(before.email.includes('@') && before.name.length > 0 && !before.removed, 'a named candidate first');
    await context.db.transaction().execute((trx) => anonymiseApplications(trx, DEMO.companyId, [id], new Date()));
    const after = (await pipeline('?rowsPerPage=40')).items.find((item) => item.applicationId === id);
    assert.deepEqual({ name: after?.name, email: after?.email, removed: after?.removed }, { name: '', email: '', removed: true });
    assert.equal((await pipeline(`?q=${encodeURIComponent(before.email)}`)).items.length, 0, 'not found by its old address');
    assert.equal((await pipeline('?q=anonymised.invalid')).items.length, 0, 'nor by the placeholder');
    const mailsBefore = (await t.mails()).length;
    const rejected = await call('owner', 'POST', `${BASE}/applications/${id}/reject`, { reason: 'OTHER', mail: { subject: 'Hello {{candidateName}}', body: 'Thanks' } });
    assert.equal(rejected.statusCode, 200, rejected.body);
    assert.equal(rejected.json().mailSent, false);
    assert.equal((await t.mails()).length, mailsBefore);
  });
});
