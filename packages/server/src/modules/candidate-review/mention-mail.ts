import { serverT } from '../../i18n/server-texts';
import type { OutgoingMail } from '../mail/mailer';
import type { MentionNotice } from './service';

/**
 * The mail a colleague gets when a note mentions them, in their account's language. It names
 * the candidate and the opening and links to the candidate page; the note itself stays behind
 * the sign-in (a mail is forwarded, printed, kept).
 */
export function renderNoteMention(notice: MentionNotice): OutgoingMail {
  const t = serverT(notice.language, 'noteMentionMail');
  const values = { author: notice.author, candidate: notice.candidate, opening: notice.opening, link: notice.link };
  return { to: notice.to, companyId: notice.companyId, subject: t('subject', values), text: [t('greeting'), '', t('body', values), '', `${t('open')}: ${notice.link}`].join('\n') };
}
