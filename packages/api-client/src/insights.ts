import type { DashboardBody, DashboardResource, DashboardResults, GlobalQuery, ShareableRecruiter } from '@rec/core/insights';
import type { ApiClient } from './client';

/** The dashboard calls of spec §7 (`/v2/insights/...`), plus the results and the recruiters for sharing. */

const dashboardPath = (id: string) => `/v2/insights/dashboards/${encodeURIComponent(id)}`;
const select = (fields?: readonly string[]) => (fields?.length ? { query: { select: [...fields] } } : {});

/** GET /v2/insights/dashboards, query select: the dashboards the recruiter owns or was shared, in loaded order. */
export function fetchDashboards(api: ApiClient, fields?: readonly string[]): Promise<DashboardResource[]> {
  return api.get<DashboardResource[]>('/v2/insights/dashboards', select(fields));
}

/** GET /v2/insights/dashboards/{id}, query select. */
export function fetchDashboard(api: ApiClient, id: string, fields?: readonly string[]): Promise<DashboardResource> {
  return api.get<DashboardResource>(dashboardPath(id), select(fields));
}

/** PUT /v2/insights/dashboards/{id} with the edited dashboard. */
export function updateDashboard(api: ApiClient, id: string, dashboard: DashboardBody & { globalQuery: GlobalQuery }): Promise<DashboardResource> {
  return api.put<DashboardResource>(dashboardPath(id), dashboard);
}

/** POST /v2/insights/dashboards: a new dashboard (a duplicate posts the copy's body). */
export function createDashboard(api: ApiClient, dashboard: DashboardBody): Promise<DashboardResource> {
  return api.post<DashboardResource>('/v2/insights/dashboards', dashboard);
}

/** POST /v2/insights/dashboards/{id}/recruiters/{recruiterId}/add, no body. */
export function addDashboardRecruiter(api: ApiClient, id: string, recruiterId: string): Promise<DashboardResource> {
  return api.post<DashboardResource>(`${dashboardPath(id)}/recruiters/${encodeURIComponent(recruiterId)}/add`);
}

/** POST /v2/insights/dashboards/{id}/recruiters/remove, body recruiterIds. */
export function removeDashboardRecruiters(api: ApiClient, id: string, recruiterIds: readonly string[]): Promise<DashboardResource | undefined> {
  return api.post<DashboardResource | undefined>(`${dashboardPath(id)}/recruiters/remove`, { recruiterIds: [...recruiterIds] });
}

/** DELETE /v2/insights/dashboards/{id} (204). */
export async function deleteDashboard(api: ApiClient, id: string): Promise<void> {
  await api.delete<unknown>(dashboardPath(id));
}

export interface ResultsOverrides {
  period?: GlobalQuery['period'];
  from?: string;
  to?: string;
  /** Empty: every opening. */
  openingIds?: readonly string[];
}

/** GET /v2/insights/dashboards/{id}/results: every panel's numbers for the saved global query or these overrides. */
export function fetchDashboardResults(api: ApiClient, id: string, overrides: ResultsOverrides = {}, signal?: AbortSignal): Promise<DashboardResults> {
  const query: Record<string, string | string[]> = {};
  if (overrides.period) query.period = overrides.period;
  if (overrides.from) query.from = overrides.from;
  if (overrides.to) query.to = overrides.to;
  if (overrides.openingIds) query.openingIds = overrides.openingIds.length ? [...overrides.openingIds] : '';
  return api.get<DashboardResults>(`${dashboardPath(id)}/results`, { query, ...(signal ? { signal } : {}) });
}

/** GET /v2/insights/recruiters: the company's recruiters the share dialog offers. */
export function fetchShareableRecruiters(api: ApiClient): Promise<ShareableRecruiter[]> {
  return api.get<ShareableRecruiter[]>('/v2/insights/recruiters');
}
