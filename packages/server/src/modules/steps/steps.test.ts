import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { DomainEvent } from '../../events/event-bus';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO_LUMEN_BRAND } from '../../seed/demo-brand';
import { DEMO } from '../../seed/demo-ids';
import { companyTheme } from '../branding/service';
import { uploadCv } from '../../testing/candidate';
import { multipartFile, SMALL_PDF } from '../../testing/multipart';
import { describeEachBackend } from '../../testing/test-database';
import { brainItems } from './builtin-assessments';
import { DEMO_PROCESS, DEMO_STEPS } from '../../seed/demo-steps';
import { ProcessSchema } from '@rec/core/steps';
import * as v from 'valibot';

const ORIGIN = 'http://rec.test';

const FORM_STEP = {
  product: 'application-form',
  config: {
    questions: [
      { id: 'motivation', type: 'longText', label: { en: 'Why us?', fr: 'Pourquoi nous ?' }, required: true },
      {
        id: 'shift',
        type: 'singleChoice',
        label: { en: 'Shift' },
        required: true,
        choices: [
          { id: 'day', label: { en: 'Day' } },
          { id: 'night', label: { en: 'Night' } },
        ],
      },
    ],
  },
};
const SHAPE_STEP = { product: 'shape', config: { provider: 'builtin' } };
const BRAIN_STEP = { product: 'brain', config: { provider: 'builtin' } };

