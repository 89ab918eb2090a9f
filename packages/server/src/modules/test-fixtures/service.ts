import { randomBytes } from 'node:crypto';
import { DEFAULT_GLOBAL_QUERY, defaultPanels } from '@rec/core/insights';
import type { FixtureAccount, FixtureCompany, FixtureCompanyOptions } from '@rec/core/test-fixtures';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { offerRows } from '../../seed/demo';
import { DEMO_PRIVACY_TEXT } from '../../seed/demo-applications';
import { DEMO } from '../../seed/demo-ids';
import { DEMO_LUMEN_BRAND } from '../../seed/demo-brand';
import { seedDemoCvs } from '../../seed/demo-cvs';
import { DEMO_ORGANIZATIONS } from '../../seed/demo-job-places';
import { DEMO_OFFERS } from '../../seed/demo-offers';
import { demoPerson } from '../../seed/demo-openings';
import { insertPipelineHistory } from '../../seed/demo-pipeline';
import { insertReviewedCandidates, writeInterviewVideos } from '../../seed/demo-reviews';
import { DEMO_PROCESS } from '../../seed/demo-steps';
import { hashPassword } from '../auth/passwords';
import type { SessionService } from '../auth/sessions';
import { newDomainToken } from '../sso/domain-verification';
import { linkPostingPlace } from '../places/repository';
import type { VideoStorage } from '../steps/video-storage';
import type { FileStorage } from '../storage/file-storage';
import { JOURNEY_PRIVACY_NOTICES, journeyOffer, journeyProcess } from './candidate-journey';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo's step-flow offer (Robotics Maintenance Technician): its texts, apply form and process. */
const STEP_OFFER = 0x02;
/** The demo career site's sample offer (Embedded Software Engineer): an engineering apply form, no steps. */
const SAMPLE_OFFER = 0x01;
const PIPELINE_TITLE = 'Mechatroniker:in Robotik';

export type TestFixtureService = ReturnType<typeof createTestFixtureService>;

/**
 * Companies made for one end-to-end test each (test servers only): the demo's own rows (brand,
 * step-flow offer, reviewed candidates with real recordings, a pipeline in every stage) written
 * under fresh ids, with an owner and a viewer already signed in. Nothing is shared with the demo
 * company or with another fixture, so a test may change anything in it.
 */
