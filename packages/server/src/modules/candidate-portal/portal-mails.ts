import { serverT } from '../../i18n/server-texts';
import type { MailAttachment, OutgoingMail } from '../mail/mailer';

/**
 * The mails of the candidate portal, in the candidate's language (their latest application's).
 * Texts live in locales/server under `portalMail`; the two a company may later edit (appointment
 * invitation, pending request) under `candidateMail` with the shared placeholders
 * {{candidateName}} {{openingTitle}} {{companyName}} {{link}}.
 */
export type PortalMailKind = 'removalLink' | 'removalDone' | 'consentRenewal' | 'appointmentBooked' | 'appointmentCancelled' | 'recruiterBooked' | 'recruiterCancelled';

/** Who a portal mail goes to, and the company it speaks for (its name is the sender, its logo heads it). */
export interface MailRecipient {
  to: string;
  companyId: string;
}

export function renderPortalMail(kind: PortalMailKind, language: string | undefined, recipient: MailRecipient, values: Record<string, string | number>, attachments?: MailAttachment[]): OutgoingMail {
  const t = serverT(language, `portalMail.${kind}`);
  return { ...recipient, subject: t('subject', values), text: t('text', values), ...(attachments ? { attachments } : {}) };
}

export interface CandidateTemplateValues {
  candidateName: string;
  openingTitle: string;
  companyName: string;
  link: string;
}

/** The company-editable candidate mails (defaults from the locale files). */
export function renderCandidateMail(kind: 'appointmentInvitation' | 'pendingRequest', language: string | undefined, recipient: MailRecipient, values: CandidateTemplateValues, extra = ''): OutgoingMail {
  const t = serverT(language, `candidateMail.${kind}`);
  const body = t('body', { ...values });
  return { ...recipient, subject: t('subject', { ...values }), text: extra ? `${body}\n\n${extra}` : body };
}

/** A moment as the candidate reads it: their language, their time zone, the zone named. */
export function formatMoment(date: Date, language: string | undefined, timeZone: string): string {
  const locale = language || 'en';
  try {
    return `${new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone, timeZoneName: undefined }).format(date)} (${timeZone})`;
  } catch {
    return `${date.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
  }
}

/** The request kinds as the candidate reads them in a mail. */
export function requestKindText(kind: string, language: string | undefined): string {
  return serverT(language, 'portalMail.requestKinds')(kind);
}
