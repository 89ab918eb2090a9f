import { serverT } from '../../i18n/server-texts';
import type { OutgoingMail } from './mailer';

export type MailKind = 'magicLink' | 'passwordReset' | 'invitation';

/** Subject and text of a mail in `language` (an account's settings.language; unsupported values fall back to en). */
export function renderMail(kind: MailKind, language: string | undefined, to: string, values: Record<string, string | number>): OutgoingMail {
  const t = serverT(language);
  return { to, subject: t(`mail.${kind}.subject`, values), text: t(`mail.${kind}.text`, values) };
}

/** The values of the candidate's confirmation mail. */
export interface ApplicationReceivedValues {
  name: string;
  title: string;
  company: string;
  /** A fresh single-use magic link to continue (step flow, candidate portal). */
  link: string;
  minutes: number;
  /** Where to ask for a new link once this one has expired or been used. */
  requestUrl: string;
}

/** The confirmation a candidate gets after applying, in the application's language. */
export function renderApplicationReceived(language: string | undefined, to: string, values: ApplicationReceivedValues): OutgoingMail {
  const t = serverT(language, 'mail.applicationReceived');
  const line = (key: string) => t(key, { ...values });
  const text = [line('greeting'), '', line('body'), '', `${line('continue')}: ${values.link}`, line('linkValidity'), '', line('signature')].join('\n');
  return { to, subject: line('subject'), text };
}
