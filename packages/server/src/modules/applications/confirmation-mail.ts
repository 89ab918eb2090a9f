import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { serverT } from '../../i18n/server-texts';
import type { AuthService } from '../auth/service';
import { renderCandidateMail } from '../mail-templates/render';
import { MAGIC_LINK_MINUTES } from '../auth/service';
import type { Mailer } from '../mail/mailer';
import { renderApplicationReceived } from '../mail/templates';
import type { NotifyCandidate } from './service';

/**
 * The candidate's confirmation mail, sent through the shared mailer (SMTP or the outbox) in the
 * application's language, with a single-use magic link to continue (step flow, candidate
 * portal). The link lives 10 minutes like every sign-in link, so the mail also says where to
 * ask for a new one.
 */
export function createCandidateNotifier(deps: {
  auth: Pick<AuthService, 'applicantMagicLink'>;
  mailer: Mailer;
  publicUrl: string;
  /** With a database, the company's own wording (settings_new/templates) is used. */
  db?: Kysely<Database>;
}): NotifyCandidate {
  return async (notice) => {
    const link = await deps.auth.applicantMagicLink({ email: notice.email, firstName: notice.firstName, lastName: notice.lastName, language: notice.language });
    const requestUrl = `${deps.publicUrl}/login/magic-link?${new URLSearchParams({ email: notice.email })}`;
    const values = { name: notice.firstName, title: notice.offerTitle, company: notice.companyName, link, minutes: MAGIC_LINK_MINUTES, requestUrl };
    const templated = deps.db
      ? await renderCandidateMail(deps.db, notice.companyId, 'applicationReceived', notice.language, {
          candidateName: notice.firstName,
          jobTitle: notice.offerTitle,
          companyName: notice.companyName,
          link,
        })
      : null;
    if (!templated) {
      await deps.mailer.send({ ...renderApplicationReceived(notice.language, notice.email, values), companyId: notice.companyId });
      return;
    }
    // The link's validity is the platform's rule, not the company's wording: always added.
    const validity = serverT(notice.language, 'mail.applicationReceived')('linkValidity', values);
    await deps.mailer.send({ to: notice.email, subject: templated.subject, text: `${templated.text}\n\n${validity}`, companyId: notice.companyId });
  };
}
