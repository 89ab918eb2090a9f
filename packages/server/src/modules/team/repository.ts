import type { Kysely } from 'kysely';
import type { CompanyRoleValue, Database } from '../../db/schema';

export type TeamRepository = ReturnType<typeof createTeamRepository>;

/** The recruiters and pending invitations of one company: every query takes the session's tenant. */
export function createTeamRepository(db: Kysely<Database>) {
  return {
    db,

    members(tenantId: string) {
      return db
        .selectFrom('accounts')
        .select(['id', 'email', 'first_name', 'last_name', 'company_role', 'last_sign_in_at'])
        .where('company_id', '=', tenantId)
        .where('type', '=', 'recruiter')
        .orderBy('last_name')
        .orderBy('first_name')
        .orderBy('id')
        .execute();
    },

    pendingInvitations(tenantId: string) {
      return db
        .selectFrom('invitations')
        .select(['id', 'email', 'company_role', 'created_at', 'expires_at'])
        .where('company_id', '=', tenantId)
        .where('accepted_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    findPendingInvitation(tenantId: string, id: string) {
      return db
        .selectFrom('invitations')
        .select(['id', 'email', 'company_role'])
        .where('company_id', '=', tenantId)
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Pending invitations of an email in the company (a new one replaces them). */
    async deletePendingInvitationsOf(tenantId: string, email: string): Promise<void> {
      await db.deleteFrom('invitations').where('company_id', '=', tenantId).where('email', '=', email).where('accepted_at', 'is', null).execute();
    },

    async renewInvitation(tenantId: string, id: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
      const result = await db
        .updateTable('invitations')
        .set({ token_hash: tokenHash, expires_at: expiresAt })
        .where('company_id', '=', tenantId)
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async deletePendingInvitation(tenantId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('invitations').where('company_id', '=', tenantId).where('id', '=', id).where('accepted_at', 'is', null).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async isMember(tenantId: string, email: string): Promise<boolean> {
      const row = await db.selectFrom('accounts').select('id').where('company_id', '=', tenantId).where('email', '=', email).executeTakeFirst();
      return !!row;
    },

    company(tenantId: string) {
      return db.selectFrom('companies').select(['id', 'name', 'settings']).where('id', '=', tenantId).executeTakeFirst();
    },
  };
}

/**
 * Changes a member inside a transaction that locks the company's owner rows first, so two
 * concurrent demotions cannot leave the company without an owner.
 */
export async function lockedMember(trx: Kysely<Database>, tenantId: string, id: string) {
  const owners = await trx
    .selectFrom('accounts')
    .select('id')
    .where('company_id', '=', tenantId)
    .where('type', '=', 'recruiter')
    .where('company_role', '=', 'owner')
    .forUpdate()
    .execute();
  const member = await trx
    .selectFrom('accounts')
    .select(['id', 'company_role'])
    .where('company_id', '=', tenantId)
    .where('type', '=', 'recruiter')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return { ownerCount: owners.length, member: member as { id: string; company_role: CompanyRoleValue } | undefined };
}
