import type { Kysely } from 'kysely';
import type { Process } from '@rec/core/steps';
import type { Database } from '../db/schema';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO, DEMO_PREFIX, demoId } from './demo-ids';

/** Fixed ids of the step-flow demo (issue 10). */
export const DEMO_STEPS = {
  /** Robotics Maintenance Technician: its process is application-form -> interview -> shape. */
  openingId: demoId(DEMO_PREFIX.opening, 0x02),
  channelId: demoId(DEMO_PREFIX.channel, 0x02),
  /** Camille (the demo applicant) is half way: the form done, the interview next. */
  candidateId: '64b0ca4d0000000000000003',
  applicationId: '64b0a991000000000000000c',
  stepIds: ['64b0a5e90000000000000001', '64b0a5e90000000000000002', '64b0a5e90000000000000003'],
} as const;

export const DEMO_PROCESS: Process = {
  steps: [
    {
      product: 'application-form',
      config: {
        questions: [
          {
            id: 'availability',
            type: 'singleChoice',
            label: { en: 'When could you start?', fr: 'Quand pourriez-vous commencer ?', de: 'Wann könnten Sie anfangen?' },
            required: true,
            choices: [
              { id: 'now', label: { en: 'Right away', fr: 'Tout de suite', de: 'Sofort' } },
              { id: 'month', label: { en: 'Within a month', fr: 'Dans le mois', de: 'Innerhalb eines Monats' } },
              { id: 'later', label: { en: 'Later', fr: 'Plus tard', de: 'Später' } },
            ],
          },
          { id: 'licence', type: 'yesNo', label: { en: 'Do you hold a driving licence?', fr: 'Avez-vous le permis de conduire ?', de: 'Haben Sie einen Führerschein?' }, required: true, applyField: 'drivingLicenses' },
          {
            id: 'robots',
            type: 'longText',
            label: { en: 'Which robots have you maintained?', fr: 'Quels robots avez-vous déjà entretenus ?', de: 'Welche Roboter haben Sie schon gewartet?' },
            required: false,
          },
          {
            id: 'certificate',
            type: 'file',
            label: { en: 'A certificate of your qualification (PDF)', fr: 'Un certificat de votre qualification (PDF)', de: 'Ein Nachweis Ihrer Qualifikation (PDF)' },
            required: false,
            extensions: 'PDF',
          },
        ],
      },
    },
    {
      product: 'interview',
      config: {
        questions: [
          { id: 'intro', text: { en: 'Introduce yourself in a few sentences.', fr: 'Présentez-vous en quelques phrases.', de: 'Stellen Sie sich in ein paar Sätzen vor.' } },
          {
            id: 'fault',
            text: { en: 'Tell us about a fault you diagnosed.', fr: 'Parlez-nous d’une panne que vous avez diagnostiquée.', de: 'Erzählen Sie von einer Störung, die Sie gefunden haben.' },
          },
        ],
        thinkSeconds: 20,
        answerSeconds: 60,
        retakes: 1,
      },
    },
    { product: 'shape', config: { provider: 'builtin' } },
  ],
};

/** The opening's process and Camille's application half way through it. Idempotent (fixed ids, `on conflict do nothing`). */
export async function seedDemoSteps(db: Kysely<Database>): Promise<void> {
  const process = DEMO_PROCESS as unknown as Record<string, unknown>;
  await db
    .insertInto('opening_step_processes')
    .values({ company_id: DEMO.companyId, opening_id: DEMO_STEPS.openingId, process })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const camille = DEMO_ACCOUNTS.applicant;
  await db
    .insertInto('candidates')
    .values({
      id: DEMO_STEPS.candidateId,
      company_id: DEMO.companyId,
      email: camille.email,
      data: { personal: { name: { first: camille.firstName, last: camille.lastName }, email: camille.email }, meta: { companyReferralCode: '' } },
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('applications')
    .values({
      id: DEMO_STEPS.applicationId,
      company_id: DEMO.companyId,
      channel_id: DEMO_STEPS.channelId,
      candidate_id: DEMO_STEPS.candidateId,
      cv_upload_id: null,
      submission_id: 'demo-submission-steps',
      language: camille.language,
      referral_code: null,
      form: { firstName: camille.firstName, lastName: camille.lastName, email: camille.email },
      consent_given_at: '2026-11-02T10:00:00Z',
      consent_text: 'Lumen Robotics traite vos données pour gérer votre candidature et les conserve deux ans.',
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('application_steps')
    .values(
      DEMO_PROCESS.steps.map((step, position) => ({
        id: DEMO_STEPS.stepIds[position] ?? '',
        company_id: DEMO.companyId,
        application_id: DEMO_STEPS.applicationId,
        position,
        product: step.product,
        config: step.config as Record<string, unknown>,
        status: position === 0 ? 'DONE' : 'PENDING',
        progress: position === 0 ? { answers: { availability: 'month', licence: 'yes', robots: 'KUKA KR series, Universal Robots UR10' } } : {},
        finished_at: position === 0 ? new Date('2026-11-02T10:05:00Z') : null,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
