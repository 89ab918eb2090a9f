import type { AdminCompanyBody, AuditLogEntry, AuditLogQuery } from '@rec/core';
import { ERROR_KEYS } from '@rec/core';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { serverT } from '../../i18n/server-texts';
import { AUDIT_ACTIONS, type AuditLog } from '../audit/audit-log';
import { type AuthService, INVITATION_DAYS } from '../auth/service';
import type { Clock } from '../auth/tokens';
import type { DomainEvents } from '../domain-events/domain-events';
import type { Mailer } from '../mail/mailer';

export const AUDIT_PAGE_SIZE = 50;

export type AdminService = ReturnType<typeof createAdminService>;

/** A URL-safe slug of the company name, unique thanks to the id's tail. */
function slugOf(name: string, id: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'company'}-${id.slice(-6)}`;
}

/**
 * The admin area (issue 13): companies with their first owner, suspension, the audit log. Every
 * change is audited against the company it touches, with the admin as actor.
 */
export function createAdminService(deps: { db: Kysely<Database>; auth: AuthService; mailer: Mailer; audit: AuditLog; events: DomainEvents; now: Clock }) {
  const { db, auth, mailer, audit, events, now } = deps;

  async function setSuspended(admin: AuthContext, companyId: string, suspended: boolean) {
    const time = now();
    await db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('companies').set({ suspended_at: suspended ? time : null }).where('id', '=', companyId).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new HttpError(404, ERROR_KEYS.companyNotFound);
      // Suspension ends every session of the company's recruiters at once.
      if (suspended) {
        await trx
          .deleteFrom('sessions')
          .where('account_id', 'in', (eb) => eb.selectFrom('accounts').select('id').where('company_id', '=', companyId))
          .execute();
      }
    });
    events.emit({ type: 'COMPANY_CHANGED', companyId });
    await audit.record({
      companyId,
      actorId: admin.account.id,
      action: suspended ? AUDIT_ACTIONS.adminCompanySuspend : AUDIT_ACTIONS.adminCompanyReactivate,
      openingId: null,
      details: {},
    });
  }

  return {
    async listCompanies() {
      const companies = await db.selectFrom('companies').select(['id', 'name', 'suspended_at', 'created_at']).orderBy('name').orderBy('id').execute();
      const recruiters = await db
        .selectFrom('accounts')
        .select(['id', 'company_id', 'email', 'first_name', 'last_name', 'company_role', 'last_sign_in_at'])
        .where('type', '=', 'recruiter')
        .orderBy('last_name')
        .orderBy('first_name')
        .orderBy('id')
        .execute();
      return { companies, recruiters };
    },

    /** A new company and the invitation of its first owner, mailed in the company's language. */
    async createCompany(admin: AuthContext, body: AdminCompanyBody): Promise<{ _id: string }> {
      const time = now();
      const id = newId(time);
      await db.insertInto('companies').values({ id, name: body.name, slug: slugOf(body.name, id), settings: { language: body.language } }).execute();
      const { url } = await auth.createInvitation({ companyId: id, email: body.ownerEmail, role: 'owner', invitedBy: null });
      const t = serverT(body.language, 'teamMail.ownerInvitation');
      const values = { company: body.name, link: url, days: INVITATION_DAYS };
      await mailer.send({ to: body.ownerEmail, subject: t('subject', values), text: t('text', values) });
      await audit.record({ companyId: id, actorId: admin.account.id, action: AUDIT_ACTIONS.adminCompanyCreate, openingId: null, details: { language: body.language } });
      return { _id: id };
    },

    suspend: (admin: AuthContext, companyId: string) => setSuspended(admin, companyId, true),
    reactivate: (admin: AuthContext, companyId: string) => setSuspended(admin, companyId, false),

    /**
     * The audit log of every company and the platform's own entries (an admin's factor actions,
     * no company), newest first, filtered; one page of AUDIT_PAGE_SIZE.
     */
    async auditLog(query: AuditLogQuery): Promise<{ entries: AuditLogEntry[]; page: number; hasMore: boolean }> {
      const page = query.page ?? 1;
      let select = db
        .selectFrom('audit_log as a')
        .leftJoin('companies as c', 'c.id', 'a.company_id')
        .leftJoin('accounts as actor', 'actor.id', 'a.actor_id')
        .select(['a.id', 'a.action', 'a.company_id', 'c.name as company_name', 'a.actor_id', 'actor.email as actor_email', 'a.details', 'a.created_at']);
      if (query.action) select = select.where('a.action', '=', query.action);
      if (query.companyId) select = select.where('a.company_id', '=', query.companyId);
      if (query.from) select = select.where('a.created_at', '>=', new Date(`${query.from}T00:00:00.000Z`));
      if (query.to) select = select.where('a.created_at', '<', new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + 86_400_000));
      const rows = await select
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(AUDIT_PAGE_SIZE + 1)
        .offset((page - 1) * AUDIT_PAGE_SIZE)
        .execute();
      return {
        page,
        hasMore: rows.length > AUDIT_PAGE_SIZE,
        entries: rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
          _id: row.id,
          action: row.action,
          companyId: row.company_id,
          companyName: row.company_name,
          actorId: row.actor_id,
          actorEmail: row.actor_email,
          details: row.details,
          createdAt: new Date(row.created_at).toISOString(),
        })),
      };
    },

    /**
     * Every action the log can hold, for the filter's choices (issue 26: an action not yet recorded is
     * still offered, without a reload), plus any older action still in the log.
     */
    async auditActions(): Promise<string[]> {
      const rows = await db.selectFrom('audit_log').select('action').distinct().execute();
      return [...new Set<string>([...Object.values(AUDIT_ACTIONS), ...rows.map((row) => row.action)])].sort();
    },
  };
}
