import { companySettingsOf } from '@rec/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { AUDIT_ACTIONS, type AuditLog, SYSTEM_ACTOR } from '../audit/audit-log';
import { addMs, type Clock, DAY } from '../auth/tokens';
import { anonymiseApplications, anonymiseCandidate, type RemovedFiles } from '../candidate-portal/anonymise';
import { renderPortalMail } from '../candidate-portal/portal-mails';
import { claimJobRun, dailyPeriod } from '../jobs/job-runs';
import type { Mailer } from '../mail/mailer';

/** A month before the consent ends the candidate is asked to renew it. */
export const CONSENT_REMINDER_DAYS = 30;
/** Its name in `job_runs` (the scheduler and runOnce claim the same day under it). */
export const RETENTION_JOB = 'retention';
const BATCH = 200;

export interface RetentionDeps {
  db: Kysely<Database>;
  audit: AuditLog;
  mailer: Mailer;
  now: Clock;
  publicUrl: string;
  /** RETENTION_DAYS: the default of companies that did not set their own. */
  retentionDays: number;
  removeFiles(files: RemovedFiles): Promise<void>;
  log: { error(details: object, message: string): void };
}

export interface RetentionReport {
  ran: boolean;
  applications: number;
  candidates: number;
  files: number;
  reminders: number;
}

/** The effective consent end of each live candidate of a company, in SQL (the company's months as a parameter). */
const consentEnd = (months: number) =>
  sql<Date>`coalesce(c.consent_expires_at, (select max(a.consent_given_at) from applications a where a.company_id = c.company_id and a.candidate_id = c.id and a.anonymised_at is null) + make_interval(months => ${months}))`;

/**
 * The daily retention run (issue 12): per company, anonymises applications older than its
 * retention days and candidates whose consent ended, mails the renewal request a month before a
 * consent ends, and writes what it did (counts only) to the audit log. `claimJobRun` makes it run
 * once a day however many instances share the database.
 */
export function createRetentionJob(deps: RetentionDeps) {
  const { db, audit, mailer, now, publicUrl } = deps;

  async function runForCompany(company: { id: string; name: string; settings: Record<string, unknown> }, time: Date): Promise<Omit<RetentionReport, 'ran'>> {
    const settings = companySettingsOf(company.settings, deps.retentionDays);
    const total = { applications: 0, candidates: 0, files: 0, reminders: 0 };
    const cutoff = addMs(time, -settings.retentionDays * DAY);

    // Candidates whose consent ended: their whole record goes.
    for (;;) {
      const expired = await db
        .selectFrom('candidates as c')
        .select('c.id')
        .where('c.company_id', '=', company.id)
        .where('c.anonymised_at', 'is', null)
        .where(consentEnd(settings.consentMonths), '<=', time)
        .limit(BATCH)
        .execute();
      if (!expired.length) break;
      for (const { id } of expired) {
        const done = await db.transaction().execute((trx) => anonymiseCandidate(trx, company.id, id, time));
        await deps.removeFiles(done);
        total.applications += done.applications;
        total.candidates += done.candidates;
        total.files += done.files;
      }
    }

    // Applications past the retention period: anonymised one batch at a time (the rows stay for the counts).
    for (;;) {
      const old = await db
        .selectFrom('applications')
        .select('id')
        .where('company_id', '=', company.id)
        .where('anonymised_at', 'is', null)
        .where('created_at', '<', cutoff)
        .limit(BATCH)
        .execute();
      if (!old.length) break;
      const done = await db.transaction().execute((trx) =>
        anonymiseApplications(
          trx,
          company.id,
          old.map((row) => row.id),
          time,
        ),
      );
      await deps.removeFiles(done);
      total.applications += done.applications;
      total.files += done.files;
    }

    // Renewal requests: consent ending within a month, not asked since the consent was last set.
    const due = await db
      .selectFrom('candidates as c')
      .select([
        'c.id',
        'c.email',
        'c.data',
        consentEnd(settings.consentMonths).as('ends_at'),
        sql<string | null>`(select a.language from applications a where a.company_id = c.company_id and a.candidate_id = c.id order by a.created_at desc limit 1)`.as('language'),
      ])
      .where('c.company_id', '=', company.id)
      .where('c.anonymised_at', 'is', null)
      .where('c.consent_reminded_at', 'is', null)
      .where(consentEnd(settings.consentMonths), '<=', addMs(time, CONSENT_REMINDER_DAYS * DAY))
      .execute();
    for (const candidate of due) {
      const personal = (candidate.data.personal ?? {}) as { name?: { first?: string; last?: string } };
      const name = `${personal.name?.first ?? ''} ${personal.name?.last ?? ''}`.trim();
      const language = candidate.language ?? undefined;
      const date = new Intl.DateTimeFormat(language ?? 'en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(candidate.ends_at));
      try {
        await mailer.send(
          renderPortalMail('consentRenewal', language, { to: candidate.email, companyId: company.id }, { candidateName: name, companyName: company.name, date, link: `${publicUrl}/applicant/${candidate.id}` }),
        );
        await db.updateTable('candidates').set({ consent_reminded_at: time }).where('company_id', '=', company.id).where('id', '=', candidate.id).execute();
        total.reminders += 1;
      } catch (error) {
        // The next run tries again: the reminder is not marked sent.
        deps.log.error({ err: error, candidateId: candidate.id }, 'consent renewal mail failed');
      }
    }
    return total;
  }

  /** Every company, without claiming the day (the scheduler claimed it). */
  async function run(at: Date): Promise<RetentionReport> {
      const report: RetentionReport = { ran: true, applications: 0, candidates: 0, files: 0, reminders: 0 };
      const companies = await db.selectFrom('companies').select(['id', 'name', 'settings']).orderBy('id').execute();
      for (const company of companies) {
        const done = await runForCompany(company, at);
        report.applications += done.applications;
        report.candidates += done.candidates;
        report.files += done.files;
        report.reminders += done.reminders;
        if (done.applications || done.candidates || done.reminders) {
          await audit.record({ companyId: company.id, actorId: SYSTEM_ACTOR, action: AUDIT_ACTIONS.retentionRun, openingId: null, details: { period: dailyPeriod(at), ...done } });
        }
      }
      return report;
  }

  return {
    run,
    /** One run, if this instance claims today's; `at` is the clock's now unless a test passes a day. */
    async runOnce(at: Date = now()): Promise<RetentionReport> {
      if (!(await claimJobRun(db, RETENTION_JOB, dailyPeriod(at), at))) return { ran: false, applications: 0, candidates: 0, files: 0, reminders: 0 };
      return run(at);
    },
  };
}
