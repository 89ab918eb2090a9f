/**
 * What a text field may hold. PostgreSQL cannot store U+0000 (it answers an error, which used
 * to surface as a 500), and other C0 controls, DEL and lone UTF-16 surrogates are never typed by
 * a person: they come from fuzzers, broken copy-paste or attacks on the systems our data flows
 * into (spreadsheets, mail headers, logs). Tab and line breaks stay allowed for multi-line text.
 */
// C0 controls but tab, LF and CR; DEL; and, in unicode mode, a surrogate that is not half of a pair.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NOT_PLAIN = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F]|\p{Cs}/u;

/** True when `text` carries a control character (other than tab, CR, LF) or a lone surrogate. */
export function hasControlCharacters(text: string): boolean {
  return NOT_PLAIN.test(text);
}

const TIMESTAMP_DATE = /^(\d{4})-(\d{2})-(\d{2})T/;

/**
 * True when the calendar date of an ISO 8601 timestamp exists: `2026-02-30T00:00:00Z` has the
 * shape valibot's isoTimestamp accepts, but no such day (JavaScript would roll it into March
 * while PostgreSQL refuses it).
 */
export function isRealTimestampDate(timestamp: string): boolean {
  const match = TIMESTAMP_DATE.exec(timestamp);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
