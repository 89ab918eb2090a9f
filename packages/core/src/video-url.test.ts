import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { AppointmentOfferBodySchema } from './portal';

const offer = (videoUrl: string) => ({ applicationId: 'a'.repeat(24), durationMinutes: 30, slots: ['2027-01-04T09:00:00Z'], videoUrl });

describe('appointment video links are one line of https (issue 24, L1)', () => {
  it('refuses CR, LF, tabs and other whitespace or controls inside the URL, and anything not https', () => {
    for (const url of [
      'https://meet.example/room\r\nATTENDEE:mailto:mallory@evil.example',
      'https://meet.example/room\nX',
      'https://meet.example/ro\tom',
      'https://meet.example/ro om',
      'https://meet.example/\u0000',
      'https://meet.example/a\u2028b',
      'http://meet.example/room',
      'javascript:alert(1)',
    ]) {
      const result = v.safeParse(AppointmentOfferBodySchema, offer(url));
      assert.ok(!result.success && result.issues.some((issue) => issue.message === 'errors.url'), JSON.stringify(url));
    }
  });

  it('keeps a plain https link and an empty one', () => {
    for (const url of ['https://meet.example/room?id=1', ' https://meet.example/room ', '']) assert.ok(v.safeParse(AppointmentOfferBodySchema, offer(url)).success, url);
  });
});
