import { fullName } from '@rec/core';
import {
  type DashboardBody,
  type DashboardPutBody,
  type DashboardResource,
  type DashboardResults,
  type DashboardResultsQuery,
  DEFAULT_GLOBAL_QUERY,
  dateRangeOf,
  type GlobalQuery,
  GlobalQuerySchema,
  INSIGHTS_ERRORS,
  type Panel,
  PanelSchema,
  type ShareableRecruiter,
} from '@rec/core/insights';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { type AuthContext, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import type { Clock } from '../auth/tokens';
import { aggregatePanel } from './panel-aggregates';
import type { DashboardRepository, DashboardRow } from './repository';

export type InsightsService = ReturnType<typeof createInsightsService>;

/** Stored panels and query were validated when written; anything unreadable (an older shape) is dropped, not fatal. */
function panelsOf(stored: unknown[]): Panel[] {
  return stored.flatMap((panel) => {
    const parsed = v.safeParse(PanelSchema, panel);
    return parsed.success ? [parsed.output] : [];
  });
}

function globalQueryOf(stored: Record<string, unknown>): GlobalQuery {
  const parsed = v.safeParse(GlobalQuerySchema, stored);
  return parsed.success ? parsed.output : DEFAULT_GLOBAL_QUERY;
}

export function dashboardResource(row: DashboardRow): DashboardResource {
  return {
    _id: row.id,
    name: row.name,
    color: row.color,
    panels: panelsOf(row.panels),
    globalQuery: globalQueryOf(row.global_query),
    allowedRecruiters: [row.owner_id, ...row.shared_with.filter((id) => id !== row.owner_id)],
    ownerId: row.owner_id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * Dashboards (spec §3, §4, §7): a recruiter sees those they own or that are shared with them;
 * another company's or an unshared dashboard is 404. Changing one needs ANALYTICS:DASHBOARD:MANAGE
 * (checked by the routes) on a dashboard the recruiter sees. The owner always keeps access:
 * removing them from the shared list changes nothing.
 */
export function createInsightsService(deps: { db: Kysely<Database>; repository: DashboardRepository; now: Clock }) {
  const { db, repository, now } = deps;

  async function load(auth: AuthContext, id: string): Promise<DashboardRow> {
    const row = await repository.find(tenantOf(auth), auth.account.id, id);
    if (!row) throw new HttpError(404, INSIGHTS_ERRORS.notFound);
    return row;
  }

  return {
    async list(auth: AuthContext): Promise<DashboardResource[]> {
      return (await repository.list(tenantOf(auth), auth.account.id)).map(dashboardResource);
    },

    async get(auth: AuthContext, id: string): Promise<DashboardResource> {
      return dashboardResource(await load(auth, id));
    },

    /** A new dashboard owned by the caller (also how the client duplicates: it posts a copy's body). */
    async create(auth: AuthContext, body: DashboardBody): Promise<DashboardResource> {
      const companyId = tenantOf(auth);
      const id = newId();
      await repository.insert(
        companyId,
        auth.account.id,
        id,
        { name: body.name, color: body.color, panels: body.panels, globalQuery: body.globalQuery ?? DEFAULT_GLOBAL_QUERY },
        now(),
      );
      return dashboardResource(await load(auth, id));
    },

    async update(auth: AuthContext, id: string, body: DashboardPutBody): Promise<DashboardResource> {
      await load(auth, id);
      const fields = { name: body.name, color: body.color, panels: body.panels, globalQuery: body.globalQuery };
      if (!(await repository.update(tenantOf(auth), id, fields, now()))) throw new HttpError(404, INSIGHTS_ERRORS.notFound);
      return dashboardResource(await load(auth, id));
    },

    async delete(auth: AuthContext, id: string): Promise<void> {
      await load(auth, id);
      if (!(await repository.delete(tenantOf(auth), id))) throw new HttpError(404, INSIGHTS_ERRORS.notFound);
    },

    /** Shares with one recruiter of the company (spec §7: one call per newly added recruiter). */
    async addRecruiter(auth: AuthContext, id: string, recruiterId: string): Promise<DashboardResource> {
      const companyId = tenantOf(auth);
      const row = await load(auth, id);
      if (!(await repository.isRecruiter(companyId, recruiterId))) throw new HttpError(404, INSIGHTS_ERRORS.recruiterNotFound);
      if (recruiterId !== row.owner_id) await repository.share(companyId, id, recruiterId);
      return dashboardResource(await load(auth, id));
    },

    /** Stops sharing with a list of recruiters; unknown ids and the owner are ignored. */
    async removeRecruiters(auth: AuthContext, id: string, recruiterIds: readonly string[]): Promise<DashboardResource | null> {
      const row = await load(auth, id);
      await repository.unshare(
        tenantOf(auth),
        id,
        recruiterIds.filter((recruiterId) => recruiterId !== row.owner_id),
      );
      // The caller may have removed themselves (a manager it was shared with): then they no longer see it.
      const after = await repository.find(tenantOf(auth), auth.account.id, id);
      return after ? dashboardResource(after) : null;
    },

    /** The company's recruiters for the share dialog (the client leaves the current user out, spec §2). */
    async recruiters(auth: AuthContext): Promise<ShareableRecruiter[]> {
      const rows = await repository.recruiters(tenantOf(auth));
      return rows.map((row) => ({
        _id: row.id,
        fullName: fullName(row.first_name, row.last_name),
        email: row.email,
        profilePictureUrl: typeof row.settings.profilePictureUrl === 'string' ? row.settings.profilePictureUrl : null,
      }));
    },

    /**
     * Every panel's numbers for the saved global query, or for the query's overrides (any viewer
     * may look at another period; saving it is an edit). Panels run concurrently: on PostgreSQL
     * they use several pool connections, on PGlite they queue.
     */
    async results(auth: AuthContext, id: string, query: DashboardResultsQuery): Promise<DashboardResults> {
      const companyId = tenantOf(auth);
      const dashboard = dashboardResource(await load(auth, id));
      const saved = dashboard.globalQuery;
      const period = query.period ?? (query.from || query.to ? 'CUSTOM' : saved.period);
      const requested = { period, from: query.from ?? (period === 'CUSTOM' ? saved.from : undefined), to: query.to ?? (period === 'CUSTOM' ? saved.to : undefined) };
      if (period === 'CUSTOM' && (!requested.from || !requested.to || requested.from > requested.to)) throw new HttpError(400, INSIGHTS_ERRORS.invalidQuery);
      const range = dateRangeOf(requested, now());
      const openingIds = query.openingIds ?? saved.openingIds;
      const scope = { companyId, from: range.from, to: range.to, openingIds };
      const panels = await Promise.all(dashboard.panels.map((panel) => aggregatePanel(db, scope, panel)));

      const openingKeys = new Set<string>();
      dashboard.panels.forEach((panel, i) => {
        if (panel.dimension === 'OPENING') for (const row of panels[i]?.rows ?? []) openingKeys.add(row.key);
      });
      if (openingKeys.size) {
        const titles = new Map((await repository.openingTitles(companyId, [...openingKeys])).map((row) => [row.id, row.title]));
        dashboard.panels.forEach((panel, i) => {
          if (panel.dimension !== 'OPENING') return;
          for (const row of panels[i]?.rows ?? []) {
            const title = titles.get(row.key);
            if (title !== undefined) row.label = title;
          }
        });
      }
      return { dashboardId: id, from: range.from, to: range.to, openingIds: [...openingIds], panels };
    },
  };
}
