import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import type { CandidateNote, CandidateNotes, CandidateReview } from '@rec/core/candidate-review';
import { readOutbox } from '../mail/mailer';
import { injectAs } from '../../security/applicant-flow';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { DEMO_REVIEWS, seedDemoInterviewVideos } from '../../seed/demo-reviews';
import { DEMO_STEPS } from '../../seed/demo-steps';
import { createDiskVideoStorage } from '../steps/video-storage';
import { uploadCv } from '../../testing/candidate';
import { describeEachBackend } from '../../testing/test-database';
import { MAX_RANGE_BYTES, rangeOf } from './byte-range';

const WEBM = await readFile(new URL('../../seed/fixtures/answer.webm', import.meta.url));
const MP4 = await readFile(new URL('../../seed/fixtures/answer.mp4', import.meta.url));

const PROCESS = {
  steps: [
    {
      product: 'application-form',
      config: {
        questions: [
          { id: 'start', type: 'singleChoice', label: { en: 'When could you start?' }, required: true, choices: [{ id: 'now', label: { en: 'Right away' } }, { id: 'later', label: { en: 'Later' } }] },
          { id: 'robots', type: 'longText', label: { en: 'Which robots?' }, required: false },
        ],
      },
    },
    {
      product: 'interview',
      config: { questions: [{ id: 'intro', text: { en: 'Introduce yourself.' } }, { id: 'why', text: { en: 'Why us?' } }], thinkSeconds: 10, answerSeconds: 30, retakes: 0 },
    },
  ],
};

