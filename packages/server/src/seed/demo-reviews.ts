import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { VideoStorage } from '../modules/steps/video-storage';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO } from './demo-ids';
import { DEMO_PROCESS, DEMO_STEPS } from './demo-steps';

/**
 * Candidates who went through the whole process of the step-flow opening (Robotics Maintenance
 * Technician: form, video interview, personality questionnaire), so the candidate page (issue 11)
 * shows form answers, interview videos, scores and notes. Their interview answers are real
 * recordings (fixtures/answer.webm from Chromium's MediaRecorder, fixtures/answer.mp4), written
 * to the video storage at start-up by seedDemoInterviewVideos.
 */
export const DEMO_REVIEWS = {
  candidateIds: ['64b0ca4d0000000000000004', '64b0ca4d0000000000000005'],
  applicationIds: ['64b0a991000000000000000d', '64b0a991000000000000000e'],
  stepIds: [
    ['64b0a5e90000000000000004', '64b0a5e90000000000000005', '64b0a5e90000000000000006'],
    ['64b0a5e90000000000000007', '64b0a5e90000000000000008', '64b0a5e90000000000000009'],
  ],
  noteIds: ['64b0a07e0000000000000001', '64b0a07e0000000000000002'],
} as const;

const PEOPLE = [
  { first: 'Sofia', last: 'Almeida', email: 'sofia.almeida@example.org', language: 'pt', appliedAt: '2026-11-03T08:15:00Z', video: 'webm' as const },
  { first: 'Mathis', last: 'Klein', email: 'mathis.klein@example.org', language: 'de', appliedAt: '2026-11-04T14:40:00Z', video: 'mp4' as const },
];

const FORM_ANSWERS = [
  { availability: 'now', licence: 'yes', robots: 'ABB IRB 6700, FANUC M-20iA; preventive maintenance plans and gearbox changes.' },
  { availability: 'month', licence: 'no', robots: 'KUKA KR QUANTEC in a welding line, two years.' },
];
const SHAPE_SCORES = [
  { extraversion: 3.5, agreeableness: 4, conscientiousness: 4.5, emotionalStability: 3.5, openness: 4 },
  { extraversion: 2.5, agreeableness: 3.5, conscientiousness: 4, emotionalStability: 4, openness: 3 },
];

/** The candidates, applications, steps and a note each. Idempotent (fixed ids, `on conflict do nothing`). */
export async function seedDemoReviews(db: Kysely<Database>): Promise<void> {
  const { companyId } = DEMO;
  await db
    .insertInto('candidates')
    .values(
      PEOPLE.map((person, i) => ({
        id: DEMO_REVIEWS.candidateIds[i] ?? '',
        company_id: companyId,
        email: person.email,
        data: { personal: { name: { first: person.first, last: person.last }, email: person.email }, meta: { companyReferralCode: '' } },
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('applications')
    .values(
      PEOPLE.map((person, i) => ({
        id: DEMO_REVIEWS.applicationIds[i] ?? '',
        company_id: companyId,
        channel_id: DEMO_STEPS.channelId,
        candidate_id: DEMO_REVIEWS.candidateIds[i] ?? '',
        cv_upload_id: null,
        submission_id: `demo-submission-review-${i + 1}`,
        language: person.language,
        referral_code: null,
        form: { firstName: person.first, lastName: person.last, email: person.email, phone: i === 0 ? '+352 621 000 111' : '+49 151 0000 2222', cv: { name: `CV_${person.first}_${person.last}.pdf` } },
        consent_given_at: person.appliedAt,
        consent_text: 'Lumen Robotics processes your data to handle your application and keeps it for two years. You can ask for its removal at any time.',
        created_at: person.appliedAt,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('application_steps')
    .values(
      PEOPLE.flatMap((person, i) =>
        DEMO_PROCESS.steps.map((step, position) => {
          const finished = new Date(Date.parse(person.appliedAt) + (position + 1) * 20 * 60_000);
          const progress =
            step.product === 'application-form'
              ? { answers: FORM_ANSWERS[i] ?? {} }
              : step.product === 'interview'
                ? { answered: { intro: 1, fault: 1 } }
                : { answeredAt: finished.toISOString(), shareResult: true };
          return {
            id: DEMO_REVIEWS.stepIds[i]?.[position] ?? '',
            company_id: companyId,
            application_id: DEMO_REVIEWS.applicationIds[i] ?? '',
            position,
            product: step.product,
            config: step.config as Record<string, unknown>,
            status: 'DONE',
            progress,
            result: step.product === 'shape' ? { scores: SHAPE_SCORES[i] ?? {} } : null,
            started_at: new Date(finished.getTime() - 15 * 60_000),
            finished_at: finished,
          };
        }),
      ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('candidate_notes')
    .values([
      {
        id: DEMO_REVIEWS.noteIds[0],
        company_id: companyId,
        candidate_id: DEMO_REVIEWS.candidateIds[0],
        application_id: DEMO_REVIEWS.applicationIds[0],
        author_id: DEMO_ACCOUNTS.owner.id,
        text: 'Solid maintenance experience on ABB and FANUC. Clear and calm in the interview answers; worth a call.',
        mentions: '[]',
        created_at: '2026-11-05T09:00:00Z',
      },
      {
        id: DEMO_REVIEWS.noteIds[1],
        company_id: companyId,
        candidate_id: DEMO_REVIEWS.candidateIds[1],
        application_id: DEMO_REVIEWS.applicationIds[1],
        author_id: DEMO_ACCOUNTS.owner.id,
        text: 'Welding-line background, no driving licence: check the on-call rota.',
        mentions: '[]',
        created_at: '2026-11-05T09:10:00Z',
      },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const FIXTURES = new URL('./fixtures/', import.meta.url);

/**
 * The demo candidates' interview answers as real video files in the video storage (at start-up,
 * where the app reads them from). Answers already recorded are left alone: seeding twice adds nothing.
 */
export async function seedDemoInterviewVideos(db: Kysely<Database>, storage: VideoStorage): Promise<number> {
  const files = { webm: await readFile(new URL('answer.webm', FIXTURES)), mp4: await readFile(new URL('answer.mp4', FIXTURES)) };
  const types = { webm: 'video/webm', mp4: 'video/mp4' } as const;
  let written = 0;
  for (const [i, person] of PEOPLE.entries()) {
    const stepId = DEMO_REVIEWS.stepIds[i]?.[1];
    if (!stepId) continue;
    const step = await db.selectFrom('application_steps').select('id').where('company_id', '=', DEMO.companyId).where('id', '=', stepId).executeTakeFirst();
    if (!step) continue;
    for (const questionId of ['intro', 'fault']) {
      const present = await db
        .selectFrom('interview_answers')
        .select('attempt')
        .where('company_id', '=', DEMO.companyId)
        .where('step_id', '=', stepId)
        .where('question_id', '=', questionId)
        .executeTakeFirst();
      if (present) continue;
      const bytes = files[person.video];
      const key = await storage.create(DEMO.companyId);
      await storage.append(key, bytes);
      await db
        .insertInto('interview_answers')
        .values({
          company_id: DEMO.companyId,
          step_id: stepId,
          question_id: questionId,
          attempt: 1,
          storage_key: key,
          received: bytes.length,
          content_type: types[person.video],
          finished_at: new Date(Date.parse(person.appliedAt) + 40 * 60_000),
        })
        .execute();
      written++;
    }
  }
  return written;
}
