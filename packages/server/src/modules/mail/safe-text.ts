import { oneLine } from '../../i18n/server-texts';
import type { Mailer, OutgoingMail } from './mailer';

/**
 * What the platform's mails do with text they did not write (issue 24, M3): names, titles and
 * company names are put in as one line, and nothing in a mail becomes a link unless it is one of
 * the platform's own (under PUBLIC_URL). Mail clients link URL-like text by themselves, in the text
 * part and in HTML, so a foreign URL is broken up with zero-width spaces: it reads the same, but no
 * client turns it into a link.
 */

const ZERO_WIDTH_SPACE = '\u200B';
/**
 * What clients link: a scheme URL, `www.`, an e-mail address, or a dotted host name
 * (`evil.example`, `evil.example/path`). Mirrors core's person-name check, over a whole text.
 */
// Each alternative may only start where a run of its characters starts (the lookbehinds; a host name
// not right after `label.`): a long run is then tried once, not from each of its characters, and the
// scan stays linear in the text's length.
const LINK_LIKE =
  /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s<>"']*|\bwww\.[^\s<>"']*|\bmailto:[^\s<>"']*|(?<![^\s<>"'@])[^\s<>"'@]+@[^\s<>"'@]+|(?<![\p{L}\p{N}-]|[\p{L}\p{N}-]\.)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[a-z]{2,}(?![\p{L}\p{N}])[^\s<>"']*/giu;

/** True for a link to the platform itself (PUBLIC_URL, then a path, query or nothing). */
function isOwnLink(candidate: string, publicUrl: string): boolean {
  const base = publicUrl.replace(/\/+$/, '');
  return candidate === base || candidate.startsWith(`${base}/`) || candidate.startsWith(`${base}?`) || candidate.startsWith(`${base}#`);
}

/** Breaks every link-like run that is not the platform's own: a zero-width space after each `.`, `:` and `@`. */
export function defangForeignLinks(text: string, publicUrl: string): string {
  return text.replace(LINK_LIKE, (match) => (isOwnLink(match, publicUrl) ? match : match.replace(/([.:@])/g, `$1${ZERO_WIDTH_SPACE}`)));
}

/**
 * The mailer every mail goes through: subjects are one line and foreign links are broken up in
 * the subject and the text, before the HTML version is made from the text (mail/company-logo.ts).
 */
export function withSafeText(mailer: Mailer, publicUrl: string): Mailer {
  return {
    get outboxDir() {
      return mailer.outboxDir;
    },
    close: () => mailer.close(),
    send(mail: OutgoingMail) {
      const subject = defangForeignLinks(oneLine(mail.subject), publicUrl);
      const text = defangForeignLinks(mail.text, publicUrl);
      // Mails are written as text; an HTML version is only ever made from the guarded text.
      const { html: _unguarded, ...rest } = mail;
      return mailer.send({ ...rest, subject, text });
    },
  };
}
