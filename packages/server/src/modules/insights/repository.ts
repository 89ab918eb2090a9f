import type { GlobalQuery, Panel } from '@rec/core/insights';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export interface DashboardRow {
  id: string;
  company_id: string;
  owner_id: string;
  name: string;
  color: string;
  panels: unknown[];
  global_query: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  /** Recruiter ids the dashboard is shared with (the owner not included). */
  shared_with: string[];
}

export interface DashboardFields {
  name: string;
  color: string;
  panels: Panel[];
  globalQuery: GlobalQuery;
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;

const COLUMNS = ['d.id', 'd.company_id', 'd.owner_id', 'd.name', 'd.color', 'd.panels', 'd.global_query', 'd.created_at', 'd.updated_at'] as const;

/**
 * Dashboards of one company, as one recruiter sees them: every query takes the session's tenant
 * and the viewer, and only finds dashboards the viewer owns or that are shared with them.
 */
export function createDashboardRepository(db: Kysely<Database>) {
  function visible(tenantId: string, viewerId: string) {
    return db
      .selectFrom('dashboards as d')
      .select(COLUMNS)
      .select((eb) =>
        eb.fn
          .coalesce(
            eb
              .selectFrom('dashboard_recruiters as r')
              .select(sql<string[]>`array_agg(r.recruiter_id order by r.created_at, r.recruiter_id)`.as('ids'))
              .whereRef('r.dashboard_id', '=', 'd.id')
              .whereRef('r.company_id', '=', 'd.company_id'),
            eb.val<string[]>([]),
          )
          .as('shared_with'),
      )
      .where('d.company_id', '=', tenantId)
      .where((eb) =>
        eb.or([
          eb('d.owner_id', '=', viewerId),
          eb.exists(
            eb
              .selectFrom('dashboard_recruiters as v')
              .select('v.recruiter_id')
              .whereRef('v.dashboard_id', '=', 'd.id')
              .where('v.company_id', '=', tenantId)
              .where('v.recruiter_id', '=', viewerId),
          ),
        ]),
      );
  }

  return {
    /** In loaded order (spec §2 redirects to the first): oldest first, then by id. */
    list(tenantId: string, viewerId: string): Promise<DashboardRow[]> {
      return visible(tenantId, viewerId).orderBy('d.created_at').orderBy('d.id').execute() as Promise<DashboardRow[]>;
    },

    find(tenantId: string, viewerId: string, id: string): Promise<DashboardRow | undefined> {
      return visible(tenantId, viewerId).where('d.id', '=', id).executeTakeFirst() as Promise<DashboardRow | undefined>;
    },

    async insert(tenantId: string, ownerId: string, id: string, fields: DashboardFields, now: Date): Promise<void> {
      await db
        .insertInto('dashboards')
        .values({
          id,
          company_id: tenantId,
          owner_id: ownerId,
          name: fields.name,
          color: fields.color,
          // Serialised here: pg would send a JS array as a PostgreSQL array, not as JSON.
          panels: JSON.stringify(fields.panels),
          global_query: JSON.stringify(fields.globalQuery),
          created_at: now,
          updated_at: now,
        })
        .execute();
    },

    async update(tenantId: string, id: string, fields: DashboardFields, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('dashboards')
        .set({ name: fields.name, color: fields.color, panels: JSON.stringify(fields.panels), global_query: JSON.stringify(fields.globalQuery), updated_at: now })
        .where('company_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(tenantId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('dashboards').where('company_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Whether `recruiterId` is a recruiter of the company (the database refuses others too, by foreign key). */
    async isRecruiter(tenantId: string, recruiterId: string): Promise<boolean> {
      const row = await db
        .selectFrom('accounts')
        .select('id')
        .where('company_id', '=', tenantId)
        .where('type', '=', 'recruiter')
        .where('id', '=', recruiterId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async share(tenantId: string, dashboardId: string, recruiterId: string): Promise<void> {
      await db
        .insertInto('dashboard_recruiters')
        .values({ company_id: tenantId, dashboard_id: dashboardId, recruiter_id: recruiterId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async unshare(tenantId: string, dashboardId: string, recruiterIds: readonly string[]): Promise<void> {
      if (recruiterIds.length === 0) return;
      await db
        .deleteFrom('dashboard_recruiters')
        .where('company_id', '=', tenantId)
        .where('dashboard_id', '=', dashboardId)
        .where('recruiter_id', 'in', [...recruiterIds])
        .execute();
    },

    /** The company's recruiters the share dialog offers (no passwords, no settings beyond the picture). */
    recruiters(tenantId: string) {
      return db
        .selectFrom('accounts')
        .select(['id', 'email', 'first_name', 'last_name', 'settings'])
        .where('company_id', '=', tenantId)
        .where('type', '=', 'recruiter')
        .orderBy('last_name')
        .orderBy('first_name')
        .orderBy('email')
        .execute();
    },

    /** Titles of the company's openings among `ids` (labels of the OPENING dimension and the filter). */
    openingTitles(tenantId: string, ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('openings').select(['id', 'title']).where('company_id', '=', tenantId).where('id', 'in', [...ids]).execute();
    },
  };
}
