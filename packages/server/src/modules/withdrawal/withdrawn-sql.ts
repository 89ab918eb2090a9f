import { type RawBuilder, sql } from 'kysely';

/**
 * A candidate's own withdrawal is a move into the company's rejected stage with the reason
 * WITHDREW and no recruiter as actor (a recruiter recording "withdrew" names themselves).
 */
export const WITHDRAWAL_REASON = 'WITHDREW';

/**
 * SQL: whether the application `applicationId` (a column reference such as `a.id`) stands where the
 * candidate's withdrawal put it. One definition for the pipeline, the candidate page, the portal
 * and the step flow, so they never disagree.
 */
export function withdrawnSql(applicationId: string): RawBuilder<boolean> {
  const id = sql.ref(applicationId);
  return sql<boolean>`exists (select 1 from application_pipeline wp
    join application_stage_events we on we.company_id = wp.company_id and we.application_id = wp.application_id
      and we.stage = wp.current_stage and we.entered_at = wp.current_since
    where wp.application_id = ${id} and we.reason = ${WITHDRAWAL_REASON} and we.actor_id is null)`;
}
