import { fillPlaceholders, LOCALES, type Locale, MAIL_PLACEHOLDERS, type MailTemplateKind, type MailTemplateResource } from '@rec/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { oneLine, serverRawText } from '../../i18n/server-texts';

/** The default wording of a candidate mail: `candidateMail.<kind>.subject/body` of locales/server; null when not written yet. */
export function defaultCandidateMail(kind: MailTemplateKind, language: string): { subject: string; body: string } | null {
  // Kept as written: the placeholders are filled later, with the mail's values.
  const subject = serverRawText(language, `candidateMail.${kind}.subject`);
  const body = serverRawText(language, `candidateMail.${kind}.body`);
  return subject && body ? { subject, body } : null;
}

const asLocale = (language: string): Locale => ((LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'en');

/** Every kind in every language: the company's own text where it wrote one, else the default. */
export async function listMailTemplates(db: Kysely<Database>, companyId: string): Promise<MailTemplateResource[]> {
  const rows = await db.selectFrom('mail_templates').select(['kind', 'language', 'subject', 'body']).where('company_id', '=', companyId).execute();
  const own = new Map(rows.map((row) => [`${row.kind}/${row.language}`, row]));
  return (Object.keys(MAIL_PLACEHOLDERS) as MailTemplateKind[]).flatMap((kind) =>
    LOCALES.map((language) => {
      const row = own.get(`${kind}/${language}`);
      const fallback = defaultCandidateMail(kind, language);
      return {
        kind,
        language,
        subject: row?.subject ?? fallback?.subject ?? '',
        body: row?.body ?? fallback?.body ?? '',
        custom: !!row,
        placeholders: MAIL_PLACEHOLDERS[kind],
      };
    }),
  );
}

/**
 * A candidate mail's subject and text in `language`, with the placeholders filled: the company's
 * template (settings_new/templates) or the locale default. Null when neither exists (the caller
 * then keeps its own wording).
 */
export async function renderCandidateMail(
  db: Kysely<Database>,
  companyId: string,
  kind: MailTemplateKind,
  language: string,
  values: Readonly<Record<string, string>>,
): Promise<{ subject: string; text: string } | null> {
  const locale = asLocale(language);
  const row = await db
    .selectFrom('mail_templates')
    .select(['subject', 'body'])
    .where('company_id', '=', companyId)
    .where('kind', '=', kind)
    .where('language', '=', locale)
    .executeTakeFirst();
  const template = row ?? defaultCandidateMail(kind, locale);
  if (!template) return null;
  // A subject is one line: a line break in a value must not add mail headers.
  // A value is one line: a name must not add lines (or mail headers, in the subject) of its own.
  const lines = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, oneLine(value)]));
  return { subject: oneLine(fillPlaceholders(template.subject, lines)), text: fillPlaceholders(template.body, lines) };
}