export function createTestFixtureService(deps: { db: Kysely<Database>; sessions: SessionService; uploads: FileStorage; videos: VideoStorage; cookieName: string }) {
  const { db, sessions, uploads, videos, cookieName } = deps;

  async function account(companyId: string, role: 'owner' | 'viewer', person: { first: string; last: string }, language: string, suffix: string, password: string | undefined): Promise<FixtureAccount> {
    const id = newId();
    const email = `${person.first.toLowerCase()}.${role}.${suffix}@fixture.example`;
    await db
      .insertInto('accounts')
      .values({ id, type: 'recruiter', company_id: companyId, company_role: role, email, password_hash: password ? await hashPassword(password) : null, first_name: person.first, last_name: person.last, settings: { language } })
      .execute();
    const { token } = await sessions.create(id, 'end-to-end fixture');
    return { _id: id, email, firstName: person.first, lastName: person.last, session: token };
  }

  return {
    async createCompany(body: FixtureCompanyOptions): Promise<FixtureCompany> {
      const suffix = randomBytes(4).toString('hex');
      const companyId = newId();
      const name = `Lumen Robotics ${suffix}`;
      const boardId = newId();
      const rowsOf = (n: number, shape: (offer: (typeof DEMO_OFFERS)[number]) => (typeof DEMO_OFFERS)[number] = (offer) => offer) => {
        const offer = DEMO_OFFERS.find((candidate) => candidate.n === n);
        if (!offer) throw new Error(`the demo offer ${n} is missing`);
        return offerRows(shape(offer), { companyId, boardId, openingId: newId(), postingId: newId(), channelId: newId() });
      };
      const journey = body.candidateJourney;
      const steps = rowsOf(STEP_OFFER, journey ? journeyOffer : undefined);
      // Recruiters' own name for the opening: unique, and in no posting (candidates must never read it).
      if (journey) steps.opening.title = `RMT interne ${suffix}`;
      const process = journey ? journeyProcess() : DEMO_PROCESS;
      // The journey's own notices in each of its languages, else Lumen's when asked for, else none.
      const privacy = journey ? { privacyNotice: JOURNEY_PRIVACY_NOTICES } : body.privacyNotices ? { privacyText: DEMO_PRIVACY_TEXT[DEMO.companyId] } : {};
      const sample = body.sample ? { ...rowsOf(SAMPLE_OFFER), shareChannelId: newId() } : null;
      const others = body.allOffers ? DEMO_OFFERS.filter((offer) => offer.company === 'lumen' && offer.n !== STEP_OFFER && !(sample && offer.n === SAMPLE_OFFER)).map((offer) => rowsOf(offer.n)) : [];

      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('companies')
          .values({ id: companyId, name, slug: `lumen-${suffix}`, settings: { language: body.language, ...DEMO_ORGANIZATIONS.lumen, brand: DEMO_LUMEN_BRAND, ...privacy } })
          .execute();
        await trx
          .insertInto('boards')
          .values({ id: boardId, company_id: companyId, name: `Carrières ${name}`, names: { fr: `Carrières ${name}`, en: `Careers at ${name}`, de: `Karriere bei ${name}`, pl: `Kariera w ${name}` }, language: body.language })
          .execute();
        await trx.insertInto('openings').values(steps.opening).execute();
        await trx.insertInto('postings').values(steps.posting).execute();
        await trx.insertInto('posting_contents').values(steps.contents).execute();
        await trx.insertInto('channels').values(steps.channel).execute();
        if (sample) {
          await trx.insertInto('openings').values(sample.opening).execute();
          await trx.insertInto('postings').values(sample.posting).execute();
          await trx.insertInto('posting_contents').values(sample.contents).execute();
          // The board's channel, and a share link to the same posting (as the demo shares its first offer).
          await trx
            .insertInto('channels')
            .values([sample.channel, { id: sample.shareChannelId, company_id: companyId, posting_id: sample.posting.id, board_id: null, kind: 'SHARE' }])
            .execute();
        }
        if (others.length) {
          await trx.insertInto('openings').values(others.map((row) => row.opening)).execute();
          await trx.insertInto('postings').values(others.map((row) => row.posting)).execute();
          await trx.insertInto('posting_contents').values(others.flatMap((row) => row.contents)).execute();
          await trx.insertInto('channels').values(others.map((row) => row.channel)).execute();
        }
        // Each posting points to its place (names per language), as the demo seed and a recruiter's save do.
        for (const row of [steps, ...(sample ? [sample] : []), ...others]) await linkPostingPlace(trx, companyId, row.posting.id);
        await trx
          .insertInto('opening_step_processes')
          .values({ company_id: companyId, opening_id: steps.opening.id, process: process as unknown as Record<string, unknown> })
          .execute();
      });

      const owner = await account(companyId, 'owner', { first: 'Claire', last: 'Dubois' }, body.ownerLanguage, suffix, body.password);
      const viewer = await account(companyId, 'viewer', { first: 'Victor', last: 'Lang' }, body.viewerLanguage, suffix, body.password);

      const reviewed = { candidateIds: [newId(), newId()], applicationIds: [newId(), newId()], stepIds: [0, 1].map(() => [newId(), newId(), newId()]) };
      await insertReviewedCandidates(db, {
        companyId,
        channelId: steps.channel.id,
        authorId: owner._id,
        ...reviewed,
        noteIds: [newId(), newId()],
        submissionPrefix: `fixture-review-${suffix}`,
      });
      await writeInterviewVideos(db, videos, companyId, reviewed.stepIds);
      // Each enters the pipeline's first stage when applying, as every application does.
      await db
        .insertInto('application_stage_events')
        .values(reviewed.applicationIds.map((applicationId) => ({ id: newId(), company_id: companyId, application_id: applicationId, stage: 'NEW', entered_at: new Date('2026-11-03T08:15:00Z') })))
        .execute();

      const pipeline = body.pipeline ? await pipelineOpening(companyId, owner._id, body.pipeline, suffix) : null;
      // The owner's default dashboard, as every demo company has one (demo-insights.ts).
      const dashboardId = newId();
      await db
        .insertInto('dashboards')
        .values({
          id: dashboardId,
          company_id: companyId,
          owner_id: owner._id,
          name: 'Vue d’ensemble du recrutement',
          color: '#1E6FD9FF',
          panels: JSON.stringify(defaultPanels()),
          global_query: JSON.stringify(DEFAULT_GLOBAL_QUERY),
        })
        .execute();
      // The CVs the applications name, as real PDFs (the demo's own generator).
      await seedDemoCvs(db, uploads, companyId);
      // A domain proved as if its TXT record were found: the SSO spec then sets up the IdP for it.
      const ssoDomain = body.ssoDomain ? `e2e-${companyId}.example` : null;
      if (ssoDomain) {
        await db.insertInto('company_domains').values({ company_id: companyId, domain: ssoDomain, token: newDomainToken(), verified_at: new Date() }).execute();
      }

      return {
        companyId,
        name,
        boardId,
        dashboardId,
        sessionCookie: cookieName,
        owner,
        viewer,
        steps: {
          openingId: steps.opening.id,
          title: steps.opening.title,
          postingTitles: Object.fromEntries(steps.contents.map((content) => [content.language, content.title])),
          postingId: steps.posting.id,
          channelId: steps.channel.id,
          candidates: [
            { candidateId: reviewed.candidateIds[0] ?? '', applicationId: reviewed.applicationIds[0] ?? '', name: 'Sofia Almeida' },
            { candidateId: reviewed.candidateIds[1] ?? '', applicationId: reviewed.applicationIds[1] ?? '', name: 'Mathis Klein' },
          ],
        },
        sample: sample && { openingId: sample.opening.id, title: sample.opening.title, postingId: sample.posting.id, channelId: sample.channel.id, shareChannelId: sample.shareChannelId },
        pipeline,
        ssoDomain,
      };
    },
  };

  /** A published German opening, shared by link only, whose `count` applications went through every stage. */
  async function pipelineOpening(companyId: string, ownerId: string, count: number, suffix: string): Promise<NonNullable<FixtureCompany['pipeline']>> {
    const openingId = newId();
    const postingId = newId();
    const channelId = newId();
    const seededAt = Date.now();
    const createdAt = new Date(seededAt - (count + 40) * DAY_MS);
    const description = '<p>Sie montieren, prüfen und nehmen unsere kollaborativen Roboter in Betrieb.</p>';
    const applications = Array.from({ length: count }, (_, i) => {
      const person = demoPerson(i);
      // The demo's people, with addresses of this company's own: mails to them are this test's only.
      const email = person.email.replace('@', `.${suffix}@`);
      const who = { ...person, email, form: { ...person.form, email, companyReferralCode: '' } };
      return { who, candidateId: newId(), applicationId: newId(), appliedAt: new Date(seededAt - (2 + i) * DAY_MS) };
    });
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('openings')
        .values({ id: openingId, company_id: companyId, title: PIPELINE_TITLE, reference_code: 'LR-MEC-007', status: 'PUBLISHED', language: 'de', description, location: 'Luxemburg', contract: 'permanent', created_at: createdAt, updated_at: createdAt })
        .execute();
      await trx
        .insertInto('postings')
        .values({ id: postingId, company_id: companyId, opening_id: openingId, language: 'de', status: 'OPEN', employment_type: 'FULL_TIME', published_at: createdAt, created_at: createdAt, updated_at: createdAt })
        .execute();
      await trx
        .insertInto('posting_contents')
        .values({ posting_id: postingId, company_id: companyId, language: 'de', title: PIPELINE_TITLE, description, location: 'Luxemburg', contract: 'permanent' })
        .execute();
      await trx.insertInto('channels').values({ id: channelId, company_id: companyId, posting_id: postingId, board_id: null, kind: 'SHARE' }).execute();
      if (!applications.length) return;
      await trx
        .insertInto('candidates')
        .values(
          applications.map(({ who, candidateId }) => ({
            id: candidateId,
            company_id: companyId,
            email: who.email,
            data: { personal: { name: { first: who.first, last: who.last }, email: who.email, nationality: who.form.nationality, phone: who.form.phone }, meta: { companyReferralCode: '' } },
          })),
        )
        .execute();
      await trx
        .insertInto('applications')
        .values(
          applications.map(({ who, candidateId, applicationId, appliedAt }, i) => ({
            id: applicationId,
            company_id: companyId,
            channel_id: channelId,
            candidate_id: candidateId,
            cv_upload_id: null,
            submission_id: `fixture-pipeline-${suffix}-${i + 1}`,
            language: who.language,
            referral_code: null,
            form: who.form,
            consent_given_at: appliedAt,
            consent_text: 'Lumen Robotics processes your data to handle your application and keeps it for two years.',
            created_at: appliedAt,
          })),
        )
        .execute();
    });
    await insertPipelineHistory(db, {
      companyId,
      actorId: ownerId,
      applications: applications.map(({ applicationId, appliedAt }, n) => ({ id: applicationId, createdAt: appliedAt, n })),
      eventId: () => newId(),
      stepId: () => newId(),
    });
    return { openingId, title: PIPELINE_TITLE, channelId };
  }
}
