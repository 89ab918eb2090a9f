/**
 * A small RFC 5545 writer for one appointment (a VEVENT in a VCALENDAR with METHOD REQUEST or
 * CANCEL). Written here rather than with the `ics` package: we need METHOD, ORGANIZER, ATTENDEE,
 * SEQUENCE and STATUS:CANCELLED for invitations that calendars update in place, which is a few
 * lines of text; the package adds a validation stack for fields we never send.
 *
 * Times are UTC (`...Z`): every calendar shows them in its own zone, so no VTIMEZONE is needed.
 */
export interface CalendarEvent {
  /** Stable across rebookings so calendars replace the event. */
  uid: string;
  sequence: number;
  start: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  location: string;
  url?: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  method: 'REQUEST' | 'CANCEL';
  stamp: Date;
}

/** `20261123T093000Z`. */
export function icsTime(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Control characters but tab (RFC 5545 §3.1: CONTROL is not allowed in any value), after line breaks are handled. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/g;

/** TEXT escaping of RFC 5545 §3.3.11: backslash, semicolon, comma; every line break (CRLF, CR, LF) as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, '\\n')
    .replace(CONTROL, '');
}

/** A URI or CAL-ADDRESS value (§3.3.3, §3.3.13): no whitespace or control can be part of it, so none is kept. */
export function uriValue(value: string): string {
  return value.replace(/\s+/g, '').replace(CONTROL, '');
}

/** A parameter value (a name in CN=...) is quoted (§3.2); DQUOTE and controls cannot appear inside it. */
export function paramValue(value: string): string {
  return `"${value.replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, ' ').replace(/"/g, '').replace(CONTROL, '')}"`;
}

/** Lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  const limitOf = () => (parts.length === 0 ? 75 : 74);
  for (const char of line) {
    const length = Buffer.byteLength(char, 'utf8');
    if (size + length > limitOf()) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

type Value = { text: string } | { uri: string } | { raw: string };

/**
 * One content line, the only way a line is written (issue 24, L1): the value escaped for its kind
 * (TEXT, URI, or a value of ours such as a time stamp), parameters quoted, then folded. Nothing a
 * person typed can so end a line and start another (an extra ATTENDEE).
 */
export function contentLine(name: string, value: Value, params: Readonly<Record<string, string>> = {}): string {
  const written = 'text' in value ? escapeText(value.text) : 'uri' in value ? uriValue(value.uri) : uriValue(value.raw);
  const parameters = Object.entries(params).map(([key, param]) => `;${key}=${param}`).join('');
  return foldLine(`${name}${parameters}:${written}`);
}

export function calendarInvitation(event: CalendarEvent): string {
  const end = new Date(event.start.getTime() + event.durationMinutes * 60_000);
  const lines = [
    contentLine('BEGIN', { raw: 'VCALENDAR' }),
    contentLine('VERSION', { raw: '2.0' }),
    contentLine('PRODID', { raw: '-//rec//candidate-portal//EN' }),
    contentLine('CALSCALE', { raw: 'GREGORIAN' }),
    contentLine('METHOD', { raw: event.method }),
    contentLine('BEGIN', { raw: 'VEVENT' }),
    contentLine('UID', { text: event.uid }),
    contentLine('SEQUENCE', { raw: String(event.sequence) }),
    contentLine('DTSTAMP', { raw: icsTime(event.stamp) }),
    contentLine('DTSTART', { raw: icsTime(event.start) }),
    contentLine('DTEND', { raw: icsTime(end) }),
    contentLine('SUMMARY', { text: event.summary }),
    contentLine('DESCRIPTION', { text: event.description }),
    ...(event.location ? [contentLine('LOCATION', { text: event.location })] : []),
    ...(event.url ? [contentLine('URL', { uri: event.url })] : []),
    contentLine('ORGANIZER', { uri: `mailto:${event.organizer.email}` }, { CN: paramValue(event.organizer.name) }),
    contentLine('ATTENDEE', { uri: `mailto:${event.attendee.email}` }, { CN: paramValue(event.attendee.name), ROLE: 'REQ-PARTICIPANT', RSVP: 'FALSE' }),
    contentLine('STATUS', { raw: event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED' }),
    contentLine('END', { raw: 'VEVENT' }),
    contentLine('END', { raw: 'VCALENDAR' }),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** Reads the properties of the first VEVENT back (unfolded, unescaped): for tests and for checking our own output. */
export function parseCalendar(text: string): Record<string, string> {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  const properties: Record<string, string> = {};
  let inEvent = false;
  for (const line of unfolded.split('\r\n')) {
    if (line === 'BEGIN:VEVENT') inEvent = true;
    else if (line === 'END:VEVENT') inEvent = false;
    else if (inEvent || line.startsWith('METHOD:')) {
      const colon = line.indexOf(':');
      if (colon < 0) throw new Error(`not a content line: ${line}`);
      const name = line.slice(0, colon).split(';')[0]!;
      properties[name] = line.slice(colon + 1).replace(/\\n/gi, '\n').replace(/\\([\\;,])/g, '$1');
    }
  }
  return properties;
}
