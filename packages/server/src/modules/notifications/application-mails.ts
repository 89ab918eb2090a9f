import { candidatePagePath } from '@rec/core/candidate-review';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEvent, EventOrigin } from '../domain-events/domain-events';
import { DAY } from '../auth/tokens';
import type { BackgroundTasks } from '../mail/background';
import type { Mailer } from '../mail/mailer';
import { renderDigestMail, renderNewApplicationMail } from './mails';
import type { NotificationPreferenceRepository } from './preferences';

/** Its name in `job_runs`: the digest goes once a day across instances. */
export const DIGEST_JOB = 'notifications.daily-digest';

interface Deps {
  db: Kysely<Database>;
  preferences: NotificationPreferenceRepository;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const candidateName = (form: Record<string, unknown>) => [form.firstName, form.lastName].filter((part) => typeof part === 'string' && part.trim()).join(' ');

/**
 * Mails about new applications (issue 13): at once to the recruiters who chose "each", a daily
 * digest to those who chose "daily". Only this instance's events send mail: an event relayed
 * from another instance was mailed there.
 */
export function createApplicationMails(deps: Deps) {
  const { db, preferences, mailer, publicUrl, log } = deps;

  const applicationsWithOpening = (companyId: string) =>
    db
      .selectFrom('applications as a')
      .innerJoin('channels as c', (join) => join.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.channel_id'))
      .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
      .innerJoin('openings as o', (join) => join.onRef('o.company_id', '=', 'p.company_id').onRef('o.id', '=', 'p.opening_id'))
      .select(['a.id', 'a.candidate_id', 'a.form', 'o.id as opening_id', 'o.title'])
      .where('a.company_id', '=', companyId)
      .where('a.anonymised_at', 'is', null);

  async function notify(event: Extract<DomainEvent, { type: 'APPLICATION_CREATED' }>): Promise<void> {
    const recipients = await preferences.recipients(event.companyId, 'each');
    if (!recipients.length) return;
    const application = await applicationsWithOpening(event.companyId).where('a.id', '=', event.applicationId).executeTakeFirst();
    if (!application) return;
    const link = `${publicUrl}${candidatePagePath(application.opening_id, application.candidate_id)}`;
    for (const recipient of recipients) {
      await mailer
        .send(renderNewApplicationMail(event.companyId, recipient, { candidate: candidateName(application.form), opening: application.title, link }))
        .catch((error: unknown) => log.error({ err: error, accountId: recipient.accountId }, 'new application mail failed'));
    }
  }

  return {
    listener(event: DomainEvent, origin: EventOrigin): void {
      if (origin !== 'local' || event.type !== 'APPLICATION_CREATED') return;
      deps.background.run(log, () => notify(event));
    },

    /** The digest of the UTC day before `at`'s, to every recruiter who chose "daily" and had applications. */
    async sendDigests(at: Date): Promise<number> {
      const end = new Date(`${at.toISOString().slice(0, 10)}T00:00:00.000Z`);
      const start = new Date(end.getTime() - DAY);
      const companies = await db
        .selectFrom('notification_preferences')
        .select('company_id')
        .distinct()
        .where('frequency', '=', 'daily')
        .orderBy('company_id')
        .execute();
      let sent = 0;
      for (const { company_id: companyId } of companies) {
        const rows = await applicationsWithOpening(companyId).where('a.created_at', '>=', start).where('a.created_at', '<', end).orderBy(sql`o.title`).execute();
        if (!rows.length) continue;
        const openings = new Map<string, { title: string; count: number }>();
        for (const row of rows) {
          const entry = openings.get(row.opening_id) ?? { title: row.title, count: 0 };
          entry.count += 1;
          openings.set(row.opening_id, entry);
        }
        for (const recipient of await preferences.recipients(companyId, 'daily')) {
          try {
            await mailer.send(renderDigestMail(companyId, recipient, { total: rows.length, openings: [...openings.values()], link: `${publicUrl}/recruiter` }));
            sent += 1;
          } catch (error) {
            log.error({ err: error, accountId: recipient.accountId }, 'daily digest mail failed');
          }
        }
      }
      return sent;
    },
  };
}
