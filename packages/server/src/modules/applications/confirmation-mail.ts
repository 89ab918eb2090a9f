import type { AuthService } from '../auth/service';
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
export function createCandidateNotifier(deps: { auth: Pick<AuthService, 'applicantMagicLink'>; mailer: Mailer; publicUrl: string }): NotifyCandidate {
  return async (notice) => {
    const link = await deps.auth.applicantMagicLink({ email: notice.email, firstName: notice.firstName, lastName: notice.lastName, language: notice.language });
    const requestUrl = `${deps.publicUrl}/login/magic-link?${new URLSearchParams({ email: notice.email })}`;
    await deps.mailer.send(
      renderApplicationReceived(notice.language, notice.email, {
        name: notice.firstName,
        title: notice.offerTitle,
        company: notice.companyName,
        link,
        minutes: MAGIC_LINK_MINUTES,
        requestUrl,
      }),
    );
  };
}
