import { companySettingsOf, ERROR_KEYS, type Locale, type PipelineStage, toLocale } from '@rec/core';
import type {
  BulkBody,
  BulkResponse,
  PipelineItem,
  PipelineQuery,
  PipelineResponse,
  RejectBody,
  RejectionMail,
  RejectionMailDraft,
  RejectionReason,
} from '@rec/core/pipeline';
import { newId } from '../../db/ids';
import { type AuthContext, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { AUDIT_ACTIONS, type AuditLog } from '../audit/audit-log';
import type { Clock } from '../auth/tokens';
import type { DomainEvents } from '../domain-events/domain-events';
import type { Mailer } from '../mail/mailer';
import type { OpeningService } from '../openings/service';
import { renderRejectionMail, rejectionMailDraft } from './rejection-mail';
import type { NewStageEvent, PipelineRepository, PipelineRow } from './repository';

export type PipelineService = ReturnType<typeof createPipelineService>;

export interface DecisionResult {
  applicationId: string;
  stage: string;
  stageSince: string;
  /** With a rejection mail: whether it went out (a mail failure never undoes the decision). */
  mailSent?: boolean;
}

/**
 * The pipeline of an opening and the decisions on its applications (issue 11). Stages are the
 * company's (settings), moving is appending a stage event; every decision is audited (ids and
 * codes only) and announced as CANDIDATE_UPDATED. Permissions are checked by the routes.
 */
export function createPipelineService(deps: {
  repository: PipelineRepository;
  openings: OpeningService;
  audit: AuditLog;
  mailer: Mailer;
  now: Clock;
  events?: DomainEvents;
  log?: { error(details: object, message: string): void };
}) {
  const { repository, openings, audit, mailer, now } = deps;

  async function context(auth: AuthContext, openingId: string) {
    const companyId = tenantOf(auth);
    // 404 for another company's opening or a made-up id.
    const opening = await openings.get(auth, openingId);
    const company = await repository.company(companyId);
    if (!company) throw new HttpError(404, ERROR_KEYS.openingNotFound);
    const stages = companySettingsOf(company.settings).stages;
    const firstStage = (stages[0] as PipelineStage).id;
    return { companyId, opening, company, stages, firstStage };
  }

  function itemOf(row: PipelineRow, steps: PipelineItem['steps'] = []): PipelineItem {
    return {
      applicationId: row.id,
      candidateId: row.candidate_id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      stage: row.stage,
      stageSince: new Date(row.stage_since).toISOString(),
      appliedAt: new Date(row.applied_at).toISOString(),
      source: row.source,
      language: row.language,
      steps,
      ...(row.withdrawn ? { withdrawn: true } : {}),
      ...(row.removed ? { removed: true } : {}),
    };
  }

  /**
   * A move happens now, but never before the application's current stage began (seeded or
   * imported history may lie slightly ahead of this clock): the trigger keeps the newest event.
   */
  function enteredAt(row: PipelineRow): Date {
    const at = now();
    const since = new Date(row.stage_since);
    return at > since ? at : new Date(since.getTime() + 1);
  }

  /** `stage`: the stage the applications entered (outgoing webhooks tell of moves and rejections). */
  function announce(companyId: string, openingId: string, applicationIds: readonly string[], stage: { id: string; rejected: boolean }): void {
    for (const applicationId of applicationIds) deps.events?.emit({ type: 'CANDIDATE_UPDATED', companyId, openingId, applicationId, stage });
  }

  async function sendRejectionMails(
    auth: AuthContext,
    ctx: Awaited<ReturnType<typeof context>>,
    rows: readonly PipelineRow[],
    mail: RejectionMail | undefined,
    useDefault: boolean,
  ): Promise<Set<string>> {
    const sent = new Set<string>();
    if (!mail && !useDefault) return sent;
    const titles = await repository.candidateTitles(
      ctx.companyId,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      // A removed candidate has no address left to write to (and no name to greet).
      if (row.removed) continue;
      const language: Locale = toLocale(row.language) ?? 'en';
      // {{openingTitle}} stays the placeholder's name: companies' saved mails use it; its value is the posting's title.
      const values = { candidateName: `${row.first_name} ${row.last_name}`.trim(), openingTitle: titles.get(row.id) ?? '', companyName: ctx.company.name };
      const rendered = mail ? renderRejectionMail(mail, values) : rejectionMailDraft(language, values);
      try {
        await mailer.send({ to: row.email, subject: rendered.subject, text: rendered.body, companyId: ctx.companyId });
        await repository.recordMail({ id: newId(), companyId: ctx.companyId, applicationId: row.id, actorId: auth.account.id, kind: 'rejection', language, subject: rendered.subject });
        sent.add(row.id);
      } catch (error) {
        // The decision stands; the recruiter sees mailSent: false. No address or name in the log.
        deps.log?.error({ err: error, applicationId: row.id }, 'rejection mail failed');
      }
    }
    return sent;
  }

  async function rejectRows(auth: AuthContext, ctx: Awaited<ReturnType<typeof context>>, rows: readonly PipelineRow[], reason: RejectionReason) {
    const rejected = ctx.stages.find((stage) => stage.kind === 'rejected') as PipelineStage;
    const todo = rows.filter((row) => row.stage !== rejected.id);
    const events: NewStageEvent[] = todo.map((row) => ({
      id: newId(),
      companyId: ctx.companyId,
      applicationId: row.id,
      stage: rejected.id,
      enteredAt: enteredAt(row),
      actorId: auth.account.id,
      reason,
    }));
    await repository.insertStageEvents(events);
    return { todo, events, rejected };
  }

  return {
    async pipeline(auth: AuthContext, openingId: string, query: PipelineQuery): Promise<PipelineResponse> {
      const { view } = query;
      const ctx = await context(auth, openingId);
      const filter = {
        stage: query.stage,
        stepStatus: query.stepStatus,
        source: query.source,
        campaign: query.campaign,
        q: query.q,
        sort: query.sort,
        stageOrder: ctx.stages.map((stage) => stage.id),
        firstStage: ctx.firstStage,
      };
      const [counts, page] = await Promise.all([
        repository.stageCounts(ctx.companyId, openingId, ctx.firstStage),
        view === 'board'
          ? repository.board(ctx.companyId, openingId, filter, query.rowsPerPage)
          : repository.page(ctx.companyId, openingId, filter, query.rowsPerPage, (query.page - 1) * query.rowsPerPage),
      ]);
      const steps = await repository.steps(
        ctx.companyId,
        page.rows.map((row) => row.id),
      );
      const stepsOf = new Map<string, PipelineItem['steps']>();
      for (const step of steps) {
        const list = stepsOf.get(step.application_id) ?? [];
        list.push({ product: step.product, status: step.status });
        stepsOf.set(step.application_id, list);
      }
      return {
        stages: ctx.stages.map((stage) => ({ id: stage.id, kind: stage.kind, ...(stage.names ? { names: stage.names } : {}), count: counts.get(stage.id) ?? 0 })),
        items: page.rows.map((row) => itemOf(row, stepsOf.get(row.id) ?? [])),
        total: page.total,
        page: view === 'board' ? 1 : query.page,
        rowsPerPage: query.rowsPerPage,
      };
    },

    async move(auth: AuthContext, openingId: string, applicationId: string, stageId: string): Promise<DecisionResult> {
      const ctx = await context(auth, openingId);
      const stage = ctx.stages.find((candidate) => candidate.id === stageId);
      if (!stage) throw new HttpError(422, ERROR_KEYS.stageUnknown);
      if (stage.kind === 'rejected') throw new HttpError(409, ERROR_KEYS.stageUseReject);
      const [row] = await repository.applications(ctx.companyId, openingId, ctx.firstStage, [applicationId]);
      if (!row) throw new HttpError(404, ERROR_KEYS.applicationNotFound);
      if (row.stage === stage.id) return { applicationId, stage: row.stage, stageSince: new Date(row.stage_since).toISOString() };
      const at = enteredAt(row);
      await repository.insertStageEvents([{ id: newId(), companyId: ctx.companyId, applicationId, stage: stage.id, enteredAt: at, actorId: auth.account.id, reason: null }]);
      await audit.record({
        companyId: ctx.companyId,
        actorId: auth.account.id,
        action: AUDIT_ACTIONS.applicationStageMove,
        openingId,
        details: { applicationId, from: row.stage, to: stage.id },
      });
      announce(ctx.companyId, openingId, [applicationId], { id: stage.id, rejected: false });
      return { applicationId, stage: stage.id, stageSince: at.toISOString() };
    },

    async reject(auth: AuthContext, openingId: string, applicationId: string, body: RejectBody): Promise<DecisionResult> {
      const ctx = await context(auth, openingId);
      const [row] = await repository.applications(ctx.companyId, openingId, ctx.firstStage, [applicationId]);
      if (!row) throw new HttpError(404, ERROR_KEYS.applicationNotFound);
      const { todo, events, rejected } = await rejectRows(auth, ctx, [row], body.reason);
      if (!todo.length) throw new HttpError(409, ERROR_KEYS.alreadyRejected);
      await audit.record({
        companyId: ctx.companyId,
        actorId: auth.account.id,
        action: AUDIT_ACTIONS.applicationReject,
        openingId,
        details: { applicationId, from: row.stage, to: rejected.id, reason: body.reason, mail: Boolean(body.mail || body.defaultMail) },
      });
      announce(ctx.companyId, openingId, [applicationId], { id: rejected.id, rejected: true });
      const sent = await sendRejectionMails(auth, ctx, todo, body.mail, body.defaultMail === true);
      const at = (events[0] as NewStageEvent).enteredAt;
      return { applicationId, stage: rejected.id, stageSince: at.toISOString(), ...(body.mail || body.defaultMail ? { mailSent: sent.has(applicationId) } : {}) };
    },

    async bulk(auth: AuthContext, openingId: string, body: BulkBody): Promise<BulkResponse> {
      const ctx = await context(auth, openingId);
      const ids = [...new Set(body.applicationIds)];
      const rows = await repository.applications(ctx.companyId, openingId, ctx.firstStage, ids);
      // All or nothing: one id outside this opening (or company) changes nothing.
      if (rows.length !== ids.length) throw new HttpError(404, ERROR_KEYS.applicationNotFound);
      if (body.action === 'move') {
        const stage = ctx.stages.find((candidate) => candidate.id === body.stage);
        if (!stage) throw new HttpError(422, ERROR_KEYS.stageUnknown);
        if (stage.kind === 'rejected') throw new HttpError(409, ERROR_KEYS.stageUseReject);
        const todo = rows.filter((row) => row.stage !== stage.id);
        await repository.insertStageEvents(
          todo.map((row) => ({ id: newId(), companyId: ctx.companyId, applicationId: row.id, stage: stage.id, enteredAt: enteredAt(row), actorId: auth.account.id, reason: null })),
        );
        await audit.record({
          companyId: ctx.companyId,
          actorId: auth.account.id,
          action: AUDIT_ACTIONS.applicationsBulkMove,
          openingId,
          details: { applicationIds: todo.map((row) => row.id), to: stage.id },
        });
        announce(
          ctx.companyId,
          openingId,
          todo.map((row) => row.id),
          { id: stage.id, rejected: false },
        );
        return { changed: todo.length, skipped: rows.length - todo.length };
      }
      const reason = body.reason as RejectionReason;
      const { todo, rejected } = await rejectRows(auth, ctx, rows, reason);
      await audit.record({
        companyId: ctx.companyId,
        actorId: auth.account.id,
        action: AUDIT_ACTIONS.applicationsBulkReject,
        openingId,
        details: { applicationIds: todo.map((row) => row.id), to: rejected.id, reason, mail: Boolean(body.mail || body.defaultMail) },
      });
      announce(
        ctx.companyId,
        openingId,
        todo.map((row) => row.id),
        { id: rejected.id, rejected: true },
      );
      const sent = await sendRejectionMails(auth, ctx, todo, body.mail, body.defaultMail === true);
      return { changed: todo.length, skipped: rows.length - todo.length, ...(body.mail || body.defaultMail ? { mailsSent: sent.size } : {}) };
    },

    /** The default rejection mail rendered for this candidate in the application's language: the dialog prefills it. */
    async rejectionMail(auth: AuthContext, openingId: string, applicationId: string): Promise<RejectionMailDraft> {
      const ctx = await context(auth, openingId);
      const [row] = await repository.applications(ctx.companyId, openingId, ctx.firstStage, [applicationId]);
      if (!row) throw new HttpError(404, ERROR_KEYS.applicationNotFound);
      const language: Locale = toLocale(row.language) ?? 'en';
      const titles = await repository.candidateTitles(ctx.companyId, [row.id]);
      return rejectionMailDraft(language, { candidateName: `${row.first_name} ${row.last_name}`.trim(), openingTitle: titles.get(row.id) ?? '', companyName: ctx.company.name });
    },
  };
}
