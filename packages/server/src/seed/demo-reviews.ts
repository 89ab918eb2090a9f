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

/** Where reviewed candidates are written: the demo's fixed ids, or a test company's fresh ones. */
export interface ReviewedCandidatesTarget {
  companyId: string;
  /** The board channel of the step-flow opening they applied through. */
  channelId: string;
  /** Who wrote the note on each. */
  authorId: string;
  candidateIds: readonly string[];
  applicationIds: readonly string[];
  /** Per candidate, the ids of the process's three steps. */
  stepIds: ReadonlyArray<readonly string[]>;
  noteIds: readonly string[];
  /** A submission id prefix unique to the target (submission ids are unique per company). */
  submissionPrefix: string;
}

const NOTES = [
  { text: 'Solid maintenance experience on ABB and FANUC. Clear and calm in the interview answers; worth a call.', createdAt: '2026-11-05T09:00:00Z' },
  { text: 'Welding-line background, no driving licence: check the on-call rota.', createdAt: '2026-11-05T09:10:00Z' },
];

/** The demo's own reviewed candidates. Idempotent (fixed ids, `on conflict do nothing`). */
export function seedDemoReviews(db: Kysely<Database>): Promise<void> {
  return insertReviewedCandidates(db, {
    companyId: DEMO.companyId,
    channelId: DEMO_STEPS.channelId,
    authorId: DEMO_ACCOUNTS.owner.id,
    candidateIds: DEMO_REVIEWS.candidateIds,
    applicationIds: DEMO_REVIEWS.applicationIds,
    stepIds: DEMO_REVIEWS.stepIds,
    noteIds: DEMO_REVIEWS.noteIds,
    submissionPrefix: 'demo-submission-review',
  });
}

/** Sofia and Mathis, done with the whole process: candidates, applications, steps and a note each (`on conflict do nothing`). */
export async function insertReviewedCandidates(db: Kysely<Database>, target: ReviewedCandidatesTarget): Promise<void> {
  const { companyId } = target;
  await db
    .insertInto('candidates')
    .values(
      PEOPLE.map((person, i) => ({
        id: target.candidateIds[i] ?? '',
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
        id: target.applicationIds[i] ?? '',
        company_id: companyId,
        channel_id: target.channelId,
        candidate_id: target.candidateIds[i] ?? '',
        cv_upload_id: null,
        submission_id: `${target.submissionPrefix}-${i + 1}`,
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
            id: target.stepIds[i]?.[position] ?? '',
            company_id: companyId,
            application_id: target.applicationIds[i] ?? '',
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
    .values(
      NOTES.map((note, i) => ({
        id: target.noteIds[i] ?? '',
        company_id: companyId,
        candidate_id: target.candidateIds[i] ?? '',
        application_id: target.applicationIds[i] ?? '',
        author_id: target.authorId,
        text: note.text,
        mentions: '[]',
        created_at: note.createdAt,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const FIXTURES = new URL('./fixtures/', import.meta.url);

/**
 * The demo candidates' interview answers as real video files in the video storage (at start-up,
 * where the app reads them from). Answers already recorded are left alone: seeding twice adds nothing.
 */
export function seedDemoInterviewVideos(db: Kysely<Database>, storage: VideoStorage): Promise<number> {
  return writeInterviewVideos(db, storage, DEMO.companyId, DEMO_REVIEWS.stepIds);
}

/** The reviewed candidates' interview answers (Sofia's WebM, Mathis's MP4) for their interview steps (`stepIds[i][1]`). */
export async function writeInterviewVideos(db: Kysely<Database>, storage: VideoStorage, companyId: string, stepIds: ReadonlyArray<readonly string[]>): Promise<number> {
  const files = { webm: await readFile(new URL('answer.webm', FIXTURES)), mp4: await readFile(new URL('answer.mp4', FIXTURES)) };
  const types = { webm: 'video/webm', mp4: 'video/mp4' } as const;
  let written = 0;
  for (const [i, person] of PEOPLE.entries()) {
    const stepId = stepIds[i]?.[1];
    if (!stepId) continue;
    const step = await db.selectFrom('application_steps').select('id').where('company_id', '=', companyId).where('id', '=', stepId).executeTakeFirst();
    if (!step) continue;
    for (const questionId of ['intro', 'fault']) {
      const present = await db
        .selectFrom('interview_answers')
        .select('attempt')
        .where('company_id', '=', companyId)
        .where('step_id', '=', stepId)
        .where('question_id', '=', questionId)
        .executeTakeFirst();
      if (present) continue;
      const bytes = files[person.video];
      const key = await storage.create(companyId);
      await storage.append(key, bytes);
      await db
        .insertInto('interview_answers')
        .values({
          company_id: companyId,
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
