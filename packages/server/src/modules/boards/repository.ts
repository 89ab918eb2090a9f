import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface BoardWithCompany {
  id: string;
  companyId: string;
  companyName: string;
  /** The company's settings: the default logo (`logoImage`) shows on the board. */
  companySettings: Record<string, unknown>;
  name: string;
  names: Partial<Record<string, string>>;
  language: string;
  spontaneousChannelId: string | null;
}

export type BoardRepository = ReturnType<typeof createBoardRepository>;

export function createBoardRepository(db: Kysely<Database>) {
  return {
    /** A board by id with its company. The public board id is the entry point: it names the tenant. */
    async findBoard(boardId: string): Promise<BoardWithCompany | undefined> {
      return db
        .selectFrom('boards as b')
        .innerJoin('companies as co', 'co.id', 'b.company_id')
        .select([
          'b.id',
          'b.company_id as companyId',
          'co.name as companyName',
          'co.settings as companySettings',
          'b.name',
          'b.names',
          'b.language',
          'b.spontaneous_channel_id as spontaneousChannelId',
        ])
        .where('b.id', '=', boardId)
        // A suspended company's boards answer 404 (issue 13).
        .where('co.suspended_at', 'is', null)
        .executeTakeFirst();
    },
  };
}
