import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type BrandingRepository = ReturnType<typeof createBrandingRepository>;

export function createBrandingRepository(db: Kysely<Database>) {
  return {
    /** The settings of a company that is not suspended (a suspended company shows nothing in public, issue 13). */
    async findActiveSettings(companyId: string): Promise<Record<string, unknown> | undefined> {
      const row = await db.selectFrom('companies').select('settings').where('id', '=', companyId).where('suspended_at', 'is', null).executeTakeFirst();
      return row ? ((row.settings ?? {}) as Record<string, unknown>) : undefined;
    },
  };
}
