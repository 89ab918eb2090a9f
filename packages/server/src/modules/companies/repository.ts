import { type Kysely, sql } from 'kysely';
import type { CompanySettings, Database } from '../../db/schema';

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;

export function createCompanyRepository(db: Kysely<Database>) {
  return {
    find(id: string) {
      return db.selectFrom('companies').select(['id', 'name', 'settings']).where('id', '=', id).executeTakeFirst();
    },

    /**
     * Writes the name and the changed settings keys. The jsonb merge (`||`) happens in one
     * statement, so two recruiters saving different keys at once do not undo each other.
     */
    async updateSettings(id: string, changes: { name?: string | undefined; settings: CompanySettings }) {
      const result = await db
        .updateTable('companies')
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          settings: sql<CompanySettings>`settings || ${JSON.stringify(changes.settings)}::jsonb`,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Admin overview: every company with its recruiters (no tenant filter, admins only). */
    async listWithRecruiters() {
      const companies = await db.selectFrom('companies').select(['id', 'name']).orderBy('name').orderBy('id').execute();
      const recruiters = await db
        .selectFrom('accounts')
        .select(['id', 'company_id', 'email', 'first_name', 'last_name', 'company_role'])
        .where('type', '=', 'recruiter')
        .orderBy('last_name')
        .orderBy('first_name')
        .orderBy('id')
        .execute();
      return { companies, recruiters };
    },
  };
}
