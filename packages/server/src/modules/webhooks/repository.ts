import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** A delivery claimed for one try, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  companyId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  payload: string;
  /** Tries so far, this one included (the claim counts it: a worker dying mid-send still used a try). */
  attempts: number;
  url: string;
  sealedSecret: string;
}

/** What one try found out. */
export interface TryResult {
  status: number | null;
  latencyMs: number | null;
  excerpt: string | null;
  error: string | null;
}

export interface NewDelivery {
  id: string;
  companyId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  payload: string;
  createdAt: Date;
}

/** Every query names the company: a webhook of one company is never seen from another. */
export function createWebhookRepository(db: Kysely<Database>) {
  return {
    async listEndpoints(companyId: string): Promise<EndpointRow[]> {
      return db.selectFrom('webhook_endpoints').selectAll().where('company_id', '=', companyId).orderBy('created_at').orderBy('id').execute();
    },

    async findEndpoint(companyId: string, id: string): Promise<EndpointRow | undefined> {
      return db.selectFrom('webhook_endpoints').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    },

    async countEndpoints(companyId: string): Promise<number> {
      const row = await db.selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertEndpoint(row: { id: string; companyId: string; url: string; events: readonly string[]; sealedSecret: string; active: boolean; createdAt: Date }): Promise<void> {
      await db
        .insertInto('webhook_endpoints')
        .values({ id: row.id, company_id: row.companyId, url: row.url, events: JSON.stringify(row.events), secret: row.sealedSecret, active: row.active, created_at: row.createdAt })
        .execute();
    },

    async updateEndpoint(
      companyId: string,
      id: string,
      patch: { url?: string; events?: readonly string[]; active?: boolean; sealedSecret?: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('webhook_endpoints')
        .set({
          ...(patch.url !== undefined ? { url: patch.url } : {}),
          ...(patch.events !== undefined ? { events: JSON.stringify(patch.events) } : {}),
          ...(patch.sealedSecret !== undefined ? { secret: patch.sealedSecret } : {}),
          // Turned on by hand: the run of failures that turned it off starts over.
          ...(patch.active !== undefined ? { active: patch.active, ...(patch.active ? { failure_streak: 0, disabled_at: null } : {}) } : {}),
        })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async deleteEndpoint(companyId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('webhook_endpoints').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The active endpoints of the company subscribed to `eventType`. */
    async subscribers(companyId: string, eventType: string): Promise<string[]> {
      const rows = await db
        .selectFrom('webhook_endpoints')
        .select('id')
        .where('company_id', '=', companyId)
        .where('active', '=', true)
        .where(sql<boolean>`events @> ${JSON.stringify([eventType])}::jsonb`)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Queues deliveries, due at once. */
    async insertDeliveries(rows: readonly NewDelivery[]): Promise<void> {
      if (!rows.length) return;
      await db
        .insertInto('webhook_deliveries')
        .values(
          rows.map((row) => ({
            id: row.id,
            company_id: row.companyId,
            endpoint_id: row.endpointId,
            event_id: row.eventId,
            event_type: row.eventType,
            payload: row.payload,
            next_attempt_at: row.createdAt,
            created_at: row.createdAt,
          })),
        )
        .execute();
    },

    async listDeliveries(companyId: string, endpointId: string, limit: number): Promise<DeliveryRow[]> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('endpoint_id', '=', endpointId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async findDelivery(companyId: string, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('endpoint_id', '=', endpointId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Claims up to `limit` due deliveries for one try each: `FOR UPDATE SKIP LOCKED` lets workers
     * of several instances claim at once without taking the same row, and the lease
     * (`locked_until`) hands a row whose worker died to the next claim once it ran out. Only
     * active endpoints' rows are due: those of an endpoint that is off wait until it is on again.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhook_endpoints as e', (join) => join.onRef('e.company_id', '=', 'd.company_id').onRef('e.id', '=', 'd.endpoint_id'))
          .select('d.id')
          .where('d.status', '=', 'pending')
          .where('d.next_attempt_at', '<=', now)
          .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<=', now)]))
          .where('e.active', '=', true)
          .orderBy('d.next_attempt_at')
          .limit(limit)
          .forUpdate('d')
          .skipLocked()
          .execute();
        if (!due.length) return [];
        const claimed = await trx
          .updateTable('webhook_deliveries')
          .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
          .where(
            'id',
            'in',
            due.map((row) => row.id),
          )
          .returning(['id', 'company_id', 'endpoint_id', 'event_id', 'event_type', 'payload', 'attempts'])
          .execute();
        const endpoints = await trx
          .selectFrom('webhook_endpoints')
          .select(['id', 'url', 'secret'])
          .where('id', 'in', [...new Set(claimed.map((row) => row.endpoint_id))])
          .execute();
        const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
        return claimed.flatMap((row) => {
          const endpoint = byId.get(row.endpoint_id);
          if (!endpoint) return [];
          return [
            {
              id: row.id,
              companyId: row.company_id,
              endpointId: row.endpoint_id,
              eventId: row.event_id,
              eventType: row.event_type,
              payload: row.payload,
              attempts: row.attempts,
              url: endpoint.url,
              sealedSecret: endpoint.secret,
            },
          ];
        });
      });
    },

    /** Records a try's outcome: delivered, due again at `nextAttemptAt`, or dead (no next try). */
    async recordTry(id: string, outcome: TryResult & { state: 'delivered' | 'pending' | 'dead'; nextAttemptAt: Date | null; at: Date }): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({
          status: outcome.state,
          next_attempt_at: outcome.nextAttemptAt,
          locked_until: null,
          last_status: outcome.status,
          latency_ms: outcome.latencyMs,
          response_excerpt: outcome.excerpt,
          error: outcome.error,
          ...(outcome.state === 'delivered' ? { delivered_at: outcome.at } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    async resetStreak(endpointId: string): Promise<void> {
      await db.updateTable('webhook_endpoints').set({ failure_streak: 0 }).where('id', '=', endpointId).where('failure_streak', '>', 0).execute();
    },

    /**
     * Counts a failed try; answers true when this failure turned the endpoint off (once: the row
     * is only updated while still active, so two workers failing at once disable it once).
     */
    async countFailure(endpointId: string, disableAfter: number, at: Date): Promise<boolean> {
      const row = await db
        .updateTable('webhook_endpoints')
        .set((eb) => ({ failure_streak: eb('failure_streak', '+', 1) }))
        .where('id', '=', endpointId)
        .returning(['failure_streak', 'active'])
        .executeTakeFirst();
      if (!row?.active || row.failure_streak < disableAfter) return false;
      const disabled = await db
        .updateTable('webhook_endpoints')
        .set({ active: false, disabled_at: at })
        .where('id', '=', endpointId)
        .where('active', '=', true)
        .executeTakeFirst();
      return Number(disabled.numUpdatedRows) > 0;
    },

    async companyName(companyId: string): Promise<string> {
      const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
      return row?.name ?? '';
    },

    /** The owners to tell when the company's endpoint was turned off. */
    async ownersOf(companyId: string): Promise<Array<{ email: string; language: string | undefined }>> {
      const rows = await db
        .selectFrom('accounts')
        .select(['email', 'settings'])
        .where('company_id', '=', companyId)
        .where('type', '=', 'recruiter')
        .where('company_role', '=', 'owner')
        .execute();
      return rows.map((row) => ({ email: row.email, language: typeof row.settings?.language === 'string' ? row.settings.language : undefined }));
    },
  };
}

export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
