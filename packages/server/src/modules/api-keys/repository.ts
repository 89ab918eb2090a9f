import type { ApiKeyScopes } from '@rec/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface NewApiKey {
  id: string;
  companyId: string;
  createdBy: string;
  name: string;
  scopes: ApiKeyScopes;
  tokenHash: string;
  hint: string;
  expiresAt: Date | null;
}

/** The `api_keys` table, every query scoped by company except the look-up of a presented token. */
export function createApiKeyRepository(db: Kysely<Database>) {
  const listed = () =>
    db
      .selectFrom('api_keys as k')
      .leftJoin('accounts as a', 'a.id', 'k.created_by')
      .select(['k.id', 'k.name', 'k.scopes', 'k.hint', 'k.created_at', 'k.last_used_at', 'k.expires_at', 'k.revoked_at', 'k.created_by', 'a.first_name', 'a.last_name']);
  return {
    async insert(key: NewApiKey): Promise<void> {
      await db
        .insertInto('api_keys')
        .values({
          id: key.id,
          company_id: key.companyId,
          created_by: key.createdBy,
          name: key.name,
          scopes: JSON.stringify(key.scopes),
          token_hash: key.tokenHash,
          hint: key.hint,
          expires_at: key.expiresAt,
        })
        .execute();
    },

    list(companyId: string) {
      return listed().where('k.company_id', '=', companyId).orderBy('k.created_at', 'desc').orderBy('k.id', 'desc').execute();
    },

    find(companyId: string, id: string) {
      return listed().where('k.company_id', '=', companyId).where('k.id', '=', id).executeTakeFirst();
    },

    /** Revokes a live key of the company; false when there is none by that id (or it is revoked already). */
    async revoke(companyId: string, id: string, at: Date): Promise<boolean> {
      const result = await db.updateTable('api_keys').set({ revoked_at: at }).where('company_id', '=', companyId).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** A presented token's key with its creator's account and whether the company is suspended. */
    findByHash(tokenHash: string) {
      return db
        .selectFrom('api_keys as k')
        .innerJoin('accounts', 'accounts.id', 'k.created_by')
        .innerJoin('companies as c', 'c.id', 'k.company_id')
        .selectAll('accounts')
        .select([
          'k.id as key_id',
          'k.company_id as key_company_id',
          'k.name as key_name',
          'k.scopes as key_scopes',
          'k.expires_at as key_expires_at',
          'k.revoked_at as key_revoked_at',
          'k.last_used_at as key_last_used_at',
          'c.suspended_at as company_suspended_at',
        ])
        .where('k.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async touch(id: string, at: Date): Promise<void> {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    },
  };
}
export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
