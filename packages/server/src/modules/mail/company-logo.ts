import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { logoImageOf } from '../company-logos/default-logo';
import type { Mailer, OutgoingMail } from './mailer';

/** The logo's box in a mail: at most this tall and wide, its proportions kept. */
const MAX_HEIGHT = 48;
const MAX_WIDTH = 200;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The logo's size in the mail: scaled down to the box, never up (mail clients need both attributes). */
export function mailLogoSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_HEIGHT / height, MAX_WIDTH / width);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The HTML version of a text mail headed by a logo: the text escaped, its links clickable, its
 * line breaks kept. The logo is an absolute URL to the public logo route (no attachment: mail
 * clients that block images still show the text).
 */
export function mailHtml(text: string, logo: { url: string; width: number; height: number; alt: string }): string {
  const size = mailLogoSize(logo.width, logo.height);
  const body = escapeHtml(text)
    .replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`)
    .replace(/\n/g, '<br>\n');
  return [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; line-height: 1.5;">',
    `<p><img src="${escapeHtml(logo.url)}" width="${size.width}" height="${size.height}" alt="${escapeHtml(logo.alt)}" style="display: block; border: 0;"></p>`,
    `<div>${body}</div>`,
    '</body></html>',
  ].join('\n');
}

/**
 * A mailer that sends every mail naming its company (`companyId`) in that company's name: the
 * From display name is the company's (issue 25: candidates read "Lumen Robotics", not the
 * platform), and an HTML version is headed by the company's default logo (issue 13). Mails of
 * companies without a logo, or with their own HTML, keep their body as it is.
 */
export function withCompanyLogos(mailer: Mailer, db: Kysely<Database>): Mailer {
  return {
    get outboxDir() {
      return mailer.outboxDir;
    },
    close: () => mailer.close(),
    async send(mail: OutgoingMail) {
      if (!mail.companyId) return mailer.send(mail);
      const company = await db.selectFrom('companies').select(['name', 'settings']).where('id', '=', mail.companyId).executeTakeFirst();
      if (!company) return mailer.send(mail);
      const named = { ...mail, fromName: company.name };
      const logo = mail.html ? undefined : logoImageOf(company.settings as Record<string, unknown> | undefined);
      return mailer.send(logo ? { ...named, html: mailHtml(mail.text, { ...logo, alt: company.name }) } : named);
    },
  };
}
