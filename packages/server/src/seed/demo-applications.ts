import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO } from './demo-ids';

/** Fixed ids and codes of the apply-flow demo data (seeded by seedDemo through seedDemoApplications). */
export const DEMO_APPLY = {
  /** `/share/lumen-embedded-engineer` opens the sample offer through its SHARE channel. */
  shareSlug: 'lumen-embedded-engineer',
  referralCode: 'demoref2026',
  candidateIds: ['64b0ca4d0000000000000001', '64b0ca4d0000000000000002'],
  applicationIds: ['64b0a991000000000000000a', '64b0a991000000000000000b'],
} as const;

/** The companies' privacy notices shown next to the consent checkbox, per language. */
/** The demo companies' privacy notices by language (the end-to-end fixture companies take Lumen's). */
export const DEMO_PRIVACY_TEXT: Record<string, Record<string, string>> = {
  [DEMO.companyId]: {
    fr: 'Lumen Robotics traite vos données pour gérer votre candidature et les conserve deux ans. Vous pouvez demander leur suppression à tout moment.',
    en: 'Lumen Robotics processes your data to handle your application and keeps it for two years. You can ask for its removal at any time.',
    de: 'Lumen Robotics verarbeitet Ihre Daten zur Bearbeitung Ihrer Bewerbung und speichert sie zwei Jahre. Sie können jederzeit die Löschung verlangen.',
  },
  [DEMO.otherCompanyId]: {
    de: 'Nordwind Logistik verarbeitet Ihre Daten ausschließlich für das Bewerbungsverfahren.',
    en: 'Nordwind Logistik processes your data only for the recruitment process.',
  },
};

/**
 * The demo's apply-flow data: privacy notices, a share link for the sample offer, a referral
 * code and two applications. Idempotent like the rest of the seed (fixed ids, `on conflict do
 * nothing`, settings only added when missing).
 */
export async function seedDemoApplications(db: Kysely<Database>): Promise<void> {
  for (const [companyId, text] of Object.entries(DEMO_PRIVACY_TEXT)) {
    await sql`update companies set settings = settings || jsonb_build_object('privacyText', ${JSON.stringify(text)}::jsonb)
      where id = ${companyId} and not (settings ? 'privacyText')`.execute(db);
  }
  await db
    .insertInto('share_links')
    .values({ slug: DEMO_APPLY.shareSlug, company_id: DEMO.companyId, channel_id: DEMO.shareChannelId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('referrals')
    .values({
      code: DEMO_APPLY.referralCode,
      company_id: DEMO.companyId,
      channel_id: null,
      referrer_name: 'Camille Weber',
      referrer_email: 'camille.weber@lumen-robotics.example',
    })
    .onConflict((oc) => oc.doNothing())
    .execute();

  const people = [
    { first: 'Léa', last: 'Muller', email: 'lea.muller@example.org', language: 'fr', referral: DEMO_APPLY.referralCode },
    { first: 'Jonas', last: 'Becker', email: 'jonas.becker@example.org', language: 'de', referral: null },
  ];
  await db
    .insertInto('candidates')
    .values(
      people.map((person, i) => ({
        id: DEMO_APPLY.candidateIds[i] ?? '',
        company_id: DEMO.companyId,
        email: person.email,
        data: { personal: { name: { first: person.first, last: person.last }, email: person.email }, meta: { companyReferralCode: person.referral ?? '' } },
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('applications')
    .values(
      people.map((person, i) => ({
        id: DEMO_APPLY.applicationIds[i] ?? '',
        company_id: DEMO.companyId,
        channel_id: DEMO.sampleChannelId,
        candidate_id: DEMO_APPLY.candidateIds[i] ?? '',
        cv_upload_id: null,
        submission_id: `demo-submission-${i + 1}`,
        language: person.language,
        referral_code: person.referral,
        form: { firstName: person.first, lastName: person.last, email: person.email },
        consent_given_at: '2026-10-05T09:30:00Z',
        consent_text: DEMO_PRIVACY_TEXT[DEMO.companyId]?.[person.language] ?? '',
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
