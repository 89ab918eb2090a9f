import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { authOrThrow, requireRole, tenantOf } from '../../http/auth';
import { noStore } from '../openings/routes';

/** What the embed tester (settings_new/test) writes its snippets with: the company's real boards and offer channels. */
export interface EmbedTargets {
  companyId: string;
  /** The platform's address: the boards' job feeds (modules/feeds) live under it. */
  publicUrl: string;
  widgetsUrl: string;
  boards: Array<{ id: string; name: string }>;
  /** Channels of open postings on a board (an offer a career site could embed). */
  offers: Array<{ channelId: string; postingId: string }>;
}

export const embedSnippetRoutes: FastifyPluginAsync<{ db: Kysely<Database>; publicUrl: string }> = async (app, { db, publicUrl }) => {
  noStore(app);
  app.get('/v2/companies/settings/embed', { config: { apiDoc: { summary: "The company's embed snippets for career sites" } }, preHandler: [requireRole('recruiter')] }, async (request): Promise<EmbedTargets> => {
    const companyId = tenantOf(authOrThrow(request));
    const boards = await db.selectFrom('boards').select(['id', 'name']).where('company_id', '=', companyId).orderBy('name').orderBy('id').limit(50).execute();
    const offers = await db
      .selectFrom('channels as c')
      .innerJoin('postings as p', (join) => join.onRef('p.id', '=', 'c.posting_id').onRef('p.company_id', '=', 'c.company_id'))
      .innerJoin('openings as o', (join) => join.onRef('o.id', '=', 'p.opening_id').onRef('o.company_id', '=', 'p.company_id'))
      .select(['c.id as channelId', 'p.id as postingId'])
      .where('o.status', '=', 'PUBLISHED')
      .where('c.company_id', '=', companyId)
      .where('c.kind', '=', 'BOARD')
      .where('p.status', '=', 'OPEN')
      .where('p.is_spontaneous', '=', false)
      .orderBy('p.published_at', 'desc')
      .orderBy('c.id')
      .limit(20)
      .execute();
    const base = publicUrl.replace(/\/+$/, '');
    return { companyId, publicUrl: base, widgetsUrl: `${base}/widgets/rec-widgets.js`, boards, offers };
  });
};
