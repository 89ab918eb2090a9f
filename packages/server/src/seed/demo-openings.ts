import type { ContractType } from '@rec/core';
import type { Insertable, Kysely } from 'kysely';
import type { ApplicationsTable, CandidatesTable, ChannelKind, Database, NewChannel, NewOpening, NewPosting, NewPostingContent, OpeningStatus } from '../db/schema';
import { DEMO_APPLY } from './demo-applications';
import { DEMO, DEMO_PREFIX, demoId } from './demo-ids';

const DAY_MS = 24 * 60 * 60 * 1000;
const CANDIDATE_PREFIX = '64b0ca4d';
const APPLICATION_PREFIX = '64b0a991';

interface DemoOpening {
  n: number;
  status: OpeningStatus;
  language: string;
  title: string;
  referenceCode: string | null;
  location: string;
  contract: ContractType;
  description: string;
  /** A posting (same number) with these channels; none for drafts. */
  channels: ChannelKind[];
  postingOpen?: boolean;
  /** Applications: how many, and how old (days before seeding, or a fixed date for expired ones). */
  applications: number;
  appliedAt?: (index: number) => Date;
}

const seededAt = Date.now();

/**
 * Lumen openings in every state of the recruiter back-office (issue 5): drafts, published ones with
 * applications, an archived opening whose applications are all past the retention period
 * (deletable) and an archived one with recent applications (not deletable). Numbers 0x60-0x6f.
 * No BOARD channels: the public board's offers stay as demo-offers.ts describes them.
 */
export const DEMO_OPENINGS: readonly DemoOpening[] = [
  {
    n: 0x60,
    status: 'DRAFT',
    language: 'en',
    title: 'Data Engineer (Python/Spark)',
    referenceCode: 'LR-DATA-021',
    location: 'Luxembourg',
    contract: 'permanent',
    description: '<p>Build the data platform that turns robot telemetry into maintenance forecasts.</p>',
    channels: [],
    applications: 0,
  },
  {
    n: 0x61,
    status: 'DRAFT',
    language: 'pt',
    title: 'Engenheiro(a) de visão computacional',
    referenceCode: null,
    location: 'Lisboa',
    contract: 'permanent',
    description: '<p>Desenvolva os algoritmos de visão que guiam os nossos braços robóticos.</p>',
    channels: [],
    applications: 0,
  },
  {
    n: 0x62,
    status: 'PUBLISHED',
    language: 'de',
    title: 'Mechatroniker:in Robotik',
    referenceCode: 'LR-MEC-007',
    location: 'Luxemburg',
    contract: 'permanent',
    description: '<p>Sie montieren, prüfen und nehmen unsere kollaborativen Roboter in Betrieb.</p>',
    channels: ['SHARE', 'REFERRAL'],
    postingOpen: true,
    applications: 30,
    appliedAt: (i) => new Date(seededAt - (2 + i) * DAY_MS),
  },
  {
    n: 0x63,
    status: 'PUBLISHED',
    language: 'fr',
    title: 'Product Owner Robotique',
    referenceCode: 'LR-PO-003',
    location: 'Luxembourg',
    contract: 'permanent',
    description: '<p>Vous priorisez la feuille de route de notre gamme de cobots avec nos clients industriels.</p>',
    channels: ['SHARE'],
    postingOpen: true,
    applications: 15,
    appliedAt: (i) => new Date(seededAt - (5 + 2 * i) * DAY_MS),
  },
  {
    n: 0x64,
    status: 'ARCHIVED',
    language: 'fr',
    title: 'Stagiaire assemblage 2023',
    referenceCode: 'LR-STG-2023',
    location: 'Luxembourg',
    contract: 'internship',
    description: '<p>Stage d’assemblage de l’été 2023.</p>',
    channels: ['SHARE'],
    applications: 8,
    // Long past the two-year retention: this archived opening can be deleted.
    appliedAt: (i) => new Date(Date.UTC(2023, 2, 1 + 3 * i, 9, 15)),
  },
  {
    n: 0x65,
    status: 'ARCHIVED',
    language: 'en',
    title: 'Field Service Engineer',
    referenceCode: 'LR-FSE-011',
    location: 'Brussels',
    contract: 'fixed-term',
    description: '<p>Install and service our robots at customer sites across Benelux.</p>',
    channels: ['SHARE'],
    applications: 8,
    // Recent: kept for the retention period, so this archived opening cannot be deleted yet.
    appliedAt: (i) => new Date(seededAt - (20 + i) * DAY_MS),
  },
];

