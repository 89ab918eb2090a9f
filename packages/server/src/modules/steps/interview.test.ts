import assert from 'node:assert/strict';
import { it } from 'node:test';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { uploadCv } from '../../testing/candidate';
import { describeEachBackend } from '../../testing/test-database';
import { videoTypeOf } from './video-storage';

const INTERVIEW = {
  product: 'interview',
  config: { questions: [{ id: 'intro', text: { en: 'Introduce yourself.' } }, { id: 'why', text: { en: 'Why us?' } }], thinkSeconds: 10, answerSeconds: 30, retakes: 1 },
};
/** The start of a WebM file (EBML header) and of an MP4 (ftyp box): what real recordings begin with. */
const WEBM_START = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
const MP4_START = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]);

describeEachBackend('the video interview uploads', (context) => {
  const run = Math.random().toString(36).slice(2, 8);
  let counter = 0;

  async function applyWithInterview(): Promise<{ token: string; stepId: string }> {
    const row = await context.db
      .selectFrom('channels as c')
      .innerJoin('postings as p', 'p.id', 'c.posting_id')
      .select('p.opening_id')
      .where('c.id', '=', DEMO.sampleChannelId)
      .executeTakeFirstOrThrow();
    const { token: session } = await context.app.accounts.sessions.create(DEMO_ACCOUNTS.owner.id);
    const put = await context.app.inject({
      method: 'PUT',
      url: `/v2/jobs/${row.opening_id}/process`,
      headers: { cookie: `rec_session=${session}`, origin: 'http://rec.test' },
      payload: { steps: [INTERVIEW] },
    });
    assert.equal(put.statusCode, 200, put.body);
    const cv = await uploadCv(context.app);
    counter += 1;
    const applied = await context.app.inject({
      method: 'POST',
      url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
      payload: { submissionId: `interview-${run}-${counter}`, firstName: 'Ana', lastName: 'Silva', email: `interview.${run}.${counter}@example.org`, cv, gdprConsent: true },
    });
    const token = applied.json().stepsToken;
    const next = await context.app.inject({ method: 'GET', url: '/v2/application-steps/next', headers: { authorization: `Bearer ${token}` } });
    return { token, stepId: next.json().step._id };
  }

  it('recognises WebM and MP4 by their first bytes only', () => {
    assert.equal(videoTypeOf(WEBM_START), 'video/webm');
    assert.equal(videoTypeOf(MP4_START), 'video/mp4');
    assert.equal(videoTypeOf(Buffer.from('%PDF-1.4')), null);
    assert.equal(videoTypeOf(Buffer.alloc(0)), null);
  });

  it('starts the interview once when two first calls race (two tabs)', async () => {
    const { token, stepId } = await applyWithInterview();
    const auth = { authorization: `Bearer ${token}` };
    const [a, b] = await Promise.all(
      ['intro', 'why'].map((question) => context.app.inject({ method: 'POST', url: `/v2/application-steps/${stepId}/interview/${question}/attempts`, headers: auth })),
    );
    assert.deepEqual([a?.statusCode, b?.statusCode], [200, 200], `${a?.body} ${b?.body}`);
    const row = await context.db.selectFrom('application_steps').select('status').where('id', '=', stepId).executeTakeFirstOrThrow();
    assert.equal(row.status, 'STARTED');
  });

  it('takes chunks at the stored offset, resumes after a drop, checks magic bytes, limits retakes and finishes the step', async () => {
    const { token, stepId } = await applyWithInterview();
    const auth = { authorization: `Bearer ${token}` };
    const base = `/v2/application-steps/${stepId}/interview`;
    const chunk = (question: string, attempt: number, offset: number, bytes: Buffer) =>
      context.app.inject({ method: 'PUT', url: `${base}/${question}/attempts/${attempt}?offset=${offset}`, headers: { ...auth, 'content-type': 'application/octet-stream' }, payload: bytes });

    assert.equal((await context.app.inject({ method: 'POST', url: `${base}/nope/attempts`, headers: auth })).statusCode, 404);
    const first = await context.app.inject({ method: 'POST', url: `${base}/intro/attempts`, headers: auth });
    assert.deepEqual(first.json(), { attempt: 1, received: 0, retakesLeft: 1 });
    assert.deepEqual((await chunk('intro', 1, 0, WEBM_START)).json(), { received: WEBM_START.length });
    // A chunk resent after a lost answer is refused; the status says where to resume.
    const resent = await chunk('intro', 1, 0, WEBM_START);
    assert.equal(resent.statusCode, 409);
    assert.equal(resent.json().error, 'steps.errors.uploadOffset');
    assert.deepEqual((await context.app.inject({ method: 'GET', url: `${base}/intro/attempts/1`, headers: auth })).json(), { received: 9, finished: false });
    assert.deepEqual((await chunk('intro', 1, 9, Buffer.alloc(100, 7))).json(), { received: 109 });

    const early = await context.app.inject({ method: 'POST', url: `/v2/application-steps/${stepId}/complete`, headers: auth, payload: {} });
    assert.equal(early.json().error, 'steps.errors.notFinished');
    assert.deepEqual((await context.app.inject({ method: 'POST', url: `${base}/intro/attempts/1/finish`, headers: auth })).json(), { answered: { intro: 1 } });
    assert.equal((await chunk('intro', 1, 109, Buffer.alloc(10))).statusCode, 409, 'a kept answer is closed');

    // The retake, then no more.
    assert.equal((await context.app.inject({ method: 'POST', url: `${base}/intro/attempts`, headers: auth })).json().attempt, 2);
    assert.equal((await context.app.inject({ method: 'POST', url: `${base}/intro/attempts`, headers: auth })).json().error, 'steps.errors.retakesUsed');

    // A file that is not a video is refused when kept.
    await context.app.inject({ method: 'POST', url: `${base}/why/attempts`, headers: auth });
    await chunk('why', 1, 0, Buffer.from('%PDF-1.4 not a video'));
    const refused = await context.app.inject({ method: 'POST', url: `${base}/why/attempts/1/finish`, headers: auth });
    assert.equal(refused.statusCode, 415);
    assert.equal(refused.json().error, 'steps.errors.badVideo');
    await context.app.inject({ method: 'POST', url: `${base}/why/attempts`, headers: auth });
    await chunk('why', 2, 0, MP4_START);
    assert.equal((await context.app.inject({ method: 'POST', url: `${base}/why/attempts/2/finish`, headers: auth })).statusCode, 200);

    const done = await context.app.inject({ method: 'POST', url: `/v2/application-steps/${stepId}/complete`, headers: auth, payload: {} });
    assert.deepEqual(done.json(), { finished: true });
    const rows = await context.db.selectFrom('interview_answers').select(['question_id', 'attempt', 'content_type']).where('step_id', '=', stepId).orderBy('question_id').orderBy('attempt').execute();
    assert.deepEqual(rows, [
      { question_id: 'intro', attempt: 1, content_type: 'video/webm' },
      { question_id: 'intro', attempt: 2, content_type: null },
      { question_id: 'why', attempt: 1, content_type: null },
      { question_id: 'why', attempt: 2, content_type: 'video/mp4' },
    ]);
  });
});
