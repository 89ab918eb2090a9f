import type { Locale } from '@rec/core';
import type { RejectionMail, RejectionMailDraft } from '@rec/core/pipeline';
import { serverT } from '../../i18n/server-texts';

export interface RejectionMailValues {
  candidateName: string;
  openingTitle: string;
  companyName: string;
}

/**
 * Fills the placeholders of a recruiter's text. Plain replacement, not a template language: a
 * name containing `{{` stays as typed, and unknown placeholders are left for the reader to see.
 */
export function renderRejectionMail(mail: RejectionMail, values: RejectionMailValues): RejectionMail {
  const fill = (text: string) => text.replace(/\{\{\s*(candidateName|openingTitle|companyName)\s*\}\}/g, (_match, key: keyof RejectionMailValues) => values[key]);
  return { subject: fill(mail.subject).replace(/[\r\n]+/g, ' '), body: fill(mail.body) };
}

/** The default rejection mail (locales/server `candidateMail.rejection`) in `language`, filled for one candidate. */
export function rejectionMailDraft(language: Locale, values: RejectionMailValues): RejectionMailDraft {
  const t = serverT(language, 'candidateMail.rejection');
  return { language, subject: t('subject', { ...values }).replace(/[\r\n]+/g, ' '), body: t('body', { ...values }) };
}
