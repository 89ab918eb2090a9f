import { serverT } from '../../i18n/server-texts';
import type { OutgoingMail } from '../mail/mailer';
import type { Recipient } from './preferences';

/** A new application, mailed at once, in the recruiter's language; the candidate page behind the sign-in. */
export function renderNewApplicationMail(companyId: string, to: Recipient, values: { candidate: string; opening: string; link: string }): OutgoingMail {
  const t = serverT(to.language, 'newApplicationMail');
  return { to: to.email, companyId, subject: t('subject', values), text: [t('greeting'), '', t('body', values), '', `${t('open')}: ${values.link}`].join('\n') };
}

/** Yesterday's applications per opening (counts and titles only: no candidate's data in a digest). */
export function renderDigestMail(
  companyId: string,
  to: Recipient, values: { total: number; openings: Array<{ title: string; count: number }>; link: string }): OutgoingMail {
  const t = serverT(to.language, 'applicationDigestMail');
  const lines = values.openings.map((opening) => `- ${opening.title}: ${opening.count}`);
  return {
    to: to.email,
    companyId,
    subject: t('subject', { count: values.total }),
    text: [t('greeting'), '', t('body', { count: values.total }), '', ...lines, '', `${t('open')}: ${values.link}`].join('\n'),
  };
}