describeEachBackend('the candidate page', (context) => {
    const run = Math.random().toString(36).slice(2, 8);
    let counter = 0;
    let openingId = '';

    const as = async (accountId: string | undefined, url: string, headers: Record<string, string> = {}) => {
      const cookie = accountId ? `rec_session=${(await context.app.accounts.sessions.create(accountId)).token}` : undefined;
      return context.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    };
    const post = async (accountId: string, url: string, payload: unknown) =>
      context.app.inject({
        method: 'POST',
        url,
        headers: { cookie: `rec_session=${(await context.app.accounts.sessions.create(accountId)).token}`, origin: 'http://rec.test' },
        payload: payload as object,
      });

    /** A candidate who applied to the sample offer, answered the form and recorded both interview answers (WebM and MP4). */
    async function candidateWithAnswers(): Promise<{ candidateId: string; stepId: string; base: string }> {
      const opening = await context.db
        .selectFrom('channels as c')
        .innerJoin('postings as p', 'p.id', 'c.posting_id')
        .select('p.opening_id')
        .where('c.id', '=', DEMO.sampleChannelId)
        .executeTakeFirstOrThrow();
      openingId = opening.opening_id;
      await injectAs(context.app, DEMO_ACCOUNTS.owner.id, { method: 'PUT', url: `/v2/jobs/${openingId}/process`, payload: PROCESS });
      counter += 1;
      const email = `review.${run}.${counter}@example.org`;
      const applied = await context.app.inject({
        method: 'POST',
        url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
        payload: { submissionId: `review-${run}-${counter}`, firstName: 'Ana', lastName: 'Silva', email, cv: await uploadCv(context.app), gdprConsent: true },
      });
      assert.equal(applied.statusCode, 201, applied.body);
      const auth = { authorization: `Bearer ${applied.json().stepsToken}` };
      const step = async () => (await context.app.inject({ method: 'GET', url: '/v2/application-steps/next', headers: auth })).json().step._id as string;
      const formStep = await step();
      const completed = await context.app.inject({ method: 'POST', url: `/v2/application-steps/${formStep}/complete`, headers: auth, payload: { answers: { start: 'now', robots: 'UR10' } } });
      assert.equal(completed.statusCode, 200, completed.body);
      const stepId = await step();
      for (const [question, bytes] of [['intro', WEBM], ['why', MP4]] as const) {
        const url = `/v2/application-steps/${stepId}/interview/${question}/attempts`;
        await context.app.inject({ method: 'POST', url, headers: auth });
        const put = await context.app.inject({ method: 'PUT', url: `${url}/1?offset=0`, headers: { ...auth, 'content-type': 'application/octet-stream' }, payload: bytes });
        assert.equal(put.statusCode, 200, put.body);
        assert.equal((await context.app.inject({ method: 'POST', url: `${url}/1/finish`, headers: auth })).statusCode, 200);
      }
      const candidate = await context.db.selectFrom('candidates').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      return { candidateId: candidate.id, stepId, base: `/v2/recruiter/openings/${openingId}/candidates/${candidate.id}` };
    }

    it('shows the owner everything the candidate gave, the viewer all but the sensitive fields and files', async () => {
      const { candidateId, base } = await candidateWithAnswers();
      const owner = await as(DEMO_ACCOUNTS.owner.id, base);
      assert.equal(owner.statusCode, 200, owner.body);
      const review = owner.json() as CandidateReview;
      assert.equal(review.candidateId, candidateId);
      assert.equal(review.applicant.personal.name.first, 'Ana');
      assert.equal(typeof review.applicant.personal.birthDate, 'string', 'sensitive fields for the owner');
      assert.equal(review.stage, 'NEW');
      assert.equal(review.source.kind, 'BOARD');
      assert.ok(review.consent.text.length > 0 && review.consent.givenAt);
      assert.equal(review.files.cv?.contentType, 'application/pdf');
      assert.equal(review.files.cv?.viewUrl, `${base}/files/cv`);
      assert.deepEqual(
        review.formAnswers.map((answer) => [answer.questionId, answer.answer, answer.choices]),
        [
          ['start', null, [{ en: 'Right away' }]],
          ['robots', 'UR10', undefined],
        ],
      );
      assert.deepEqual(
        review.interviewAnswers.map((answer) => [answer.questionId, answer.question.en, answer.video?.contentType]),
        [
          ['intro', 'Introduce yourself.', 'video/webm'],
          ['why', 'Why us?', 'video/mp4'],
        ],
      );
      assert.deepEqual(
        review.timeline.map((entry) => [entry.kind, entry.detail]),
        [
          ['applied', 'BOARD'],
          ['stage', 'NEW'],
          ['stepFinished', 'application-form'],
        ],
      );
      assert.ok(!('agentEmail' in review.applicant) && !JSON.stringify(review).includes('companyReferralCode'), 'meta fields stay hidden');
      // The newest application of the opening: no previous, the seeded ones next.
      assert.equal(review.previousCandidateId, null);
      assert.ok(review.nextCandidateId);
      const next = (await as(DEMO_ACCOUNTS.owner.id, `/v2/recruiter/openings/${openingId}/candidates/${review.nextCandidateId}`)).json() as CandidateReview;
      assert.equal(next.previousCandidateId, candidateId);

      const viewer = (await as(DEMO_ACCOUNTS.viewer.id, base)).json() as CandidateReview;
      assert.equal(viewer.applicant.personal.birthDate, undefined);
      assert.equal(viewer.files.cv?.viewUrl, null);
      assert.equal(viewer.files.cv?.downloadUrl, null);
      assert.equal((await as(DEMO_ACCOUNTS.viewer.id, `${base}/files/cv`)).statusCode, 403);

      const file = await as(DEMO_ACCOUNTS.owner.id, `${base}/files/cv`);
      assert.equal(file.statusCode, 200);
      assert.equal(file.headers['content-type'], 'application/pdf');
      assert.match(String(file.headers['content-disposition']), /^inline; filename="cv.pdf"/);
      assert.match(String(file.headers['content-security-policy']), /frame-ancestors 'self'/);
      assert.equal((await as(DEMO_ACCOUNTS.owner.id, `${base}/files/cover-letter`)).statusCode, 404);
    });

    it('answers 404 for another company, another opening, malformed ids and unknown candidates', async () => {
      const { base, candidateId } = await candidateWithAnswers();
      assert.equal((await as(DEMO_ACCOUNTS.otherOwner.id, base)).statusCode, 404);
      assert.equal((await as(DEMO_ACCOUNTS.otherOwner.id, `${base}/notes`)).statusCode, 404);
      assert.equal((await as(undefined, base)).statusCode, 401);
      assert.equal((await as(DEMO_ACCOUNTS.applicant.id, base)).statusCode, 403);
      for (const url of [
        `/v2/recruiter/openings/${openingId}/candidates/nothex`,
        `/v2/recruiter/openings/${openingId.toUpperCase()}/candidates/${candidateId}`,
        `/v2/recruiter/openings/${openingId}/candidates/${'0'.repeat(24)}`,
        // A seeded candidate of another opening.
        `/v2/recruiter/openings/${openingId}/candidates/${DEMO_STEPS.candidateId}`,
      ]) {
        const response = await as(DEMO_ACCOUNTS.owner.id, url);
        assert.equal(response.statusCode, 404, url);
        assert.equal(response.json().error, 'errors.candidateNotFound');
      }
      assert.equal((await as(DEMO_ACCOUNTS.owner.id, `${base}/files/resume`)).statusCode, 404);
    });

    it('serves interview answers with range requests so the player can seek', async () => {
      const { base, stepId } = await candidateWithAnswers();
      const video = `${base}/interview-answers/${stepId}/intro/video`;
      const whole = await as(DEMO_ACCOUNTS.owner.id, video);
      assert.equal(whole.statusCode, 200);
      assert.equal(whole.headers['accept-ranges'], 'bytes');
      assert.equal(whole.headers['content-type'], 'video/webm');
      assert.deepEqual(whole.rawPayload, WEBM);

      const part = await as(DEMO_ACCOUNTS.owner.id, video, { range: 'bytes=100-199' });
      assert.equal(part.statusCode, 206);
      assert.equal(part.headers['content-range'], `bytes 100-199/${WEBM.length}`);
      assert.deepEqual(part.rawPayload, WEBM.subarray(100, 200));
      const open = await as(DEMO_ACCOUNTS.owner.id, video, { range: 'bytes=1000-' });
      assert.equal(open.headers['content-range'], `bytes 1000-${WEBM.length - 1}/${WEBM.length}`);
      assert.deepEqual(open.rawPayload, WEBM.subarray(1000));
      const suffix = await as(DEMO_ACCOUNTS.owner.id, video, { range: 'bytes=-50' });
      assert.deepEqual(suffix.rawPayload, WEBM.subarray(WEBM.length - 50));
      const past = await as(DEMO_ACCOUNTS.owner.id, video, { range: 'bytes=999999-' });
      assert.equal(past.statusCode, 416);
      assert.equal(past.headers['content-range'], `bytes */${WEBM.length}`);
      assert.equal(past.json().error, 'errors.rangeNotSatisfiable');
      assert.equal((await as(DEMO_ACCOUNTS.owner.id, video, { range: 'bytes=-0' })).statusCode, 416);
      // Backwards or other units: the Range header is ignored, the whole file answers.
      assert.equal((await as(DEMO_ACCOUNTS.owner.id, video, { range: 'bytes=9-3' })).statusCode, 200);
      assert.equal((await as(DEMO_ACCOUNTS.owner.id, video, { range: 'items=0-3' })).statusCode, 200);

      const mp4 = await as(DEMO_ACCOUNTS.owner.id, `${base}/interview-answers/${stepId}/why/video`, { range: 'bytes=0-11' });
      assert.equal(mp4.headers['content-type'], 'video/mp4');
      assert.equal(mp4.rawPayload.subarray(4, 8).toString('latin1'), 'ftyp');

      assert.equal((await as(DEMO_ACCOUNTS.otherOwner.id, video)).statusCode, 404);
      assert.equal((await as(DEMO_ACCOUNTS.owner.id, `${base}/interview-answers/${stepId}/nope/video`)).statusCode, 404);
      assert.equal((await as(DEMO_ACCOUNTS.owner.id, `${base}/interview-answers/${'a'.repeat(24)}/intro/video`)).statusCode, 404);
      assert.equal((await as(DEMO_ACCOUNTS.owner.id, `${base}/interview-answers/bad/intro/video`)).statusCode, 404);
    });

    it('keeps every special-category content to CANDIDATES:SENSITIVE:READ: files, videos, scores and sensitive fields (role matrix)', async () => {
      const { base, stepId } = await candidateWithAnswers();
      const ownerReview = (await as(DEMO_ACCOUNTS.owner.id, base)).json() as CandidateReview;
      const cvDownload = ownerReview.files.cv?.downloadUrl ?? '';
      assert.match(cvDownload, /^\/v2\/storage\//);
      // The seeded candidate whose personality questionnaire was shared (five scores).
      const scored = `/v2/recruiter/openings/${DEMO_STEPS.openingId}/candidates/${DEMO_REVIEWS.candidateIds[1]}`;
      const contents: Array<[string, string]> = [
        ['inline CV', `${base}/files/cv`],
        ['CV download', cvDownload],
        ['interview video (WebM)', `${base}/interview-answers/${stepId}/intro/video`],
        ['interview video (MP4)', `${base}/interview-answers/${stepId}/why/video`],
      ];
      const roles = [
        { name: 'owner', id: DEMO_ACCOUNTS.owner.id, status: 200 },
        { name: 'viewer', id: DEMO_ACCOUNTS.viewer.id, status: 403 },
        { name: 'owner of another company', id: DEMO_ACCOUNTS.otherOwner.id, status: 404 },
      ];
      for (const role of roles) {
        for (const [kind, url] of contents) assert.equal((await as(role.id, url)).statusCode, role.status, `${role.name}: ${kind}`);
        const page = await as(role.id, base);
        const scoredPage = await as(role.id, scored);
        if (role.status === 404) {
          assert.equal(page.statusCode, 404, `${role.name}: the page`);
          assert.equal(scoredPage.statusCode, 404, `${role.name}: the scored page`);
          continue;
        }
        const review = page.json() as CandidateReview;
        const assessments = (scoredPage.json() as CandidateReview).assessments;
        const allowed = role.status === 200;
        assert.equal(typeof review.applicant.personal.birthDate === 'string', allowed, `${role.name}: birth date`);
        assert.equal(review.applicant.expectedConditions !== undefined, allowed, `${role.name}: expected salary`);
        assert.equal(review.files.cv?.viewUrl !== null && review.files.cv?.downloadUrl !== null, allowed, `${role.name}: CV links`);
        assert.deepEqual(
          review.interviewAnswers.map((answer) => [answer.questionId, answer.video !== null, answer.restricted ?? false]),
          [
            ['intro', allowed, !allowed],
            ['why', allowed, !allowed],
          ],
          `${role.name}: interview videos`,
        );
        assert.ok(assessments.length > 0, 'the seeded candidate shared an assessment');
        for (const assessment of assessments) {
          assert.equal(assessment.scores !== undefined || assessment.correct !== undefined, allowed, `${role.name}: ${assessment.product} result`);
          assert.equal(assessment.restricted ?? false, !allowed, `${role.name}: ${assessment.product} marked restricted`);
        }
        assert.ok(!JSON.stringify(review).includes('/video') || allowed, `${role.name}: no video URL anywhere in the page`);
      }
    });

    it('seeds the demo candidates\' interview answers once, as real WebM and MP4 recordings', async () => {
    const storage = createDiskVideoStorage(await mkdtemp(join(tmpdir(), 'rec-review-videos-')));
    assert.equal(await seedDemoInterviewVideos(context.db, storage), 4);
    assert.equal(await seedDemoInterviewVideos(context.db, storage), 0);
    const response = await as(DEMO_ACCOUNTS.owner.id, `/v2/recruiter/openings/${DEMO_STEPS.openingId}/candidates/${DEMO_REVIEWS.candidateIds[1]}`);
    const review = response.json() as CandidateReview;
    assert.deepEqual(
      review.interviewAnswers.map((answer) => answer.video?.contentType),
      ['video/mp4', 'video/mp4'],
    );
    assert.deepEqual(Object.keys(review.assessments[0]?.scores ?? {}).length, 5);
    assert.equal(review.formAnswers.find((answer) => answer.questionId === 'licence')?.answer, 'no');
    const notes = (await as(DEMO_ACCOUNTS.viewer.id, `/v2/recruiter/openings/${DEMO_STEPS.openingId}/candidates/${DEMO_REVIEWS.candidateIds[0]}/notes`)).json() as CandidateNotes;
    assert.equal(notes.items.length, 1);
  });

  it('keeps notes, mails the colleagues a note mentions, and refuses viewers', async () => {
      const { base } = await candidateWithAnswers();
      const viewerName = `${DEMO_ACCOUNTS.viewer.firstName} ${DEMO_ACCOUNTS.viewer.lastName}`;
      const list = (await as(DEMO_ACCOUNTS.owner.id, `${base}/notes`)).json() as CandidateNotes;
      assert.deepEqual(list.items, []);
      assert.ok(list.mentionable.some((person) => person._id === DEMO_ACCOUNTS.viewer.id && person.name === viewerName));
      assert.ok(!list.mentionable.some((person) => person._id === DEMO_ACCOUNTS.owner.id), 'not oneself');

      const created = await post(DEMO_ACCOUNTS.owner.id, `${base}/notes`, {
        text: `  Strong answers. @${viewerName} please watch the intro.  `,
        // Nordwind's owner is no colleague: dropped.
        mentions: [DEMO_ACCOUNTS.viewer.id, DEMO_ACCOUNTS.otherOwner.id],
      });
      assert.equal(created.statusCode, 201, created.body);
      const note = created.json() as CandidateNote;
      assert.equal(note.text, `Strong answers. @${viewerName} please watch the intro.`);
      assert.deepEqual(note.mentions, [{ _id: DEMO_ACCOUNTS.viewer.id, name: viewerName }]);
      assert.equal(note.author.name, `${DEMO_ACCOUNTS.owner.firstName} ${DEMO_ACCOUNTS.owner.lastName}`);

      // Picked but deleted from the text: nobody is mailed.
      const unmentioned = (await post(DEMO_ACCOUNTS.owner.id, `${base}/notes`, { text: 'Second look later.', mentions: [DEMO_ACCOUNTS.viewer.id] })).json() as CandidateNote;
      assert.deepEqual(unmentioned.mentions, []);

      await context.app.accounts.background.idle();
      const outbox = context.app.accounts.mailer.outboxDir;
      assert.ok(outbox);
      const mails = (await readOutbox(outbox)).filter((mail) => mail.to === DEMO_ACCOUNTS.viewer.email && mail.subject.includes('Ana Silva'));
      assert.equal(mails.length, 1);
      assert.ok(mails[0]?.links.some((link) => link === `http://rec.test${base.replace('/v2/recruiter', '/recruiter')}`));
      assert.ok(!mails[0]?.text.includes('Strong answers'), 'the note itself stays behind the sign-in');

      const notes = (await as(DEMO_ACCOUNTS.viewer.id, `${base}/notes`)).json() as CandidateNotes;
      assert.deepEqual(
        notes.items.map((item) => item.text),
        ['Second look later.', `Strong answers. @${viewerName} please watch the intro.`],
      );
      assert.deepEqual(notes.mentionable, [], 'a viewer writes no notes');
      // The mention waits for the viewer in /me (issue 13's pendingActions), for them only.
      const me = (await as(DEMO_ACCOUNTS.viewer.id, '/v2/recruiter/me')).json() as { pendingActions: Array<{ type: string; noteId?: string }> };
      assert.deepEqual(me.pendingActions.filter((action) => action.type === 'NOTE_MENTION').map((action) => action.noteId), [note._id]);
      const owner = (await as(DEMO_ACCOUNTS.owner.id, '/v2/recruiter/me')).json() as { pendingActions: Array<{ type: string }> };
      assert.ok(!owner.pendingActions.some((action) => action.type === 'NOTE_MENTION'));
      const timeline = ((await as(DEMO_ACCOUNTS.owner.id, base)).json() as CandidateReview).timeline.filter((entry) => entry.kind === 'note');
      assert.equal(timeline.length, 2);
      assert.equal(timeline[0]?.actor?._id, DEMO_ACCOUNTS.owner.id);

      assert.equal((await post(DEMO_ACCOUNTS.viewer.id, `${base}/notes`, { text: 'Hello' })).statusCode, 403);
      assert.equal((await post(DEMO_ACCOUNTS.otherOwner.id, `${base}/notes`, { text: 'Hello' })).statusCode, 404);
      for (const payload of [{ text: '   ' }, { text: 'x'.repeat(5001) }, { text: 'ok', mentions: ['nope'] }, { text: 7 }, {}]) {
        const refused = await post(DEMO_ACCOUNTS.owner.id, `${base}/notes`, payload);
        assert.equal(refused.statusCode, 400, JSON.stringify(payload));
      }
      const audited = await context.db.selectFrom('audit_log').select('details').where('action', '=', 'candidate.note').where('actor_id', '=', DEMO_ACCOUNTS.owner.id).execute();
      assert.ok(audited.length >= 2);
      assert.ok(!JSON.stringify(audited).includes('Strong'), 'no note text in the audit log');
    });
  });

it('reads Range headers as RFC 9110 says', () => {
  assert.deepEqual(rangeOf(undefined, 100), { kind: 'whole' });
  assert.deepEqual(rangeOf('bytes=0-9', 100), { kind: 'part', start: 0, end: 9 });
  assert.deepEqual(rangeOf('bytes=90-200', 100), { kind: 'part', start: 90, end: 99 });
  assert.deepEqual(rangeOf('bytes=-10', 100), { kind: 'part', start: 90, end: 99 });
  assert.deepEqual(rangeOf('bytes=-1000', 100), { kind: 'part', start: 0, end: 99 });
  assert.deepEqual(rangeOf('bytes=100-', 100), { kind: 'unsatisfiable' });
  assert.deepEqual(rangeOf('bytes=0-', 0), { kind: 'unsatisfiable' });
  assert.deepEqual(rangeOf('bytes=0-1,5-6', 100), { kind: 'whole' });
  assert.deepEqual(rangeOf('bytes=-', 100), { kind: 'whole' });
  assert.deepEqual(rangeOf('bytes=0-', 10 * MAX_RANGE_BYTES), { kind: 'part', start: 0, end: MAX_RANGE_BYTES - 1 });
});
