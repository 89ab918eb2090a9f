import { hasControlCharacters } from './plain-text';

// No valibot and no error table here: the apply form's rule engine (form-rules.ts) uses it in the widget chunk.

/**
 * What a person's name may be (issue 24, M3): one line, no link. Names travel into the platform's
 * own mails, calendar invitations and exports; a name holding line breaks and a URL reads there as
 * the platform speaking ("Your account was locked. Unlock: https://…").
 */

/** Any line or paragraph break, and the tab (a name is one line). */
const LINE_BREAK = /[\t\n\v\f\r\u0085\u2028\u2029]/;
/**
 * What mail clients and chat tools turn into a link: a scheme (`https://`, `mailto:`), `www.`,
 * an e-mail address, or a host name (`evil.example`, a dot between a letter or digit and two letters).
 */
// Linear on any input: no quantifier is followed by something it could also match (a name is checked
// even when it is far too long, and valibot runs every check of a pipe).
const LINK_LIKE = /:\/\/|\bwww\.|\bmailto:|@|[\p{L}\p{N}-]\.[a-z]{2,}(?![\p{L}\p{N}])/iu;

/** The error key of a name with a line break or a link. */
export const PERSON_NAME_ERROR = 'errors.personName';

/** True when `text` is one line without anything a mail client would make a link of. */
export function isPersonName(text: string): boolean {
  return !LINE_BREAK.test(text) && !LINK_LIKE.test(text) && !hasControlCharacters(text);
}
