import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;

export function createCompanyRepository(db: Kysely<Database>) {
  return {
    find(id: string) {
      return db.selectFrom('companies').select(['id', 'name', 'settings']).where('id', '=', id).executeTakeFirst();
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
