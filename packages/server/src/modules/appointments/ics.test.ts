import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { calendarInvitation, escapeText, foldLine, parseCalendar } from './ics';

const event = {
  uid: '64b0a1110000000000000001@rec-appointments',
  sequence: 2,
  start: new Date('2026-12-03T09:30:00Z'),
  durationMinutes: 45,
  summary: 'Ingénieur logiciel embarqué — Lumen Robotics',
  description: 'Entretien; salle 2,\nbâtiment B',
  location: 'Esch-sur-Alzette',
  organizer: { name: 'Claire "Owner"', email: 'claire.owner@lumen.example' },
  attendee: { name: 'Inès Portal', email: 'ines@example.org' },
  method: 'REQUEST' as const,
  stamp: new Date('2026-11-23T08:00:00Z'),
};

describe('RFC 5545 writer', () => {
  it('writes a VEVENT with UTC times, CRLF lines and the end from the duration', () => {
    const text = calendarInvitation(event);
    assert.ok(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n'));
    assert.ok(text.endsWith('END:VCALENDAR\r\n'));
    assert.ok(!/[^\r]\n/.test(text), 'every line ends with CRLF');
    const parsed = parseCalendar(text);
    assert.equal(parsed.DTSTART, '20261203T093000Z');
    assert.equal(parsed.DTEND, '20261203T101500Z');
    assert.equal(parsed.METHOD, 'REQUEST');
    assert.equal(parsed.SEQUENCE, '2');
    assert.equal(parsed.STATUS, 'CONFIRMED');
    assert.equal(parsed.DESCRIPTION, 'Entretien; salle 2,\nbâtiment B');
    assert.equal(parsed.SUMMARY, event.summary);
    assert.match(text, /ORGANIZER;CN="Claire Owner":mailto:claire.owner@lumen.example/);
  });

  it('cancels with METHOD:CANCEL and STATUS:CANCELLED', () => {
    const parsed = parseCalendar(calendarInvitation({ ...event, method: 'CANCEL' }));
    assert.equal(parsed.METHOD, 'CANCEL');
    assert.equal(parsed.STATUS, 'CANCELLED');
  });

  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    assert.equal(escapeText('a\\b;c,d\ne'), 'a\\\\b\\;c\\,d\\ne');
    const line = `SUMMARY:${'é'.repeat(80)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) assert.ok(Buffer.byteLength(part, 'utf8') <= 75, part);
    assert.equal(folded.replace(/\r\n /g, ''), line);
    assert.equal(parseCalendar(calendarInvitation({ ...event, description: 'x'.repeat(300) })).DESCRIPTION, 'x'.repeat(300));
  });
});

describe('no value starts a line of its own (issue 24, L1)', () => {
  const hostile = 'x\r\nATTENDEE;CN=Mallory:mailto:mallory@evil.example\rY\nZ';
  it('escapes or drops CR, LF and controls in every value: text, URL, names, addresses', () => {
    const text = calendarInvitation({
      ...event,
      uid: `u${hostile}`,
      summary: hostile,
      description: hostile,
      location: hostile,
      url: `https://meet.example/${hostile}`,
      organizer: { name: hostile, email: `o${hostile}@x.example` },
      attendee: { name: hostile, email: 'ines@example.org' },
    });
    const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
    assert.equal(lines.filter((line) => line.startsWith('ATTENDEE')).length, 1, 'one attendee');
    assert.ok(!/\r(?!\n)|(?<!\r)\n/.test(text), 'no bare CR or LF');
    assert.ok(lines.every((line) => /^[A-Z-]+[;:]/.test(line) || line === ''), 'every line is a property');
    assert.equal(parseCalendar(text).SUMMARY, 'x\nATTENDEE;CN=Mallory:mailto:mallory@evil.example\nY\nZ');
    for (const part of text.split('\r\n')) assert.ok(Buffer.byteLength(part, 'utf8') <= 75, part);
  });
});
