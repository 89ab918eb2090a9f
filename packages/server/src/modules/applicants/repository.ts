import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** One application of an opening with what the recruiter-facing views need. */
export interface ApplicantRow {
  id: string;
  candidate_id: string;
  channel_id: string;
  channel_kind: string;
  language: string;
  referral_code: string | null;
  /** The campaign and referring page the candidate came by (issue 30); null when none. */
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  referrer: string | null;
  /** The submitted form as validated (spec §3 fields, meta included: callers decide what to show). */
  form: Record<string, unknown>;
  consent_given_at: Date;
  created_at: Date;
  cv_name: string | null;
  /** The upload backing the CV (null for seeded demo applications, which carry only a name). */
  cv_upload_id: string | null;
  cover_letter_upload_id: string | null;
  /** created_at as the database prints it: the exact keyset cursor (a JS Date would drop the microseconds). */
  cursor_at: string;
}

export interface ApplicantCursor {
  at: string;
  id: string;
}

export type ApplicantRepository = ReturnType<typeof createApplicantRepository>;

/** Applications of one opening, read through its postings' channels, always inside one company. */
export function createApplicantRepository(db: Kysely<Database>) {
  function ofOpening(companyId: string, openingId: string) {
    return db
      .selectFrom('applications as a')
      .innerJoin('channels as c', (join) => join.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.channel_id'))
      .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
      .where('a.company_id', '=', companyId)
      .where('p.opening_id', '=', openingId);
  }

  /** Applications of the company with their channel and CV name: the one column list both views read. */
  function applicantsOf(companyId: string) {
    return db
      .selectFrom('applications as a')
      .innerJoin('channels as c', (join) => join.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.channel_id'))
      .leftJoin('uploads as u', (join) => join.onRef('u.company_id', '=', 'a.company_id').onRef('u.id', '=', 'a.cv_upload_id'))
      .where('a.company_id', '=', companyId)
      .select([
        'a.id',
        'a.candidate_id',
        'a.channel_id',
        'c.kind as channel_kind',
        'a.language',
        'a.referral_code',
        'a.utm_source',
        'a.utm_medium',
        'a.utm_campaign',
        'a.referrer',
        'a.form',
        'a.consent_given_at',
        'a.created_at',
        sql<string | null>`coalesce(u.original_name, a.form->'cv'->>'name')`.as('cv_name'),
        'u.id as cv_upload_id',
        'a.cover_letter_upload_id',
        sql<string>`a.created_at::text`.as('cursor_at'),
      ]);
  }

  function rows(companyId: string, openingId: string) {
    return applicantsOf(companyId)
      .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
      .where('p.opening_id', '=', openingId);
  }

  return {
    /** Newest first, for the recruiter's table. */
    async page(companyId: string, openingId: string, limit: number, offset: number): Promise<{ rows: ApplicantRow[]; total: number }> {
      const [items, count] = await Promise.all([
        rows(companyId, openingId).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).offset(offset).execute(),
        ofOpening(companyId, openingId).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: items as ApplicantRow[], total: count.n };
    },

    /** The channels of the opening's postings (read once per export, so each batch is a plain index range). */
    async channelIds(companyId: string, openingId: string): Promise<string[]> {
      const channels = await db
        .selectFrom('channels as c')
        .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
        .where('c.company_id', '=', companyId)
        .where('p.opening_id', '=', openingId)
        .select('c.id')
        .execute();
      return channels.map((channel) => channel.id);
    },

    /** The next `limit` applications on `channelIds` after `cursor`, oldest first (keyset paging: each batch costs the same). */
    async batch(companyId: string, channelIds: readonly string[], cursor: ApplicantCursor | undefined, limit: number, applicationIds: readonly string[] = []): Promise<ApplicantRow[]> {
      if (!channelIds.length) return [];
      let query = applicantsOf(companyId).where('a.channel_id', 'in', [...channelIds]);
      // A selection (the pipeline's export of chosen rows): still within the opening's channels.
      if (applicationIds.length) query = query.where('a.id', 'in', [...applicationIds]);
      if (cursor) query = query.where(sql<boolean>`(a.created_at, a.id) > (${cursor.at}::timestamptz, ${cursor.id})`);
      return (await query.orderBy('a.created_at', 'asc').orderBy('a.id', 'asc').limit(limit).execute()) as ApplicantRow[];
    },
  };
}