export const DEMO_OPENING_IDS = {
  draft: demoId(DEMO_PREFIX.opening, 0x60),
  draftWithoutReference: demoId(DEMO_PREFIX.opening, 0x61),
  published: demoId(DEMO_PREFIX.opening, 0x62),
  publishedSmall: demoId(DEMO_PREFIX.opening, 0x63),
  archivedDeletable: demoId(DEMO_PREFIX.opening, 0x64),
  archivedRetained: demoId(DEMO_PREFIX.opening, 0x65),
  /** From demo-offers.ts: archived, without applications. */
  archivedEmpty: demoId(DEMO_PREFIX.opening, 0x51),
} as const;

const FIRST_NAMES = [
  'Sofia', 'Mateus', 'Zofia', 'Lukas', 'Chloé', 'Giulia', 'Jan', 'Inês', 'Marie', 'Tomasz', 'Émilie', 'Jeroen', 'Lucía', 'Niklas', 'Aylin',
  'Pol', 'Maëlle', 'Björn', 'Carla', 'Kacper', 'Anouk', 'Dario', 'Leonor', 'Yusuf', 'Mia', 'Gaspard', 'Ewa', 'Ruben', 'Élodie', 'Matteo', 'Søren',
];
const LAST_NAMES = [
  'Schmit', 'Ferreira', 'Kowalska', 'Weber', 'Lefèvre', 'Rossi', 'Janssens', 'Carvalho', 'Hoffmann', 'Nowak', 'Dupont', 'De Vries', 'García',
  'Brandt', 'Yılmaz', 'Reuter', 'Moreau', 'Lindqvist', 'Bianchi', 'Wiśniewski', 'Thill', 'Esposito', 'Santos', 'Demir', 'Kieffer', 'Fontaine',
  'Zieliński', 'Peeters', 'Girard', 'Colombo', 'Müller',
];
const NATIONALITIES = ['Luxembourgish', 'Portuguese', 'Polish', 'German', 'French', 'Italian', 'Belgian', 'Dutch', 'Spanish', 'Turkish'];
const LANGUAGES = ['fr', 'de', 'en', 'pt', 'lb', 'it', 'pl', 'nl', 'es'];
const GENDERS = ['female', 'male', 'nonBinary', 'undisclosed'];
const LICENSES = [[], ['B'], ['B', 'BE'], ['A', 'B'], ['B', 'C', 'CE']];
const STREETS = ['rue de Hollerich', 'avenue de la Liberté', 'Grand-Rue', 'rue du Fort Neipperg', 'boulevard Royal', 'rue de Strasbourg'];

function ascii(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/ı/g, 'i')
    .replace(/ø/g, 'o')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

/** The demo person number `i` (deterministic, so seeding twice writes the same rows). */
export function demoPerson(i: number) {
  const first = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Alex';
  const last = LAST_NAMES[(i * 7 + 3) % LAST_NAMES.length] ?? 'Martin';
  const language = LANGUAGES[i % LANGUAGES.length] ?? 'en';
  return {
    first,
    last,
    language,
    email: `${ascii(first)}.${ascii(last)}.${i + 1}@example.org`,
    form: {
      firstName: first,
      lastName: last,
      email: `${ascii(first)}.${ascii(last)}.${i + 1}@example.org`,
      nationality: NATIONALITIES[i % NATIONALITIES.length] ?? '',
      phone: `+352 621 ${String(100 + ((i * 37) % 900)).padStart(3, '0')} ${String(100 + ((i * 53) % 900)).padStart(3, '0')}`,
      birthDate: `${String(1 + (i % 28)).padStart(2, '0')}/${String(1 + (i % 12)).padStart(2, '0')}/${1975 + (i % 25)}`,
      gender: GENDERS[i % GENDERS.length] ?? '',
      address: `${1 + ((i * 13) % 120)} ${STREETS[i % STREETS.length] ?? ''}, L-${1000 + ((i * 97) % 8000)} Luxembourg`,
      salary: String(38000 + ((i * 1750) % 40000)),
      drivingLicenses: LICENSES[i % LICENSES.length] ?? [],
      hasWorkPermit: i % 5 === 0 ? 'no' : 'yes',
      agentEmail: '',
      companyReferralCode: i % 6 === 0 ? DEMO_APPLY.referralCode : '',
      cv: { url: '/v2/storage/000000000000000000000000', name: `CV_${ascii(first)}_${ascii(last)}.pdf` },
      language,
    },
  };
}

