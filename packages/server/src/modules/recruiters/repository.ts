import type { Kysely } from 'kysely';
import type { AccountRow, AccountSettings, Database } from '../../db/schema';

export type RecruiterRow = Omit<AccountRow, 'password_hash'>;

const COLUMNS = ['id', 'type', 'company_id', 'company_role', 'email', 'first_name', 'last_name', 'settings', 'created_at', 'updated_at', 'last_sign_in_at'] as const;

export type RecruiterRepository = ReturnType<typeof createRecruiterRepository>;

/** Recruiter accounts, always inside one company: every query takes the session's tenant. */
export function createRecruiterRepository(db: Kysely<Database>) {
  return {
    list(tenantId: string): Promise<RecruiterRow[]> {
      return db
        .selectFrom('accounts')
        .select(COLUMNS)
        .where('company_id', '=', tenantId)
        .where('type', '=', 'recruiter')
        .orderBy('last_name')
        .orderBy('first_name')
        .orderBy('id')
        .execute();
    },

    find(tenantId: string, id: string): Promise<RecruiterRow | undefined> {
      return db
        .selectFrom('accounts')
        .select(COLUMNS)
        .where('company_id', '=', tenantId)
        .where('type', '=', 'recruiter')
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async updateSettings(tenantId: string, id: string, settings: AccountSettings, now: Date): Promise<AccountSettings | undefined> {
      const row = await db
        .updateTable('accounts')
        .set({ settings, updated_at: now })
        .where('company_id', '=', tenantId)
        .where('id', '=', id)
        .returning('settings')
        .executeTakeFirst();
      return row?.settings;
    },
  };
}
