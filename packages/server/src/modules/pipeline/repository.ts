import type { PipelineSort, PipelineSource } from '@rec/core/pipeline';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { candidateTitles } from '../applications/candidate-title';
import { withdrawnSql } from '../withdrawal/withdrawn-sql';

/** One application of an opening as the pipeline shows it. */
export interface PipelineRow {
  id: string;
  candidate_id: string;
  first_name: string;
  last_name: string;
  email: string;
  language: string;
  stage: string;
  stage_since: Date;
  applied_at: Date;
  source: PipelineSource;
  /** The candidate withdrew this application themselves. */
  withdrawn: boolean;
  /** Its personal data was removed (anonymised): no name, and the placeholder address is not shown. */
  removed: boolean;
}

export interface PipelineFilter {
  stage?: string | undefined;
  stepStatus?: string | undefined;
  source?: PipelineSource | undefined;
  /** Part of the campaign's source, medium or name (issue 30). */
  campaign?: string | undefined;
  q?: string | undefined;
  sort: PipelineSort;
  /** Ids of the company's stages in order (sort by stage; unknown stages last). */
  stageOrder: readonly string[];
  /** The first stage: where an application without any stage event stands. */
  firstStage: string;
}

export interface NewStageEvent {
  id: string;
  companyId: string;
  applicationId: string;
  stage: string;
  enteredAt: Date;
  /** Null: not a recruiter (the candidate's own withdrawal). */
  actorId: string | null;
  reason: string | null;
}

/** `%` and `_` typed by a recruiter are literal characters, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export type PipelineRepository = ReturnType<typeof createPipelineRepository>;

/**
 * SQL of the pipeline. Every query is scoped by the session's company and the opening (through
 * its postings' channels). The current stage is the one row per application that the stage
 * history's trigger keeps (application_pipeline); a missing row means the first stage.
 */
