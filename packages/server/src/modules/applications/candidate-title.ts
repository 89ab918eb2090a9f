import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The job title a candidate reads for an application: the title of the posting they applied to,
 * in the application's language, else in the posting's own language. Never the opening's title,
 * which is the recruiters' internal name ("Ingénieur·e logiciel embarqué (réf. 2026-14)").
 * Every candidate-facing surface (portal, appointment page, candidate mails, calendar files, the
 * data export) reads this one expression (issue 25).
 *
 * `application` is the alias of the `applications` row in the calling query.
 */
export function candidateTitleOf(application: string): RawBuilder<string> {
  const column = (name: string) => sql.ref(`${application}.${name}`);
  return sql<string>`(select coalesce(
      (select pc.title from posting_contents pc
        where pc.company_id = ch.company_id and pc.posting_id = ch.posting_id and pc.language = ${column('language')}),
      (select pc.title from posting_contents pc
        join postings p on p.company_id = pc.company_id and p.id = pc.posting_id and p.language = pc.language
        where pc.company_id = ch.company_id and pc.posting_id = ch.posting_id))
    from channels ch where ch.company_id = ${column('company_id')} and ch.id = ${column('channel_id')})`;
}

/** The candidate-facing titles of some applications of a company, by application id. */
export async function candidateTitles(db: Kysely<Database>, companyId: string, applicationIds: readonly string[]): Promise<Map<string, string>> {
  if (!applicationIds.length) return new Map();
  const rows = await db
    .selectFrom('applications as a')
    .select(['a.id', candidateTitleOf('a').as('title')])
    .where('a.company_id', '=', companyId)
    .where('a.id', 'in', [...applicationIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}
