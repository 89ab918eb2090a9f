import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** A file sent with a mail (an .ics invitation): small text content, kept whole in the outbox. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The HTML version (with the company's logo, issue 13); the text stays the reference. */
  html?: string;
  /** The company the mail speaks for: its default logo heads the HTML version (mail/company-logo.ts). */
  companyId?: string;
  /**
   * The sender's display name (the company's name, set by mail/company-logo.ts); the address stays
   * the configured one (MAIL_FROM), so SPF and DKIM of our domain still hold.
   */
  fromName?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** The folder of the development outbox, when mails go there instead of SMTP. */
  readonly outboxDir: string | undefined;
  close(): Promise<void>;
}

/** A mail as the outbox shows it. */
export interface OutboxMail {
  id: string;
  /** The sender as composed (display name and address). */
  from?: { name?: string; address?: string };
  to: string;
  subject: string;
  date: string;
  text: string;
  /** The HTML version when the mail has one. */
  html?: string;
  links: string[];
  /** The mail's attachments as sent (tests read and parse an .ics from here). */
  attachments: MailAttachment[];
}

/**
 * SMTP when SMTP_URL is set; otherwise every mail is composed by nodemailer's JSON transport and
 * written as one JSON file under `<dataDir>/outbox`, which /dev/outbox shows in development.
 */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outboxDir: undefined,
      async send({ companyId: _company, fromName, ...mail }) {
        await transport.sendMail({ from: senderOf(options.from, fromName), ...mail });
      },
      async close() {
        transport.close();
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const dir = options.outboxDir;
  return {
    outboxDir: dir,
    async send({ companyId: _company, fromName, ...mail }) {
      const from = senderOf(options.from, fromName);
      const info = await transport.sendMail({ from, ...mail });
      const message = JSON.parse(String(info.message)) as { from?: { name?: string; address?: string } };
      const date = new Date();
      // Sortable names: newest last in the folder, newest first in the listing.
      const id = `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const record: OutboxMail & { message: unknown } = {
        id,
        ...(message.from ? { from: message.from } : {}),
        to: mail.to,
        subject: mail.subject,
        date: date.toISOString(),
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        links: linksIn(mail.text),
        attachments: mail.attachments ?? [],
        message,
      };
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${id}.json`), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
    },
    async close() {
      transport.close();
    },
  };
}

/** The address of a configured sender (`Name <address>` or a bare address). */
export function senderAddressOf(from: string): string {
  return /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/**
 * The From of a mail: the configured sender, or its address under another display name. Given as
 * `{ name, address }`, nodemailer quotes and encodes the name (RFC 2047 for non-ASCII), so a
 * company named `Müller & "Söhne"` cannot break the header.
 */
export function senderOf(configured: string, name: string | undefined): string | { name: string; address: string } {
  return name ? { name, address: senderAddressOf(configured) } : configured;
}

export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((match) => match[0]);
}

/** The outbox, newest first; unreadable files are skipped. */
export async function readOutbox(dir: string, limit = 200): Promise<OutboxMail[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse()
    .slice(0, limit);
  const mails: OutboxMail[] = [];
  for (const name of files) {
    try {
      const raw = JSON.parse(await readFile(join(dir, name), 'utf8')) as Partial<OutboxMail>;
      const text = String(raw.text ?? '');
      mails.push({
        id: String(raw.id ?? name.slice(0, -5)),
        ...(raw.from && typeof raw.from === 'object' ? { from: { name: String(raw.from.name ?? ''), address: String(raw.from.address ?? '') } } : {}),
        to: String(raw.to ?? ''),
        subject: String(raw.subject ?? ''),
        date: String(raw.date ?? ''),
        text,
        ...(typeof raw.html === 'string' ? { html: raw.html } : {}),
        links: linksIn(text),
        attachments: attachmentsOf(raw.attachments),
      });
    } catch {
      // A half-written or foreign file is not a mail.
    }
  }
  return mails;
}

function attachmentsOf(value: unknown): MailAttachment[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    .map((item) => ({ filename: String(item.filename ?? ''), contentType: String(item.contentType ?? ''), content: String(item.content ?? '') }));
}