export function createPipelineRepository(db: Kysely<Database>) {
  /** The applications of the opening with their stage and source, as a subquery the filters and pages read. */
  function applicationsOf(companyId: string, openingId: string, firstStage: string): RawBuilder<unknown> {
    return sql`(select a.id, a.candidate_id, a.language, a.created_at as applied_at,
        coalesce(a.form->>'firstName', '') as first_name, coalesce(a.form->>'lastName', '') as last_name,
        case when a.anonymised_at is null then cand.email else '' end as email, (a.anonymised_at is not null) as removed,
        coalesce(ap.current_stage, ${firstStage}) as stage, coalesce(ap.current_since, a.created_at) as stage_since,
        case when a.form->>'source' = 'INDEED' then 'INDEED' when a.referral_code is not null then 'REFERRAL' else c.kind end as source,
        ${withdrawnSql('a.id')} as withdrawn, a.utm_source, a.utm_medium, a.utm_campaign
      from applications a
      join channels c on c.company_id = a.company_id and c.id = a.channel_id
      join postings p on p.company_id = c.company_id and p.id = c.posting_id
      join candidates cand on cand.company_id = a.company_id and cand.id = a.candidate_id
      left join application_pipeline ap on ap.application_id = a.id and ap.company_id = a.company_id
      where a.company_id = ${companyId} and p.opening_id = ${openingId})`;
  }

  function conditions(companyId: string, filter: PipelineFilter): RawBuilder<unknown> {
    const parts: RawBuilder<unknown>[] = [sql`true`];
    if (filter.stage) parts.push(sql`x.stage = ${filter.stage}`);
    if (filter.source) parts.push(sql`x.source = ${filter.source}`);
    if (filter.campaign) {
      const pattern = likePattern(filter.campaign);
      parts.push(sql`(x.utm_source ilike ${pattern} or x.utm_medium ilike ${pattern} or x.utm_campaign ilike ${pattern})`);
    }
    if (filter.q) {
      const pattern = likePattern(filter.q);
      parts.push(sql`(x.email ilike ${pattern} or (x.first_name || ' ' || x.last_name) ilike ${pattern} or (x.last_name || ' ' || x.first_name) ilike ${pattern})`);
    }
    if (filter.stepStatus) {
      parts.push(sql`exists (select 1 from application_steps s where s.company_id = ${companyId} and s.application_id = x.id and s.status = ${filter.stepStatus})`);
    }
    return sql.join(parts, sql` and `);
  }

  function orderOf(filter: PipelineFilter): RawBuilder<unknown> {
    const stageRank = sql`coalesce(array_position(array[${sql.join(filter.stageOrder.map((id) => sql`${id}::text`))}], x.stage), 1000)`;
    switch (filter.sort) {
      case 'appliedAt':
        return sql`x.applied_at asc, x.id asc`;
      case 'name':
        return sql`lower(x.last_name) asc, lower(x.first_name) asc, x.id asc`;
      case '-name':
        return sql`lower(x.last_name) desc, lower(x.first_name) desc, x.id desc`;
      case 'stage':
        return sql`${stageRank} asc, x.stage_since asc, x.id asc`;
      case 'stageSince':
        return sql`x.stage_since asc, x.id asc`;
      case '-stageSince':
        return sql`x.stage_since desc, x.id desc`;
      default:
        return sql`x.applied_at desc, x.id desc`;
    }
  }

  return {
    /** The company's stored settings and name (stages, mail templates' company name). */
    async company(companyId: string): Promise<{ name: string; settings: Record<string, unknown> } | undefined> {
      const row = await db.selectFrom('companies').select(['name', 'settings']).where('id', '=', companyId).executeTakeFirst();
      return row ? { name: row.name, settings: (row.settings ?? {}) as Record<string, unknown> } : undefined;
    },

    /** Applications per current stage, for the whole opening (filters do not change the columns' counts). */
    async stageCounts(companyId: string, openingId: string, firstStage: string): Promise<Map<string, number>> {
      const { rows } = await sql<{ stage: string; n: number }>`select x.stage, count(*)::int as n from ${applicationsOf(companyId, openingId, firstStage)} x group by x.stage`.execute(db);
      return new Map(rows.map((row) => [row.stage, row.n]));
    },

    /** One page of the filtered applications and their total. */
    async page(companyId: string, openingId: string, filter: PipelineFilter, limit: number, offset: number): Promise<{ rows: PipelineRow[]; total: number }> {
      const from = applicationsOf(companyId, openingId, filter.firstStage);
      const where = conditions(companyId, filter);
      const [items, count] = await Promise.all([
        sql<PipelineRow>`select x.* from ${from} x where ${where} order by ${orderOf(filter)} limit ${limit} offset ${offset}`.execute(db),
        sql<{ n: number }>`select count(*)::int as n from ${from} x where ${where}`.execute(db),
      ]);
      return { rows: items.rows, total: count.rows[0]?.n ?? 0 };
    },

    /** The board: the first `perStage` applications of every stage (in the filter's order), one query. */
    async board(companyId: string, openingId: string, filter: PipelineFilter, perStage: number): Promise<{ rows: PipelineRow[]; total: number }> {
      const from = applicationsOf(companyId, openingId, filter.firstStage);
      const where = conditions(companyId, filter);
      const [items, count] = await Promise.all([
        sql<PipelineRow>`select y.id, y.candidate_id, y.first_name, y.last_name, y.email, y.language, y.stage, y.stage_since, y.applied_at, y.source, y.withdrawn, y.removed
          from (select x.*, row_number() over (partition by x.stage order by ${orderOf(filter)}) as rank from ${from} x where ${where}) y
          where y.rank <= ${perStage} order by y.stage, y.rank`.execute(db),
        sql<{ n: number }>`select count(*)::int as n from ${from} x where ${where}`.execute(db),
      ]);
      return { rows: items.rows, total: count.rows[0]?.n ?? 0 };
    },

    /** The job titles the candidates of these applications read (their mails never name the opening's internal title). */
    candidateTitles: (companyId: string, applicationIds: readonly string[]) => candidateTitles(db, companyId, applicationIds),

    /** The steps of these applications in process order. */
    async steps(companyId: string, applicationIds: readonly string[]): Promise<Array<{ application_id: string; product: string; status: string }>> {
      if (!applicationIds.length) return [];
      return db
        .selectFrom('application_steps')
        .select(['application_id', 'product', 'status'])
        .where('company_id', '=', companyId)
        .where('application_id', 'in', [...applicationIds])
        .orderBy('application_id')
        .orderBy('position')
        .execute();
    },

    /** These applications when they belong to the opening (others are simply absent). */
    async applications(companyId: string, openingId: string, firstStage: string, applicationIds: readonly string[]): Promise<PipelineRow[]> {
      if (!applicationIds.length) return [];
      const ids = sql.join(applicationIds.map((id) => sql`${id}`));
      const { rows } = await sql<PipelineRow>`select x.* from ${applicationsOf(companyId, openingId, firstStage)} x where x.id in (${ids})`.execute(db);
      return rows;
    },

    /** Appends stage events in one transaction (the trigger moves each application's current stage). */
    async insertStageEvents(events: readonly NewStageEvent[]): Promise<void> {
      if (!events.length) return;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < events.length; i += 200) {
          await trx
            .insertInto('application_stage_events')
            .values(
              events.slice(i, i + 200).map((event) => ({
                id: event.id,
                company_id: event.companyId,
                application_id: event.applicationId,
                stage: event.stage,
                entered_at: event.enteredAt,
                actor_id: event.actorId,
                reason: event.reason,
              })),
            )
            .execute();
        }
      });
    },

    /** Records a mail sent to the candidate of an application (the subject only). */
    async recordMail(mail: { id: string; companyId: string; applicationId: string; actorId: string | null; kind: string; language: string; subject: string }): Promise<void> {
      await db
        .insertInto('application_mails')
        .values({ id: mail.id, company_id: mail.companyId, application_id: mail.applicationId, actor_id: mail.actorId, kind: mail.kind, language: mail.language, subject: mail.subject })
        .execute();
    },
  };
}
