import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';

export const AUDIT_ACTIONS = {
  applicationsExport: 'opening.applications.export',
  openingDelete: 'opening.delete',
  /** A recruiter downloaded an uploaded file (a candidate's CV). */
  fileDownload: 'file.download',
  // Team, account and admin (issue 13).
  teamInvite: 'team.invite',
  teamInvitationResend: 'team.invitation.resend',
  teamInvitationRevoke: 'team.invitation.revoke',
  teamRoleChange: 'team.role.change',
  teamRemove: 'team.remove',
  accountPasswordRotate: 'account.password.rotate',
  accountSessionsRevoke: 'account.sessions.revoke',
  adminCompanyCreate: 'admin.company.create',
  adminCompanySuspend: 'admin.company.suspend',
  adminCompanyReactivate: 'admin.company.reactivate',
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

export interface AuditEntry {
  companyId: string;
  actorId: string;
  action: AuditAction;
  openingId: string | null;
  /** Counts, categories, ids: never names, e-mails or other personal data. */
  details: Record<string, unknown>;
}

export type AuditLog = ReturnType<typeof createAuditLog>;

/** Append-only record of sensitive actions, per company. */
export function createAuditLog(db: Kysely<Database>) {
  return {
    async record(entry: AuditEntry): Promise<string> {
      const id = newId();
      await db
        .insertInto('audit_log')
        .values({ id, company_id: entry.companyId, actor_id: entry.actorId, action: entry.action, opening_id: entry.openingId, details: entry.details })
        .execute();
      return id;
    },
  };
}