/** Bulk-inserts the openings of DEMO_OPENINGS with their postings, channels, candidates and applications. Idempotent. */
export async function seedDemoOpenings(db: Kysely<Database>): Promise<void> {
  const companyId = DEMO.companyId;
  const openings: NewOpening[] = [];
  const postings: NewPosting[] = [];
  const contents: NewPostingContent[] = [];
  const channels: NewChannel[] = [];
  const candidates: Insertable<CandidatesTable>[] = [];
  const applications: Insertable<ApplicationsTable>[] = [];
  let next = 0;

  for (const opening of DEMO_OPENINGS) {
    const openingId = demoId(DEMO_PREFIX.opening, opening.n);
    const created = new Date(Date.UTC(2026, 0, opening.n - 0x5f, 8));
    const firstApplication = opening.appliedAt?.(opening.applications - 1);
    const createdAt = firstApplication && firstApplication < created ? new Date(firstApplication.getTime() - 30 * DAY_MS) : created;
    openings.push({
      id: openingId,
      company_id: companyId,
      title: opening.title,
      reference_code: opening.referenceCode,
      status: opening.status,
      language: opening.language,
      description: opening.description,
      location: opening.location,
      contract: opening.contract,
      created_at: createdAt,
      updated_at: createdAt,
    });
    if (!opening.channels.length) continue;

    const postingId = demoId(DEMO_PREFIX.posting, opening.n);
    postings.push({
      id: postingId,
      company_id: companyId,
      opening_id: openingId,
      language: opening.language,
      status: opening.postingOpen ? 'OPEN' : 'CLOSED',
      employment_type: 'FULL_TIME',
      published_at: createdAt,
      created_at: createdAt,
      updated_at: createdAt,
    });
    contents.push({ posting_id: postingId, company_id: companyId, language: opening.language, title: opening.title, description: opening.description, location: opening.location, contract: opening.contract });
    const channelIds = opening.channels.map((kind, k) => {
      const id = demoId(DEMO_PREFIX.channel, 0x2000 + opening.n * 0x10 + k);
      channels.push({ id, company_id: companyId, posting_id: postingId, board_id: null, kind });
      return id;
    });

    for (let a = 0; a < opening.applications; a++) {
      const i = next++;
      const who = demoPerson(i);
      const candidateId = demoId(CANDIDATE_PREFIX, 0x100 + i);
      const appliedAt = opening.appliedAt?.(a) ?? new Date(seededAt);
      candidates.push({
        id: candidateId,
        company_id: companyId,
        email: who.email,
        data: {
          personal: { name: { first: who.first, last: who.last }, email: who.email, nationality: who.form.nationality, phone: who.form.phone },
          meta: { companyReferralCode: who.form.companyReferralCode },
        },
      });
      applications.push({
        id: demoId(APPLICATION_PREFIX, 0x100 + i),
        company_id: companyId,
        channel_id: channelIds[a % channelIds.length] ?? '',
        candidate_id: candidateId,
        cv_upload_id: null,
        submission_id: `demo-opening-submission-${i + 1}`,
        language: who.language,
        referral_code: who.form.companyReferralCode || null,
        form: who.form,
        consent_given_at: appliedAt,
        consent_text: 'Lumen Robotics processes your data to handle your application and keeps it for two years.',
        created_at: appliedAt,
      });
    }
  }

  await db.insertInto('openings').values(openings).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('postings').values(postings).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('posting_contents').values(contents).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('channels').values(channels).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('candidates').values(candidates).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('applications').values(applications).onConflict((oc) => oc.doNothing()).execute();
}
