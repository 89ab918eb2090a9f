import type { LogoMask } from '@rec/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export type LogoRepository = ReturnType<typeof createLogoRepository>;

const COLUMNS = ['id', 'company_id', 'name', 'mask', 'storage_key', 'content_type', 'width', 'height', 'byte_size', 'is_default', 'created_at'] as const;

/** Postgres' unique violation: the name index (or the one-default index) refused the write. */

export function createLogoRepository(db: Kysely<Database>) {
  return {
    list(companyId: string) {
      return db.selectFrom('company_logos').select(COLUMNS).where('company_id', '=', companyId).orderBy('created_at').orderBy('id').execute();
    },

    find(companyId: string, id: string) {
      return db.selectFrom('company_logos').select(COLUMNS).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    },

    /** The public image: by id alone (logos are public), without the company's other data. */
    findPublic(id: string) {
      return db.selectFrom('company_logos').select(['storage_key', 'content_type', 'byte_size']).where('id', '=', id).executeTakeFirst();
    },

    findDefault(companyId: string) {
      return db.selectFrom('company_logos').select(COLUMNS).where('company_id', '=', companyId).where('is_default', '=', true).executeTakeFirst();
    },

    nameTaken(companyId: string, name: string, exceptId?: string) {
      let query = db.selectFrom('company_logos').select('id').where('company_id', '=', companyId).where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
      if (exceptId) query = query.where('id', '!=', exceptId);
      return query.executeTakeFirst().then(Boolean);
    },

    /** The first logo of a company becomes its default: a company with logos always shows one. */
    async insert(row: { id: string; company_id: string; name: string; mask: 'WHITE' | 'BLACK'; storage_key: string; content_type: string; width: number; height: number; byte_size: number }) {
      return db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('company_logos').select('id').where('company_id', '=', row.company_id).limit(1).executeTakeFirst();
        await trx
          .insertInto('company_logos')
          .values({ ...row, is_default: !existing })
          .execute();
      });
    },

    async update(companyId: string, id: string, changes: { name: string; mask?: 'WHITE' | 'BLACK' | undefined }) {
      const result = await db
        .updateTable('company_logos')
        .set({ name: changes.name, ...(changes.mask ? { mask: changes.mask } : {}) })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** One default per company: clear the old one, then set the new one, in one transaction. */
    async setDefault(companyId: string, id: string) {
      return db.transaction().execute(async (trx) => {
        const found = await trx.selectFrom('company_logos').select('id').where('company_id', '=', companyId).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!found) return false;
        await trx.updateTable('company_logos').set({ is_default: false }).where('company_id', '=', companyId).where('is_default', '=', true).execute();
        await trx.updateTable('company_logos').set({ is_default: true }).where('company_id', '=', companyId).where('id', '=', id).execute();
        return true;
      });
    },

    /**
     * Copies the default logo into the company's settings (`logoUrl` for JSON-LD, `logoImage`
     * with its size for the widgets), so public answers read it with the company row they already
     * load; without a default both go.
     */
    async syncDefault(companyId: string, image: { url: string; width: number; height: number; mask: LogoMask } | null) {
      const settings = image
        ? sql`settings || ${JSON.stringify({ logoUrl: image.url, logoImage: image })}::jsonb`
        : // A logoUrl set by other means (the demo's static file) stays; one of our logos goes with it.
          sql`(case when settings->>'logoUrl' like '%/v2/logos/%' then settings - 'logoUrl' else settings end) - 'logoImage'`;
      await db.updateTable('companies').set({ settings: settings as never }).where('id', '=', companyId).execute();
    },

    /** Deletes the logo; when it was the default, the oldest remaining logo takes its place. Returns its storage key. */
    async remove(companyId: string, id: string) {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('company_logos')
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .returning(['storage_key', 'is_default'])
          .executeTakeFirst();
        if (!removed) return undefined;
        if (removed.is_default) {
          const next = await trx.selectFrom('company_logos').select('id').where('company_id', '=', companyId).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
          if (next) await trx.updateTable('company_logos').set({ is_default: true }).where('id', '=', next.id).execute();
        }
        return removed.storage_key;
      });
    },
  };
}
