import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { ApplicationSubmissionSchema, ReferralRequestSchema, submissionIssues, UploadReferenceSchema } from './application-schema';
import { AcceptInvitationBodySchema } from './auth';
import { OpeningCreateBodySchema, OpeningListQuerySchema, PostingCreateBodySchema, PostingPatchBodySchema } from './openings';
import { hasControlCharacters, isRealTimestampDate } from './plain-text';

/** Issue 8, finding 3: the shared schemas refuse control characters and impossible dates, on both sides. */
const HOSTILE = ['\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\u007f', '\ud800', 'x\udc00y', '\u000b'];
const FINE = ['', 'Zoë Ñúñez', 'line one\nline two\r\n\tindented', '😀 emoji', '\u00a0non-breaking', '中文'];

describe('plain text', () => {
  it('tells control characters and lone surrogates from ordinary text', () => {
    for (const text of HOSTILE) assert.equal(hasControlCharacters(text), true, JSON.stringify(text));
    for (const text of FINE) assert.equal(hasControlCharacters(text), false, JSON.stringify(text));
  });

  it('the opening and posting schemas answer errors.controlCharacters', () => {
    for (const text of HOSTILE) {
      const cases: Array<[v.GenericSchema, unknown]> = [
        [OpeningCreateBodySchema, { title: `Title ${text}` }],
        [OpeningCreateBodySchema, { description: text }],
        [OpeningCreateBodySchema, { location: text }],
        [PostingCreateBodySchema, { language: 'en', contents: { en: { title: text } } }],
        [PostingPatchBodySchema, { contents: { en: { title: 'ok', location: text } } }],
        [OpeningListQuerySchema, { search: text }],
        [UploadReferenceSchema, { url: '/v2/storage/64b0c0de0000000000000001', name: `cv${text}.pdf` }],
        [AcceptInvitationBodySchema, { invitationLink: 'a'.repeat(43), firstName: text, lastName: 'x', password: 'long-enough-password' }],
      ];
      for (const [schema, input] of cases) {
        const result = v.safeParse(schema, input);
        assert.equal(result.success, false, JSON.stringify(input));
        assert.ok(result.issues?.some((issue) => issue.message === 'errors.controlCharacters'), JSON.stringify(input));
      }
    }
  });

  it('the apply form and the referral form name the field', () => {
    const application = v.safeParse(ApplicationSubmissionSchema, {
      submissionId: 'abcdefgh',
      firstName: 'Ana\u0000',
      lastName: 'Silva',
      email: 'ana@example.org',
      address: 'Rue\u0000 1',
      cv: { url: '/v2/storage/64b0c0de0000000000000001', name: 'cv.pdf' },
      gdprConsent: true,
    });
    assert.equal(application.success, false);
    const fields = submissionIssues(application.issues ?? []);
    assert.equal(fields.firstName, 'errors.controlCharacters');
    assert.equal(fields.address, 'errors.controlCharacters');
    const referral = v.safeParse(ReferralRequestSchema, { companyId: '64b0c0de0000000000000001', name: '\u0000', email: 'a@b.example' });
    assert.equal(submissionIssues(referral.issues ?? []).name, 'errors.controlCharacters');
  });

});

describe('impossible dates', () => {
  it('isRealTimestampDate knows the calendar', () => {
    for (const good of ['2026-02-28T00:00:00Z', '2028-02-29T12:00:00.000Z', '2026-12-31T23:59:59+02:00']) assert.equal(isRealTimestampDate(good), true, good);
    for (const bad of ['2026-02-29T00:00:00Z', '2026-02-30T00:00:00Z', '2026-04-31T00:00:00Z', '2026-13-01T00:00:00Z', '2026-00-10T00:00:00Z', 'nope']) {
      assert.equal(isRealTimestampDate(bad), false, bad);
    }
  });

  it('validThrough 2026-02-30 answers errors.invalidDate', () => {
    const body = { language: 'en', contents: { en: { title: 'T' } }, validThrough: '2026-02-30T00:00:00Z' };
    const result = v.safeParse(PostingCreateBodySchema, body);
    assert.equal(result.success, false);
    assert.ok(result.issues?.some((issue) => issue.message === 'errors.invalidDate'));
    assert.equal(v.safeParse(PostingPatchBodySchema, { validThrough: '2026-02-30T00:00:00Z' }).success, false);
    assert.equal(v.safeParse(PostingCreateBodySchema, { ...body, validThrough: '2026-02-28T00:00:00Z' }).success, true);
  });
});
