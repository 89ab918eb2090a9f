import type { DomainEvents } from '../domain-events/domain-events';
import { ERROR_KEYS, fullName, type Team, type TeamInviteBody, type CompanyRole, toLocale } from '@rec/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type AuthContext, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { AUDIT_ACTIONS, type AuditLog } from '../audit/audit-log';
import { type AuthService, INVITATION_DAYS } from '../auth/service';
import { addMs, type Clock, DAY, newToken, tokenHash } from '../auth/tokens';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/templates';
import { lockedMember, type TeamRepository } from './repository';

export type TeamService = ReturnType<typeof createTeamService>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The company's team (issue 13): list, invite, resend, revoke, change role, remove. The route
 * checks TEAM:MANAGE; here the rules: one company only (the session's), and never without an owner.
 */
export function createTeamService(deps: {
  repository: TeamRepository;
  auth: AuthService;
  mailer: Mailer;
  audit: AuditLog;
  publicUrl: string;
  now: Clock;
  events?: DomainEvents;
}) {
  const { repository, auth, mailer, audit, publicUrl, now, events } = deps;

  async function companyOf(tenantId: string) {
    const company = await repository.company(tenantId);
    if (!company) throw new HttpError(404, ERROR_KEYS.companyNotFound);
    return company;
  }

  /** One member changed under the owner lock; 404 for another company's account, 409 for the last owner. */
  async function changeMember(tenantId: string, id: string, change: (trx: Kysely<Database>, member: { id: string; company_role: CompanyRole }, ownerCount: number) => Promise<void>) {
    await repository.db.transaction().execute(async (trx) => {
      const { member, ownerCount } = await lockedMember(trx, tenantId, id);
      if (!member) throw new HttpError(404, ERROR_KEYS.recruiterNotFound);
      await change(trx, member, ownerCount);
    });
  }

  return {
    async list(session: AuthContext): Promise<Team> {
      const tenantId = tenantOf(session);
      const [members, invitations] = await Promise.all([repository.members(tenantId), repository.pendingInvitations(tenantId)]);
      const time = now().getTime();
      return {
        members: members.map((row) => ({
          _id: row.id,
          email: row.email,
          fullName: fullName(row.first_name, row.last_name),
          role: row.company_role ?? 'viewer',
          lastSignInAt: iso(row.last_sign_in_at),
          you: row.id === session.account.id,
        })),
        invitations: invitations.map((row) => ({
          _id: row.id,
          email: row.email,
          role: row.company_role,
          createdAt: iso(row.created_at) ?? '',
          expiresAt: iso(row.expires_at) ?? '',
          expired: new Date(row.expires_at).getTime() <= time,
        })),
      };
    },

    /** Mails a 7-day invitation; an earlier pending invitation of the same address is replaced. */
    async invite(session: AuthContext, body: TeamInviteBody): Promise<{ _id: string }> {
      const tenantId = tenantOf(session);
      const company = await companyOf(tenantId);
      if (await repository.isMember(tenantId, body.email)) throw new HttpError(409, ERROR_KEYS.alreadyMember);
      await repository.deletePendingInvitationsOf(tenantId, body.email);
      const { invitationLink } = await auth.sendInvitation({
        companyId: tenantId,
        companyName: company.name,
        language: toLocale(company.settings.language) ?? undefined,
        email: body.email,
        role: body.role,
        invitedBy: session.account.id,
      });
      const row = await repository.db.selectFrom('invitations').select('id').where('token_hash', '=', tokenHash(invitationLink)).executeTakeFirstOrThrow();
      await audit.record({ companyId: tenantId, actorId: session.account.id, action: AUDIT_ACTIONS.teamInvite, openingId: null, details: { invitationId: row.id, role: body.role } });
      return { _id: row.id };
    },

    /** A new link (the old one stops working) and 7 more days, mailed again. */
    async resend(session: AuthContext, id: string): Promise<void> {
      const tenantId = tenantOf(session);
      const company = await companyOf(tenantId);
      const invitation = await repository.findPendingInvitation(tenantId, id);
      if (!invitation) throw new HttpError(404, ERROR_KEYS.invitationNotFound);
      const token = newToken();
      if (!(await repository.renewInvitation(tenantId, id, tokenHash(token), addMs(now(), INVITATION_DAYS * DAY)))) throw new HttpError(404, ERROR_KEYS.invitationNotFound);
      await mailer.send(
        renderMail('invitation', toLocale(company.settings.language) ?? undefined, invitation.email, { link: `${publicUrl}/invite/${token}`, company: company.name, days: INVITATION_DAYS }),
      );
      await audit.record({ companyId: tenantId, actorId: session.account.id, action: AUDIT_ACTIONS.teamInvitationResend, openingId: null, details: { invitationId: id } });
    },

    async revoke(session: AuthContext, id: string): Promise<void> {
      const tenantId = tenantOf(session);
      if (!(await repository.deletePendingInvitation(tenantId, id))) throw new HttpError(404, ERROR_KEYS.invitationNotFound);
      await audit.record({ companyId: tenantId, actorId: session.account.id, action: AUDIT_ACTIONS.teamInvitationRevoke, openingId: null, details: { invitationId: id } });
    },

    async changeRole(session: AuthContext, id: string, role: CompanyRole): Promise<void> {
      const tenantId = tenantOf(session);
      let from: CompanyRole | undefined;
      await changeMember(tenantId, id, async (trx, member, ownerCount) => {
        from = member.company_role;
        if (member.company_role === role) return;
        if (member.company_role === 'owner' && ownerCount <= 1) throw new HttpError(409, ERROR_KEYS.lastOwner);
        await trx.updateTable('accounts').set({ company_role: role, updated_at: now() }).where('company_id', '=', tenantId).where('id', '=', id).execute();
      });
      if (from !== role) {
        // The member's open tabs reload their permissions (REFRESH_RESOURCE recruiter).
        events?.emit({ type: 'RECRUITER_CHANGED', companyId: tenantId, accountId: id });
        await audit.record({ companyId: tenantId, actorId: session.account.id, action: AUDIT_ACTIONS.teamRoleChange, openingId: null, details: { recruiterId: id, from, to: role } });
      }
    },

    /** Deletes the recruiter's account in this company: their sessions end with it (cascade). */
    async remove(session: AuthContext, id: string): Promise<void> {
      const tenantId = tenantOf(session);
      let role: CompanyRole | undefined;
      await changeMember(tenantId, id, async (trx, member, ownerCount) => {
        role = member.company_role;
        if (member.company_role === 'owner' && ownerCount <= 1) throw new HttpError(409, ERROR_KEYS.lastOwner);
        await trx.deleteFrom('sessions').where('account_id', '=', id).execute();
        await trx.deleteFrom('accounts').where('company_id', '=', tenantId).where('id', '=', id).execute();
      });
      events?.emit({ type: 'SESSIONS_ENDED', companyId: tenantId, accountId: id });
      await audit.record({ companyId: tenantId, actorId: session.account.id, action: AUDIT_ACTIONS.teamRemove, openingId: null, details: { recruiterId: id, role } });
    },
  };
}
