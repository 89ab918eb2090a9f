import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { DomainEvent } from '../domain-events/domain-events';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { candidateOfApplication } from '../../testing/application-candidate';
import { multipartFile, SMALL_PDF } from '../../testing/multipart';
import { describeEachBackend } from '../../testing/test-database';

const TWO_STEPS = [
  { product: 'application-form', config: { questions: [{ id: 'why', type: 'shortText', label: { en: 'Why?' }, required: true }] } },
  { product: 'shape', config: { provider: 'builtin' } },
];

describeEachBackend('a candidate withdraws one application (issue 25)', (context) => {
  let t: AuthTestApp;
  let ip = 0;
  const run = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  let counter = 0;
  let openingId = '';
  const seen: DomainEvent[] = [];

  const inject = (options: { method?: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; cookie?: string; token?: string }) => {
    ip += 1;
    return t.app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      ...(options.payload ? { payload: options.payload } : {}),
      headers: { origin: OWN_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      remoteAddress: `10.46.${(ip >> 8) & 255}.${ip & 255}`,
    });
  };

  async function apply(email = `withdraw.${run}.${counter + 1}@example.org`) {
    counter += 1;
    ip += 1;
    const upload = await t.app.inject({
      method: 'POST',
      url: `/v2/storage?scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`,
      remoteAddress: `10.47.0.${ip & 255}`,
      ...multipartFile('file', 'cv.pdf', SMALL_PDF),
    });
    assert.equal(upload.statusCode, 201, upload.body);
    const response = await inject({
      method: 'POST',
      url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
      payload: { submissionId: `withdraw-${run}-${counter}`, firstName: 'Wanda', lastName: 'Weg', email, cv: upload.json(), gdprConsent: true },
    });
    assert.equal(response.statusCode, 201, response.body);
    const { applicationId, stepsToken } = response.json() as { applicationId: string; stepsToken: string };
    return { applicationId, candidateId: await candidateOfApplication(context.db, applicationId), token: stepsToken, email };
  }

  before(async () => {
    t = await buildAuthTestApp(context.db);
    // The sample offer's opening (seed: offer 0x01).
    openingId = demoId(DEMO_PREFIX.opening, 0x01);
    const owner = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
    const put = await inject({ method: 'PUT', url: `/v2/jobs/${openingId}/process`, cookie: owner, payload: { steps: TWO_STEPS } });
    assert.equal(put.statusCode, 200, put.body);
    t.app.domainEvents.subscribe((event) => void seen.push(event));
  });
  after(async () => {
    await t.app.close();
  });

  it('withdraws with the steps token: the recruiter sees it withdrawn in the pipeline and on the candidate page, the audit log and realtime hear of it, and the steps stop', async () => {
    const { applicationId, candidateId, token } = await apply();
    const first = (await inject({ url: '/v2/application-steps/next', token })).json();
    assert.equal(first.step.product, 'application-form');

    const other = await apply();
    assert.equal((await inject({ method: 'POST', url: `/v2/applicants/applications/${other.applicationId}/withdraw`, token })).statusCode, 404, 'a token withdraws only its own application');
    assert.equal((await inject({ method: 'POST', url: `/v2/applicants/applications/${applicationId}/withdraw` })).statusCode, 401);

    const withdrawn = await inject({ method: 'POST', url: `/v2/applicants/applications/${applicationId}/withdraw`, token });
    assert.equal(withdrawn.statusCode, 200, withdrawn.body);
    assert.deepEqual(withdrawn.json(), { withdrawn: true });
    assert.deepEqual((await inject({ method: 'POST', url: `/v2/applicants/applications/${applicationId}/withdraw`, token })).json(), { withdrawn: true }, 'asked twice: still fine');

    const owner = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
    const pipeline = (await inject({ url: `/v2/recruiter/openings/${openingId}/pipeline?q=${encodeURIComponent('Weg')}`, cookie: owner })).json();
    const item = pipeline.items.find((row: { applicationId: string }) => row.applicationId === applicationId);
    assert.equal(item.stage, 'REJECTED');
    assert.equal(item.withdrawn, true);
    assert.equal(pipeline.items.find((row: { applicationId: string }) => row.applicationId === other.applicationId).withdrawn, undefined);
    const board = (await inject({ url: `/v2/recruiter/openings/${openingId}/pipeline?view=board&q=${encodeURIComponent('Weg')}`, cookie: owner })).json();
    assert.equal(board.items.find((row: { applicationId: string }) => row.applicationId === applicationId).withdrawn, true, 'the board view says so too');
    const page = await inject({ url: `/v2/recruiter/openings/${openingId}/candidates/${candidateId}`, cookie: owner });
    assert.equal(page.statusCode, 200, page.body);
    assert.equal(page.json().withdrawn, true);
    const last = page.json().timeline.filter((entry: { kind: string }) => entry.kind === 'stage').at(-1);
    assert.deepEqual([last.detail, last.reason, last.actor], ['REJECTED', 'WITHDREW', null]);

    const audit = await context.db.selectFrom('audit_log').select(['actor_id', 'details', 'opening_id']).where('action', '=', 'application.withdraw').execute();
    const mine = audit.filter((row) => (row.details as { applicationId?: string }).applicationId === applicationId);
    assert.equal(mine.length, 1, 'audited once');
    assert.equal(mine[0]?.actor_id, candidateId);
    assert.equal(mine[0]?.opening_id, openingId);
    assert.ok(seen.some((event) => event.type === 'CANDIDATE_UPDATED' && event.applicationId === applicationId && event.openingId === openingId));

    const after = (await inject({ url: '/v2/application-steps/next', token })).json();
    assert.equal(after.step, null);
    assert.equal(after.withdrawn, true);
    const complete = await inject({ method: 'POST', url: `/v2/application-steps/${first.step._id}/complete`, token, payload: { answers: { why: 'x' } } });
    assert.equal(complete.statusCode, 409);
    assert.equal(complete.json().error, 'steps.errors.withdrawn');
  });

  it('withdraws from the portal with the applicant session; the portal shows it withdrawn with nothing left to do; a decided application cannot be withdrawn', async () => {
    const { applicationId, candidateId, email } = await apply();
    await t.mails();
    const account = await context.db.selectFrom('accounts').select('id').where('email', '=', email).where('type', '=', 'applicant').executeTakeFirstOrThrow();
    const candidate = await t.cookieFor(account.id);
    const camille = await t.cookieFor(DEMO_ACCOUNTS.applicant.id);
    assert.equal((await inject({ method: 'POST', url: `/v2/applicants/applications/${applicationId}/withdraw`, cookie: camille })).statusCode, 404, "another candidate's is not theirs");
    const owner = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
    assert.equal((await inject({ method: 'POST', url: `/v2/applicants/applications/${applicationId}/withdraw`, cookie: owner })).statusCode, 403);

    assert.equal((await inject({ method: 'POST', url: `/v2/applicants/applications/${applicationId}/withdraw`, cookie: candidate })).statusCode, 200);
    const record = (await inject({ url: `/v2/candidates/${candidateId}`, cookie: candidate })).json();
    const shown = record.applications.find((application: { _id: string }) => application._id === applicationId);
    assert.deepEqual([shown.status, shown.stepsToDo], ['withdrawn', 0]);

    const hired = await apply(email);
    const move = await inject({ method: 'POST', url: `/v2/recruiter/openings/${openingId}/applications/${hired.applicationId}/stage`, cookie: owner, payload: { stage: 'HIRED' } });
    assert.equal(move.statusCode, 200, move.body);
    const refused = await inject({ method: 'POST', url: `/v2/applicants/applications/${hired.applicationId}/withdraw`, cookie: candidate });
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().error, 'portal.errors.applicationClosed');
  });
});
