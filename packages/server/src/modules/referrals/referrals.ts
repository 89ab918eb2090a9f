import { randomBytes } from 'node:crypto';
import { ERROR_KEYS } from '@rec/core';
import type { ReferralLink } from '@rec/core/application';
import { ReferralRequestSchema, submissionIssues } from '@rec/core/application-schema';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { Database } from '../../db/schema';
import { FieldsError, HttpError } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';

/** A referral code: 10 characters of an alphabet without look-alikes (0/o, 1/l). */
export function newReferralCode(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

export function createReferralService(db: Kysely<Database>, publicUrl: string) {
  return {
    /**
     * An employee's personal link to the company's board, or to one of its offers. Applications
     * arriving through it (`?ref=<code>`) carry the code as companyReferralCode.
     */
    async create(body: unknown): Promise<ReferralLink> {
      const parsed = v.safeParse(ReferralRequestSchema, body);
      if (!parsed.success) throw new FieldsError(submissionIssues(parsed.issues));
      const { companyId, name, email, channelId } = parsed.output;
      // A suspended company takes no referrals: to the public it does not exist (issue 24, L9).
      const company = await db.selectFrom('companies').select('id').where('id', '=', companyId).where('suspended_at', 'is', null).executeTakeFirst();
      if (!company) throw new HttpError(404, ERROR_KEYS.notFound);

      let target: string;
      if (channelId) {
        const channel = await db.selectFrom('channels').select('id').where('company_id', '=', companyId).where('id', '=', channelId).executeTakeFirst();
        if (!channel) throw new FieldsError({ channelId: 'errors.notFound' });
        target = `${publicUrl}/offer/c/${channelId}`;
      } else {
        const board = await db.selectFrom('boards').select('id').where('company_id', '=', companyId).orderBy('created_at').orderBy('id').executeTakeFirst();
        if (!board) throw new HttpError(404, ERROR_KEYS.notFound);
        target = `${publicUrl}/board/${board.id}`;
      }
      const code = newReferralCode();
      await db
        .insertInto('referrals')
        .values({ code, company_id: companyId, channel_id: channelId ?? null, referrer_name: name.trim(), referrer_email: email.trim().toLowerCase() })
        .execute();
      return { code, url: `${target}?ref=${code}` };
    },
  };
}

export const referralRoutes: FastifyPluginAsync<{ referrals: ReturnType<typeof createReferralService>; limiter: RateLimiter }> = async (
  app,
  { referrals, limiter },
) => {
  app.post('/v2/referrals', { config: { apiDoc: { summary: 'Get a referral link to an offer' } }, bodyLimit: 8 * 1024, preHandler: limiter.guard }, async (request, reply) => {
    return reply.code(201).send(await referrals.create(request.body));
  });
};
