import type { Locale } from '@rec/core';
import type { Kysely } from 'kysely';
import type { Database, NewChannel, NewOpening, NewPosting, NewPostingContent } from '../db/schema';
import { seedDemoAccounts } from './demo-accounts';
import { DEMO_BOARD_NAMES } from './demo-board-names';
import { DEMO_APPLY_FORMS } from './demo-apply-forms';
import { DEMO, DEMO_PREFIX, demoId } from './demo-ids';
import { sanitizeDescription } from '../modules/offers/sanitize-description';
import { seedDemoApplications } from './demo-applications';
import { seedDemoInsights } from './demo-insights';
import { seedDemoOpenings } from './demo-openings';
import { seedDemoPipeline } from './demo-pipeline';
import { DEMO_LUMEN_BRAND } from './demo-brand';
import { DEMO_ORGANIZATIONS, DEMO_REMOTE_OFFERS, DEMO_SALARIES, PLACE_COUNTRY } from './demo-job-places';
import { DEMO_OFFERS, type DemoOffer, demoDescription, PLACES } from './demo-offers';
import { seedDemoSteps } from './demo-steps';
import { seedDemoReviews } from './demo-reviews';
import { linkPostingPlace } from '../modules/places/repository';

const COMPANY_IDS: Record<DemoOffer['company'], string> = { lumen: DEMO.companyId, nordwind: DEMO.otherCompanyId };
const BOARD_IDS: Record<DemoOffer['company'], string> = { lumen: DEMO.boardId, nordwind: DEMO.otherBoardId };

/** True when no company exists yet: main seeds the demo only into an empty database. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Inserts the demo companies, boards, offers, accounts and invitation. Every row has a fixed id and is inserted with
 * `on conflict do nothing`, so running it again changes nothing (and never overwrites edits).
 */
export async function seedDemo(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('companies')
      .values([
        { id: DEMO.companyId, name: DEMO.companyName, slug: DEMO.companySlug, settings: { language: DEMO.boardLanguage, ...DEMO_ORGANIZATIONS.lumen, brand: DEMO_LUMEN_BRAND } },
        { id: DEMO.otherCompanyId, name: DEMO.otherCompanyName, slug: DEMO.otherCompanySlug, settings: { language: DEMO.otherBoardLanguage, ...DEMO_ORGANIZATIONS.nordwind } },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();

    // The spontaneous channel is linked once channels exist (boards and channels reference each other).
    await trx
      .insertInto('boards')
      .values([
        { id: DEMO.boardId, company_id: DEMO.companyId, name: DEMO.boardName, names: DEMO_BOARD_NAMES.lumen, language: DEMO.boardLanguage },
        {
          id: DEMO.otherBoardId,
          company_id: DEMO.otherCompanyId,
          name: DEMO.otherBoardName,
          names: DEMO_BOARD_NAMES.nordwind,
          language: DEMO.otherBoardLanguage,
        },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();

    const rows = DEMO_OFFERS.map(demoRows);
    await trx
      .insertInto('openings')
      .values(rows.map((row) => row.opening))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('postings')
      .values(rows.map((row) => row.posting))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('posting_contents')
      .values(rows.flatMap((row) => row.contents))
      .onConflict((oc) => oc.doNothing())
      .execute();
    // Each posting points to its place (one entity, names per language), as a recruiter's save does.
    for (const row of rows) await linkPostingPlace(trx, row.posting.company_id, row.posting.id);
    await trx
      .insertInto('channels')
      .values([
        ...rows.map((row) => row.channel),
        // The first offer is also shared through a link, to show channels beyond the board.
        { id: DEMO.shareChannelId, company_id: DEMO.companyId, posting_id: demoId(DEMO_PREFIX.posting, 0x01), kind: 'SHARE' as const },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();

    await trx
      .updateTable('boards')
      .set({ spontaneous_channel_id: DEMO.spontaneousChannelId })
      .where('id', '=', DEMO.boardId)
      .where('company_id', '=', DEMO.companyId)
      .where('spontaneous_channel_id', 'is', null)
      .execute();

    await seedDemoApplications(trx);
    await seedDemoOpenings(trx);
    await seedDemoSteps(trx);
    await seedDemoReviews(trx);
  });
  await seedDemoAccounts(db);
  await seedDemoInsights(db);
  // After the insights: its applications carry their own history; the pipeline backfills the rest.
  await seedDemoPipeline(db);
}

function demoRows(offer: DemoOffer): OfferRows {
  return offerRows(offer, {
    companyId: COMPANY_IDS[offer.company],
    boardId: BOARD_IDS[offer.company],
    openingId: demoId(DEMO_PREFIX.opening, offer.n),
    postingId: demoId(DEMO_PREFIX.posting, offer.n),
    channelId: demoId(DEMO_PREFIX.channel, offer.n),
  });
}

export interface OfferRows {
  opening: NewOpening;
  posting: NewPosting;
  contents: NewPostingContent[];
  channel: NewChannel;
}

/** The rows of a demo offer (its opening, posting, texts and board channel) under the given company and ids. */
export function offerRows(offer: DemoOffer, target: { companyId: string; boardId: string; openingId: string; postingId: string; channelId: string }): OfferRows {
  const { companyId, postingId } = target;
  const ownText = offer.texts[offer.language];
  if (!ownText) throw new Error(`Demo offer ${offer.n} has no text in its own language ${offer.language}`);

  const opening: NewOpening = {
    id: target.openingId,
    company_id: companyId,
    title: ownText.title,
    reference_code: offer.referenceCode ?? null,
    status: offer.openingStatus ?? 'PUBLISHED',
    language: offer.language,
    location: PLACES[offer.place][offer.language] ?? null,
    contract: offer.contract,
    apply_form: DEMO_APPLY_FORMS.get(offer.n) ?? {},
    salary: DEMO_SALARIES.get(offer.n) ?? null,
    created_at: offer.publishedAt,
    updated_at: offer.publishedAt,
  };
  const posting: NewPosting = {
    id: postingId,
    company_id: companyId,
    opening_id: opening.id,
    language: offer.language,
    status: offer.postingStatus ?? 'OPEN',
    employment_type: offer.employmentType,
    published_at: offer.publishedAt,
    valid_through: offer.validThrough ?? null,
    is_spontaneous: offer.spontaneous ?? false,
    salary: DEMO_SALARIES.get(offer.n) ?? null,
    address_country: PLACE_COUNTRY[offer.place],
    remote: DEMO_REMOTE_OFFERS.has(offer.n),
    created_at: offer.publishedAt,
    updated_at: offer.publishedAt,
  };
  const contents = (Object.entries(offer.texts) as Array<[Locale, NonNullable<DemoOffer['texts'][Locale]>]>).map(
    ([language, text]): NewPostingContent => ({
      posting_id: postingId,
      company_id: companyId,
      language,
      title: text.title,
      // Stored sanitised, as every description (the widget sanitises again when it renders).
      description: sanitizeDescription(demoDescription(offer, language, text)),
      location: PLACES[offer.place][language] ?? null,
      contract: offer.contract,
    }),
  );
  const channel: NewChannel = {
    id: target.channelId,
    company_id: companyId,
    posting_id: postingId,
    board_id: target.boardId,
    kind: offer.spontaneous ? 'SPONTANEOUS' : 'BOARD',
  };
  return { opening, posting, contents, channel };
}
