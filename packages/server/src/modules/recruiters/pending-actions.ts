import { companySettingsOf, type PendingAction } from '@rec/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../auth/tokens';

/** Consent renewals count when the consent runs out within this many days (or has just run out). */
export const CONSENT_RENEWAL_WINDOW_DAYS = 30;

export type PendingActionsOf = (input: { accountId: string; email: string; companyId: string }) => Promise<PendingAction[]>;

/**
 * `pendingActions` of `GET /v2/recruiter/me` from real data (issue 13): invitations of the
 * person's email to other companies, the company's consent renewals due, notes mentioning them.
 */
export function createPendingActions(db: Kysely<Database>, now: Clock): PendingActionsOf {
  return async ({ accountId, email, companyId }) => {
    const time = now();
    const [invitations, renewals, mentions] = await Promise.all([
      invitationsToAccept(db, email, companyId, time),
      consentRenewalsDue(db, companyId, time),
      noteMentionsOf(db, companyId, accountId, time),
    ]);
    const actions: PendingAction[] = invitations.map((row) => ({ type: 'INVITATION', invitationId: row.id, companyName: row.company_name, expiresAt: new Date(row.expires_at).toISOString() }));
    if (renewals > 0) actions.push({ type: 'CONSENT_RENEWALS', count: renewals });
    actions.push(...mentions);
    return actions;
  };
}

/** Open invitations of the email to companies the person is not in yet (never another company's details beyond its name). */
function invitationsToAccept(db: Kysely<Database>, email: string, companyId: string, time: Date) {
  return db
    .selectFrom('invitations')
    .innerJoin('companies', 'companies.id', 'invitations.company_id')
    .select(['invitations.id', 'invitations.expires_at', 'companies.name as company_name'])
    .where('invitations.email', '=', email)
    .where('invitations.company_id', '<>', companyId)
    .where('invitations.accepted_at', 'is', null)
    .where('invitations.expires_at', '>', time)
    .where('companies.suspended_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('accounts').select('accounts.id').whereRef('accounts.company_id', '=', 'invitations.company_id').where('accounts.email', '=', email))),
    )
    .orderBy('invitations.created_at', 'desc')
    .limit(20)
    .execute();
}

/**
 * Candidates of the company whose consent (their latest application's, plus the company's
 * consentMonths) ends within the next CONSENT_RENEWAL_WINDOW_DAYS days.
 */
export async function consentRenewalsDue(db: Kysely<Database>, companyId: string, time: Date): Promise<number> {
  const company = await db.selectFrom('companies').select('settings').where('id', '=', companyId).executeTakeFirst();
  if (!company) return 0;
  const months = companySettingsOf(company.settings).consentMonths;
  const until = new Date(time.getTime() + CONSENT_RENEWAL_WINDOW_DAYS * 86_400_000);
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (
      select max(consent_given_at) as given from applications where company_id = ${companyId} group by candidate_id
    ) latest
    where latest.given + (${months}::int * interval '1 month') > ${time}
      and latest.given + (${months}::int * interval '1 month') <= ${until}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** How far back a mention still counts as waiting for the recruiter. */
export const NOTE_MENTION_WINDOW_DAYS = 30;

/** Notes of the company that mention the recruiter in the last 30 days, newest first (at most 20). */
export async function noteMentionsOf(db: Kysely<Database>, companyId: string, accountId: string, time: Date = new Date()): Promise<PendingAction[]> {
  const since = new Date(time.getTime() - NOTE_MENTION_WINDOW_DAYS * 86_400_000);
  const rows = await db
    .selectFrom('candidate_notes')
    .select(['id', 'candidate_id'])
    .where('company_id', '=', companyId)
    .where(sql<boolean>`mentions @> jsonb_build_array(${accountId}::text)`)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  return rows.map((row) => ({ type: 'NOTE_MENTION' as const, noteId: row.id, candidateId: row.candidate_id }));
}
