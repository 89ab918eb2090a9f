import { DEFAULT_NOTIFICATION_PREFERENCES, type NewApplicationMails, type NotificationPreferences } from '@rec/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** A recruiter to mail: their address and the language of their account. */
export interface Recipient {
  accountId: string;
  email: string;
  language: string | undefined;
}

export type NotificationPreferenceRepository = ReturnType<typeof createNotificationPreferences>;

/**
 * Each recruiter's mail preferences (issue 13). A recruiter without a saved row gets the
 * defaults (core's DEFAULT_NOTIFICATION_PREFERENCES), so the queries left-join and coalesce.
 */
export function createNotificationPreferences(db: Kysely<Database>) {
  return {
    async get(companyId: string, accountId: string): Promise<NotificationPreferences> {
      const row = await db
        .selectFrom('notification_preferences')
        .select(['frequency', 'mention_mails'])
        .where('company_id', '=', companyId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row ? { newApplications: row.frequency, mentions: row.mention_mails } : { ...DEFAULT_NOTIFICATION_PREFERENCES };
    },

    async set(companyId: string, accountId: string, preferences: NotificationPreferences, now: Date): Promise<void> {
      const values = { frequency: preferences.newApplications, mention_mails: preferences.mentions, updated_at: now };
      await db
        .insertInto('notification_preferences')
        .values({ account_id: accountId, company_id: companyId, ...values })
        .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
        .execute();
    },

    /** The company's recruiters whose new-application choice is `frequency`. */
    async recipients(companyId: string, frequency: NewApplicationMails): Promise<Recipient[]> {
      const rows = await db
        .selectFrom('accounts as a')
        .leftJoin('notification_preferences as p', (join) => join.onRef('p.company_id', '=', 'a.company_id').onRef('p.account_id', '=', 'a.id'))
        .select(['a.id', 'a.email', sql<string | null>`a.settings->>'language'`.as('language')])
        .where('a.company_id', '=', companyId)
        .where('a.type', '=', 'recruiter')
        .where(sql<string>`coalesce(p.frequency, ${DEFAULT_NOTIFICATION_PREFERENCES.newApplications})`, '=', frequency)
        .orderBy('a.id')
        .execute();
      return rows.map((row) => ({ accountId: row.id, email: row.email, language: row.language ?? undefined }));
    },

    async wantsMentions(companyId: string, accountId: string): Promise<boolean> {
      return (await this.get(companyId, accountId)).mentions;
    },
  };
}