describeEachBackend('the applicant step flow', (context) => {
  const run = Math.random().toString(36).slice(2, 8);
  let counter = 0;
  const events: DomainEvent[] = [];

  async function sessionOf(accountId: string): Promise<string> {
    const { token } = await context.app.accounts.sessions.create(accountId);
    return `rec_session=${token}`;
  }
  async function openingOfSample(): Promise<string> {
    const row = await context.db
      .selectFrom('channels as c')
      .innerJoin('postings as p', 'p.id', 'c.posting_id')
      .select('p.opening_id')
      .where('c.id', '=', DEMO.sampleChannelId)
      .executeTakeFirstOrThrow();
    return row.opening_id;
  }
  async function setProcess(steps: unknown[]) {
    const cookie = await sessionOf(DEMO_ACCOUNTS.owner.id);
    const response = await context.app.inject({
      method: 'PUT',
      url: `/v2/jobs/${await openingOfSample()}/process`,
      headers: { cookie, origin: ORIGIN },
      payload: { steps },
    });
    assert.equal(response.statusCode, 200, response.body);
  }
  async function apply(email = `steps.${run}.${++counter}@example.org`): Promise<{ applicationId: string; token: string; email: string }> {
    const cv = await uploadCv(context.app);
    const response = await context.app.inject({
      method: 'POST',
      url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
      payload: { submissionId: `steps-${run}-${counter}-${Date.now()}`, firstName: 'Ana', lastName: 'Silva', email, cv: { url: cv.url, name: cv.name }, gdprConsent: true },
    });
    assert.equal(response.statusCode, 201, response.body);
    const { applicationId, stepsToken } = response.json();
    assert.match(stepsToken, /^[A-Za-z0-9_-]{43}$/);
    return { applicationId, token: stepsToken, email };
  }
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    context.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  it('skips a form step with nothing to ask: the default process is DONE at once, without answers, and the flow is finished', async () => {
    const seen: DomainEvent[] = [];
    const stop = context.app.events.on('APPLICATION_STEP_FINISHED', (event) => void seen.push(event));
    const { applicationId, token } = await apply();
    const response = await call(token, 'GET', '/v2/application-steps/next');
    assert.equal(response.statusCode, 200, response.body);
    const { steps, step } = response.json();
    assert.deepEqual(
      steps.map((s: { product: string; stepConfig: { status: string } }) => [s.product, s.stepConfig.status]),
      [['application-form', 'DONE']],
    );
    assert.equal(step, null, 'no "there are no extra questions" page: nothing is left to show');
    const row = await context.db.selectFrom('application_steps').select(['status', 'progress']).where('application_id', '=', applicationId).executeTakeFirstOrThrow();
    assert.equal(row.status, 'DONE');
    assert.equal((row.progress as { answers?: unknown }).answers, undefined);
    const finished = seen.filter((event) => event.applicationId === applicationId);
    assert.deepEqual(
      finished.map((event) => [event.type, event.type === 'APPLICATION_STEP_FINISHED' ? event.finished : null]),
      [['APPLICATION_STEP_FINISHED', true]],
    );
    // A second look finds it done, without a second event.
    assert.equal((await call(token, 'GET', '/v2/application-steps/next')).json().step, null);
    assert.equal(seen.filter((event) => event.applicationId === applicationId).length, 1);
    stop();
  });

  it('does not ask again what the apply form answered: a linked question is prefilled, the rest is asked, and a step left empty is skipped', async () => {
    const owner = await sessionOf(DEMO_ACCOUNTS.owner.id);
    const opening = await openingOfSample();
    const patch = await context.app.inject({ method: 'PATCH', url: `/v2/jobs/${opening}`, headers: { cookie: owner, origin: ORIGIN }, payload: { applyForm: { drivingLicenses: 'optional' } } });
    assert.equal(patch.statusCode, 200, patch.body);
    const licence = { id: 'licence', type: 'yesNo', label: { en: 'Do you hold a driving licence?' }, required: true, applyField: 'drivingLicenses' };
    const shift = FORM_STEP.config.questions[1];
    await setProcess([{ product: 'application-form', config: { questions: [licence, shift] } }, SHAPE_STEP]);
    const applyWith = async (drivingLicenses: string[]) => {
      const cv = await uploadCv(context.app);
      const response = await context.app.inject({
        method: 'POST',
        url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
        payload: { submissionId: `licence-${run}-${++counter}-${Date.now()}`, firstName: 'Lea', lastName: 'Roth', email: `licence.${run}.${counter}@example.org`, cv: { url: cv.url, name: cv.name }, drivingLicenses, gdprConsent: true },
      });
      assert.equal(response.statusCode, 201, response.body);
      return response.json().stepsToken as string;
    };

    const token = await applyWith(['none']);
    const { step } = (await call(token, 'GET', '/v2/application-steps/next')).json();
    assert.deepEqual(
      step.config.questions.map((question: { id: string }) => question.id),
      ['shift'],
      'the licence question is not shown again',
    );
    const done = await call(token, 'POST', `/v2/application-steps/${step._id}/complete`, { answers: { shift: 'day', licence: 'yes' } });
    assert.equal(done.statusCode, 200, done.body);
    const row = await context.db.selectFrom('application_steps').select('progress').where('id', '=', step._id).executeTakeFirstOrThrow();
    assert.deepEqual((row.progress as { answers: unknown }).answers, { licence: 'no', shift: 'day' }, 'the apply form\'s answer stands');

    // Without an answer in the apply form, the question is asked.
    const asked = (await call(await applyWith([]), 'GET', '/v2/application-steps/next')).json().step;
    assert.deepEqual(
      asked.config.questions.map((question: { id: string }) => question.id),
      ['licence', 'shift'],
    );

    // Every question answered by the apply form: the step is skipped and the assessment is next.
    await setProcess([{ product: 'application-form', config: { questions: [licence] } }, SHAPE_STEP]);
    const skipped = (await call(await applyWith(['B']), 'GET', '/v2/application-steps/next')).json();
    assert.deepEqual(
      skipped.steps.map((s: { stepConfig: { status: string } }) => s.stepConfig.status),
      ['DONE', 'PENDING'],
    );
    assert.equal(skipped.step.product, 'shape');
    await context.app.inject({ method: 'PATCH', url: `/v2/jobs/${opening}`, headers: { cookie: owner, origin: ORIGIN }, payload: { applyForm: { drivingLicenses: 'hidden' } } });
  });

  it('refuses "none" beside a licence in the apply form', async () => {
    const owner = await sessionOf(DEMO_ACCOUNTS.owner.id);
    const opening = await openingOfSample();
    const form = (drivingLicenses: string) => context.app.inject({ method: 'PATCH', url: `/v2/jobs/${opening}`, headers: { cookie: owner, origin: ORIGIN }, payload: { applyForm: { drivingLicenses } } });
    assert.equal((await form('required')).statusCode, 200);
    const cv = await uploadCv(context.app);
    const response = await context.app.inject({
      method: 'POST',
      url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
      payload: { submissionId: `none-${run}-${Date.now()}`, firstName: 'Lea', lastName: 'Roth', email: `none.${run}@example.org`, cv: { url: cv.url, name: cv.name }, drivingLicenses: ['none', 'B'], gdprConsent: true },
    });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().fields.drivingLicenses, 'errors.not_one_of');
    await form('hidden');
  });

  it('lets owners set an opening process; refuses bad ones, viewers and other companies', async () => {
    const opening = await openingOfSample();
    const owner = await sessionOf(DEMO_ACCOUNTS.owner.id);
    const put = (cookie: string, payload: object, id = opening) =>
      context.app.inject({ method: 'PUT', url: `/v2/jobs/${id}/process`, headers: { cookie, origin: ORIGIN }, payload });
    assert.equal((await put(owner, { steps: [] })).json().error, 'steps.errors.processEmpty');
    assert.equal((await put(owner, { steps: [SHAPE_STEP, SHAPE_STEP] })).json().error, 'steps.errors.productTwice');
    assert.equal((await put(await sessionOf(DEMO_ACCOUNTS.viewer.id), { steps: [SHAPE_STEP] })).statusCode, 403);
    assert.equal((await put(await sessionOf(DEMO_ACCOUNTS.otherOwner.id), { steps: [SHAPE_STEP] })).statusCode, 404);
    const read = await context.app.inject({ method: 'GET', url: `/v2/jobs/${opening}/process`, headers: { cookie: owner } });
    assert.equal(read.statusCode, 200);
    assert.ok(Array.isArray(read.json().steps));
  });

  it('walks the form and an assessment through every status, enforcing transitions and emitting events', async () => {
    context.app.events.on('APPLICATION_STEP_FINISHED', (event) => void events.push(event));
    context.app.events.on('CANDIDATE_EXTERNAL_SERVICE_LINKED', (event) => void events.push(event));
    await setProcess([FORM_STEP, SHAPE_STEP]);
    const { applicationId, token } = await apply();
    const first = (await call(token, 'GET', '/v2/application-steps/next')).json();
    assert.deepEqual(
      first.steps.map((s: { product: string }) => s.product),
      ['application-form', 'shape'],
    );
    const [form, shape] = first.steps;
    // Steps are worked in order: the assessment cannot move before the form is done.
    assert.equal((await call(token, 'POST', `/v2/application-steps/${shape._id}/start`)).statusCode, 409);

    const bad = await call(token, 'POST', `/v2/application-steps/${form._id}/complete`, { answers: { motivation: ' ', shift: 'evening' } });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json().fields, { motivation: 'errors.required', shift: 'steps.errors.choice' });
    const good = await call(token, 'POST', `/v2/application-steps/${form._id}/complete`, { answers: { motivation: 'Robots', shift: 'night' } });
    assert.deepEqual(good.json(), { finished: false });
    assert.equal((await call(token, 'POST', `/v2/application-steps/${form._id}/complete`, { answers: { motivation: 'x', shift: 'day' } })).statusCode, 409);

    const status = async () => (await call(token, 'GET', '/v2/application-steps/next')).json().step?.stepConfig.status;
    assert.equal(await status(), 'PENDING');
    assert.equal((await call(token, 'POST', `/v2/application-steps/${shape._id}/complete`, { shareResult: true })).statusCode, 409);
    assert.deepEqual((await call(token, 'POST', `/v2/application-steps/${shape._id}/start`)).json(), { status: 'CONSENT_RELAY' });
    assert.equal(await status(), 'CONSENT_RELAY');
    assert.equal((await call(token, 'POST', `/v2/application-steps/${shape._id}/relay-consent`, { consent: false })).statusCode, 400);
    assert.deepEqual((await call(token, 'POST', `/v2/application-steps/${shape._id}/relay-consent`, { consent: true })).json(), { status: 'LINKED' });
    assert.equal((await call(token, 'POST', `/v2/application-steps/${shape._id}/relay-consent`, { consent: true })).statusCode, 409);
    const questionnaire = (await call(token, 'POST', `/v2/application-steps/${shape._id}/assessment`)).json();
    assert.equal(questionnaire.kind, 'likert');
    assert.equal(questionnaire.items.length, 10);
    assert.equal(await status(), 'STARTED');
    const answers = Object.fromEntries(questionnaire.items.map((item: { id: string }) => [item.id, 4]));
    assert.equal((await call(token, 'POST', `/v2/application-steps/${shape._id}/assessment/answers`, { answers: { ...answers, 'shape-e1': 9 } })).statusCode, 400);
    assert.deepEqual((await call(token, 'POST', `/v2/application-steps/${shape._id}/assessment/answers`, { answers })).json(), { status: 'PERMISSION_REQUIRED' });
    assert.equal(await status(), 'PERMISSION_REQUIRED');
    assert.equal((await call(token, 'POST', `/v2/application-steps/${shape._id}/complete`, {})).statusCode, 400);
    assert.deepEqual((await call(token, 'POST', `/v2/application-steps/${shape._id}/complete`, { shareResult: true })).json(), { finished: true });
    const end = (await call(token, 'GET', '/v2/application-steps/next')).json();
    assert.equal(end.step, null);
    assert.equal(end.steps[1].result, undefined, 'scores never go back to the candidate');

    const row = await context.db.selectFrom('application_steps').select(['result', 'status']).where('id', '=', shape._id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'DONE');
    assert.deepEqual(row.result, { scores: { extraversion: 3, agreeableness: 3, conscientiousness: 3, emotionalStability: 3, openness: 3 } });
    const mine = events.filter((event) => event.applicationId === applicationId);
    assert.deepEqual(
      mine.map((event) => [event.type, event.product, event.type === 'APPLICATION_STEP_FINISHED' ? event.finished : event.provider]),
      [
        ['APPLICATION_STEP_FINISHED', 'application-form', false],
        ['CANDIDATE_EXTERNAL_SERVICE_LINKED', 'shape', 'builtin'],
        ['APPLICATION_STEP_FINISHED', 'shape', true],
      ],
    );
  });

  it('scores the timed logic test from the items generated for the step', async () => {
    await setProcess([BRAIN_STEP]);
    const { token } = await apply();
    const { step } = (await call(token, 'GET', '/v2/application-steps/next')).json();
    await call(token, 'POST', `/v2/application-steps/${step._id}/start`);
    await call(token, 'POST', `/v2/application-steps/${step._id}/relay-consent`, { consent: true });
    const test = (await call(token, 'POST', `/v2/application-steps/${step._id}/assessment`)).json();
    assert.equal(test.timeLimitSeconds, 300);
    assert.equal(test.items[0].answer, undefined, 'the right answers stay on the server');
    const items = brainItems(step._id);
    const answers = Object.fromEntries(items.map((item, index) => [item.id, index < 7 ? item.answer : item.answer + 1000]));
    await call(token, 'POST', `/v2/application-steps/${step._id}/assessment/answers`, { answers });
    const row = await context.db.selectFrom('application_steps').select('result').where('id', '=', step._id).executeTakeFirstOrThrow();
    assert.deepEqual(row.result, { correct: 7, total: 10, inTime: true });
  });

  it("answers 404 for another candidate's step and 401 for an unknown token", async () => {
    await setProcess([FORM_STEP]);
    const a = await apply();
    const b = await apply();
    const stepOfA = (await call(a.token, 'GET', '/v2/application-steps/next')).json().step._id;
    assert.equal((await call(b.token, 'POST', `/v2/application-steps/${stepOfA}/complete`, { answers: { motivation: 'x', shift: 'day' } })).statusCode, 404);
    assert.equal((await call('x'.repeat(43), 'GET', '/v2/application-steps/next')).statusCode, 401);
    assert.equal((await context.app.inject({ method: 'GET', url: '/v2/application-steps/next' })).statusCode, 401);
    const recruiter = await sessionOf(DEMO_ACCOUNTS.owner.id);
    assert.equal((await context.app.inject({ method: 'GET', url: '/v2/application-steps/next', headers: { cookie: recruiter } })).statusCode, 403);
    assert.equal((await call(a.token, 'POST', '/v2/application-steps/not-an-id/complete', {})).statusCode, 404);
  });

  it('serves the signed-in applicant their current application and switches only between their own', async () => {
    await setProcess([FORM_STEP]);
    const email = `switch.${run}@example.org`;
    const first = await apply(email);
    const second = await apply(email);
    const stranger = await apply();
    const account = await context.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const cookie = await sessionOf(account.id);
    const get = (url: string) => context.app.inject({ method: 'GET', url, headers: { cookie } });
    const current = (await get('/v2/applicants/application')).json();
    assert.equal(current._id, second.applicationId, 'the newest by default');
    assert.equal(current.locale, 'fr');
    assert.equal(current.companyName, DEMO.companyName);
    assert.deepEqual(current.theme, companyTheme({ brand: DEMO_LUMEN_BRAND }), "the company's theme (the seeded brand)");
    assert.deepEqual(current.applications.map((a: { _id: string }) => a._id).sort(), [first.applicationId, second.applicationId].sort());

    const login = (id: string) => context.app.inject({ method: 'POST', url: '/v2/applicants/login', headers: { cookie, origin: ORIGIN }, payload: { _applicantId: id } });
    assert.equal((await login(stranger.applicationId)).statusCode, 404);
    assert.equal((await login(first.applicationId)).statusCode, 200);
    assert.equal((await get('/v2/applicants/application')).json()._id, first.applicationId);
    const steps = (await get('/v2/application-steps/next')).json();
    const stepOfFirst = (await call(first.token, 'GET', '/v2/application-steps/next')).json().step._id;
    assert.equal(steps.step._id, stepOfFirst);
  });

  it('seeds an opening with form -> interview -> shape and Camille half way through it', async () => {
    assert.ok(v.is(ProcessSchema, DEMO_PROCESS));
    const cookie = await sessionOf(DEMO_ACCOUNTS.applicant.id);
    const login = await context.app.inject({
      method: 'POST',
      url: '/v2/applicants/login',
      headers: { cookie, origin: ORIGIN },
      payload: { _applicantId: DEMO_STEPS.applicationId },
    });
    assert.equal(login.statusCode, 200, login.body);
    const { steps, step } = (await context.app.inject({ method: 'GET', url: '/v2/application-steps/next', headers: { cookie } })).json();
    assert.deepEqual(
      steps.map((s: { product: string; stepConfig: { status: string } }) => `${s.product}:${s.stepConfig.status}`),
      ['application-form:DONE', 'interview:PENDING', 'shape:PENDING'],
    );
    assert.equal(step.product, 'interview');
    const opening = await context.app.inject({ method: 'GET', url: `/v2/jobs/${DEMO_STEPS.openingId}/process`, headers: { cookie: await sessionOf(DEMO_ACCOUNTS.owner.id) } });
    assert.deepEqual(opening.json(), DEMO_PROCESS);
  });

  it('stores a file for a file question after checking its extension set and content, and accepts only that file as the answer', async () => {
    await setProcess([{ product: 'application-form', config: { questions: [{ id: 'portfolio', type: 'file', label: { en: 'Portfolio' }, required: true, extensions: 'PDF' }] } }]);
    const { token } = await apply();
    const { step } = (await call(token, 'GET', '/v2/application-steps/next')).json();
    const upload = (name: string, content: Buffer, question = 'portfolio') => {
      const { payload, headers } = multipartFile('file', name, content);
      return context.app.inject({ method: 'POST', url: `/v2/application-steps/${step._id}/files?questionId=${question}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    };
    assert.equal((await upload('work.docx', SMALL_PDF)).statusCode, 415, 'not in the PDF set');
    assert.equal((await upload('work.pdf', Buffer.from('<html>not a pdf</html>'))).statusCode, 415, 'bytes are not a PDF');
    assert.equal((await upload('work.pdf', SMALL_PDF, 'other')).statusCode, 404);
    const stored = await upload('work.pdf', SMALL_PDF);
    assert.equal(stored.statusCode, 201, stored.body);
    const answer = stored.json();
    assert.equal(answer.name, 'work.pdf');
    const forged = await call(token, 'POST', `/v2/application-steps/${step._id}/complete`, { answers: { portfolio: { fileId: '0123456789abcdef01234567', name: 'x.pdf' } } });
    assert.deepEqual(forged.json().fields, { portfolio: 'steps.errors.answers' });
    assert.deepEqual((await call(token, 'POST', `/v2/application-steps/${step._id}/complete`, { answers: { portfolio: answer } })).json(), { finished: true });
  });

  it('answers the embedded flow across origins without credentials', async () => {
    const preflight = await context.app.inject({
      method: 'OPTIONS',
      url: '/v2/application-steps/next',
      headers: { origin: 'https://careers.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
    assert.match(String(preflight.headers['access-control-allow-headers']), /authorization/);
    assert.equal(preflight.headers['access-control-allow-credentials'], undefined);
  });
});
