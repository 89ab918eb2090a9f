import { companySettingsOf, ERROR_KEYS, type PipelineStage } from '@rec/core';
import { newId } from '../../db/ids';
import { HttpError } from '../../http/errors';
import { AUDIT_ACTIONS, type AuditLog } from '../audit/audit-log';
import type { Clock } from '../auth/tokens';
import type { DomainEvents } from '../domain-events/domain-events';
import type { PipelineRepository } from '../pipeline/repository';
import type { StepAccess, StepService } from '../steps/service';
import type { WithdrawalRepository } from './repository';
import { WITHDRAWAL_REASON } from './withdrawn-sql';

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;

/**
 * A candidate withdraws one application (issue 25), from the portal (their session) or the steps
 * (the steps token): it moves into the company's rejected stage with the reason WITHDREW and no
 * recruiter as actor, so the pipeline and the candidate page show it as withdrawn; its remaining
 * steps stop (the step flow reads the same state); the audit log records it with the candidate
 * as actor; the recruiters' pages hear CANDIDATE_UPDATED.
 */
export function createWithdrawalService(deps: {
  steps: Pick<StepService, 'ownApplication'>;
  repository: WithdrawalRepository;
  stageEvents: Pick<PipelineRepository, 'insertStageEvents'>;
  audit: AuditLog;
  events: DomainEvents;
  now: Clock;
}) {
  const { steps, repository, stageEvents, audit, events, now } = deps;
  return {
    async withdraw(access: StepAccess, applicationId: string): Promise<{ withdrawn: true }> {
      const ref = await steps.ownApplication(access, applicationId);
      const row = await repository.application(ref.companyId, ref.applicationId);
      if (!row) throw new HttpError(404, ERROR_KEYS.applicationNotFound);
      // Asked twice (a second tab, a retried request): already done.
      if (row.withdrawn) return { withdrawn: true };
      const stages = companySettingsOf(row.company_settings).stages;
      const from = row.current_stage ?? (stages[0] as PipelineStage).id;
      if (stages.find((stage) => stage.id === from)?.kind !== 'open') throw new HttpError(409, ERROR_KEYS.applicationClosed);
      const rejected = stages.find((stage) => stage.kind === 'rejected') as PipelineStage;
      const since = row.current_since ? new Date(row.current_since) : null;
      const at = now();
      // Never before the current stage began (the pipeline's rule: the newest event is the current one).
      const enteredAt = since && since >= at ? new Date(since.getTime() + 1) : at;
      await stageEvents.insertStageEvents([
        { id: newId(), companyId: ref.companyId, applicationId: ref.applicationId, stage: rejected.id, enteredAt, actorId: null, reason: WITHDRAWAL_REASON },
      ]);
      await audit.record({
        companyId: ref.companyId,
        actorId: row.candidate_id,
        action: AUDIT_ACTIONS.applicationWithdraw,
        openingId: row.opening_id,
        details: { applicationId: ref.applicationId, from, to: rejected.id },
      });
      events.emit({ type: 'CANDIDATE_UPDATED', companyId: ref.companyId, openingId: row.opening_id, applicationId: ref.applicationId });
      return { withdrawn: true };
    },
  };
}
