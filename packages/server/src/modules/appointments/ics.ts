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

/** TEXT escaping of RFC 5545 §3.3.11: backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
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

/** A parameter value (a name in CN=...) is quoted; quotes cannot appear inside it. */
const paramValue = (value: string) => `"${value.replace(/["\r\n:;]/g, '')}"`;

export function calendarInvitation(event: CalendarEvent): string {
  const end = new Date(event.start.getTime() + event.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//rec//candidate-portal//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;CN=${paramValue(event.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${event.attendee.email}`,
    `STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
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
