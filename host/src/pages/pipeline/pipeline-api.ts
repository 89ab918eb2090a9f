import type {
  BulkResponse,
  PipelineResponse,
  PipelineSort,
  PipelineSource,
  PipelineStageCount,
  RejectionMail,
  RejectionMailDraft,
  RejectionReason,
} from '@rec/core/pipeline';
import { api } from '../../api';

/** The recruiter's pipeline API (issue 11): what the pipeline pages and the decision components call. */

const base = (openingId: string) => `/v2/recruiter/openings/${encodeURIComponent(openingId)}`;

export interface PipelineQueryState {
  view: 'board' | 'table';
  stage: string;
  stepStatus: string;
  source: PipelineSource | '';
  /** Part of the campaign the candidates came by (utm source, medium or name). */
  campaign: string;
  q: string;
  sort: PipelineSort;
  page: number;
  rowsPerPage: number;
}

export function fetchPipeline(openingId: string, query: PipelineQueryState, signal?: AbortSignal): Promise<PipelineResponse> {
  const params: Record<string, string> = { view: query.view, sort: query.sort, rowsPerPage: String(query.rowsPerPage) };
  if (query.view === 'table') {
    params.page = String(query.page);
    if (query.stage) params.stage = query.stage;
  }
  if (query.stepStatus) params.stepStatus = query.stepStatus;
  if (query.source) params.source = query.source;
  if (query.campaign) params.campaign = query.campaign;
  if (query.q) params.q = query.q;
  return api.get<PipelineResponse>(`${base(openingId)}/pipeline`, { query: params, ...(signal ? { signal } : {}) });
}

const stagesCache = new Map<string, Promise<PipelineStageCount[]>>();

/** The company's stages (with the opening's counts), loaded once per opening for menus shown outside the pipeline page. */
export function loadStages(openingId: string): Promise<PipelineStageCount[]> {
  let pending = stagesCache.get(openingId);
  if (!pending) {
    pending = api.get<PipelineResponse>(`${base(openingId)}/pipeline`, { query: { rowsPerPage: '20', q: '\u2063' } }).then((answer) => answer.stages);
    pending.catch(() => stagesCache.delete(openingId));
    stagesCache.set(openingId, pending);
  }
  return pending;
}

export function moveStage(openingId: string, applicationId: string, stage: string): Promise<{ stage: string; stageSince: string }> {
  return api.post(`${base(openingId)}/applications/${encodeURIComponent(applicationId)}/stage`, { stage });
}

export interface RejectRequest {
  reason: RejectionReason;
  mail?: RejectionMail;
  defaultMail?: boolean;
}

export function rejectApplication(openingId: string, applicationId: string, body: RejectRequest): Promise<{ stage: string; mailSent?: boolean }> {
  return api.post(`${base(openingId)}/applications/${encodeURIComponent(applicationId)}/reject`, body);
}

export function fetchRejectionMail(openingId: string, applicationId: string): Promise<RejectionMailDraft> {
  return api.get(`${base(openingId)}/applications/${encodeURIComponent(applicationId)}/reject-mail`);
}

export function bulkMove(openingId: string, applicationIds: readonly string[], stage: string): Promise<BulkResponse> {
  return api.post(`${base(openingId)}/applications/bulk`, { action: 'move', applicationIds: [...applicationIds], stage });
}

export function bulkReject(openingId: string, applicationIds: readonly string[], body: RejectRequest): Promise<BulkResponse> {
  return api.post(`${base(openingId)}/applications/bulk`, { action: 'reject', applicationIds: [...applicationIds], ...body });
}
