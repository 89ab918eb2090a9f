import * as v from 'valibot';
import { LocaleSchema } from './localized-text';

/** The candidate mails a company may word itself (issue 13), per language. */
export const MAIL_TEMPLATE_KINDS = ['applicationReceived', 'rejection', 'appointmentInvitation', 'pendingRequest'] as const;
export type MailTemplateKind = (typeof MAIL_TEMPLATE_KINDS)[number];

/** The placeholders each mail fills (`{{name}}`); an unknown one is refused on save. */
export const MAIL_PLACEHOLDERS: Record<MailTemplateKind, readonly string[]> = {
  applicationReceived: ['candidateName', 'jobTitle', 'companyName', 'link'],
  rejection: ['candidateName', 'jobTitle', 'companyName'],
  appointmentInvitation: ['candidateName', 'jobTitle', 'companyName', 'date', 'link'],
  pendingRequest: ['candidateName', 'companyName', 'link'],
};

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The placeholder names a text uses. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}

/** Fills `{{name}}` with the values (missing ones become empty). The host preview and the server mail share it. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '');
}

export const MailTemplateParamsSchema = v.object({ kind: v.picklist(MAIL_TEMPLATE_KINDS), language: LocaleSchema });
export type MailTemplateParams = v.InferOutput<typeof MailTemplateParamsSchema>;

export const MailTemplateBodySchema = v.strictObject({
  subject: v.pipe(v.string(), v.trim(), v.minLength(1, 'errors.required'), v.maxLength(200, 'errors.max')),
  body: v.pipe(v.string(), v.trim(), v.minLength(1, 'errors.required'), v.maxLength(10000, 'errors.max')),
});
export type MailTemplateBody = v.InferOutput<typeof MailTemplateBodySchema>;

/** One template as the settings page reads it: the company's own text, or the default (`custom: false`). */
export interface MailTemplateResource {
  kind: MailTemplateKind;
  language: string;
  subject: string;
  body: string;
  custom: boolean;
  placeholders: readonly string[];
}
