import { ERROR_KEYS } from '@rec/core';
import type { ShareLink } from '@rec/core/application';
import { ShareSlugSchema } from '@rec/core/application-schema';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { Database } from '../../db/schema';
import { validateRequest } from '../../http/validation';
import { HttpError } from '../../http/errors';
import { offerUrl } from '../offers/service';

export function createShareService(db: Kysely<Database>, publicUrl: string) {
  return {
    /** The offer channel behind a short public link `/share/{slug}`. */
    async get(slug: string): Promise<ShareLink> {
      const row = await db.selectFrom('share_links').select(['slug', 'channel_id as channelId']).where('slug', '=', slug).executeTakeFirst();
      if (!row) throw new HttpError(404, ERROR_KEYS.notFound);
      return { slug: row.slug, channelId: row.channelId, url: `${publicUrl}/share/${row.slug}`, offerUrl: offerUrl(publicUrl, row.channelId) };
    },
  };
}

const ShareParamsSchema = v.object({ slug: ShareSlugSchema });

export const shareRoutes: FastifyPluginAsync<{ shares: ReturnType<typeof createShareService> }> = async (app, { shares }) => {
  app.get<{ Params: { slug: string } }>(
    '/v2/share/:slug',
    { config: { apiDoc: { summary: 'The offer channel behind a share link' }, publicCache: 'shared' }, preHandler: validateRequest({ params: { schema: ShareParamsSchema, errorKey: ERROR_KEYS.invalidId } }) },
    (request) => shares.get(request.params.slug),
  );
};
