import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { ApplicationSubmissionSchema, submissionIssues } from './application-schema';
import { checkUploadFile, FILE_EXTENSIONS } from './files';
import { checkRule, firstFailingRule, parseFormDate, ruleMessage, validateForm } from './form-rules';

describe('form rules (spec §5)', () => {
  it('required: non-blank after trim; false and an empty list fail', () => {
    for (const value of ['', '   ', null, undefined, false, []]) assert.equal(checkRule({ name: 'required' }, value), false, JSON.stringify(value));
    for (const value of ['a', true, ['x']]) assert.equal(checkRule({ name: 'required' }, value), true);
  });

  it('email: a pattern, lists checked per item; empty passes', () => {
    assert.equal(checkRule({ name: 'email' }, 'ana@example.org'), true);
    assert.equal(checkRule({ name: 'email' }, 'ana@example'), false);
    assert.equal(checkRule({ name: 'email' }, ['a@b.co', 'c@d.io']), true);
    assert.equal(checkRule({ name: 'email' }, ['a@b.co', 'nope']), false);
    assert.equal(checkRule({ name: 'email' }, ''), true);
  });

  it('min and max count characters, not UTF-16 units', () => {
    assert.equal(checkRule({ name: 'min', length: 3 }, 'ab'), false);
    assert.equal(checkRule({ name: 'max', length: 2 }, '😀😀'), true);
    assert.deepEqual(ruleMessage({ name: 'max', length: 2 }), { key: 'errors.max', params: { length: 2 } });
  });

  it('confirmed, is_not, regex, not_one_of', () => {
    const values = { password: 'secret', old: 'secret' };
    assert.equal(checkRule({ name: 'confirmed', target: 'password' }, 'secret', values), true);
    assert.equal(checkRule({ name: 'confirmed', target: 'password' }, 'other', values), false);
    assert.equal(checkRule({ name: 'is_not', target: 'old' }, 'secret', values), false);
    assert.equal(checkRule({ name: 'regex', pattern: /^\d+$/ }, '12a'), false);
    assert.equal(checkRule({ name: 'not_one_of', values: ['admin'] }, ' admin '), false);
  });

  it('url: http(s) with host or IP, optional port, path, query, hash', () => {
    for (const url of ['https://ex.com', 'http://10.0.0.1:8080/a?b=c#d', 'https://sub.ex-ample.co.uk/path']) assert.equal(checkRule({ name: 'url' }, url), true, url);
    for (const url of ['ftp://ex.com', 'javascript:alert(1)', 'https://', 'ex.com', 'https://ex .com']) assert.equal(checkRule({ name: 'url' }, url), false, url);
  });

  it('date: DD/MM/YYYY, a real date, not in the future', () => {
    assert.deepEqual(parseFormDate('29/02/2024'), new Date(Date.UTC(2024, 1, 29)));
    assert.equal(parseFormDate('29/02/2023'), undefined);
    assert.equal(checkRule({ name: 'date' }, '2024-02-01'), false);
    assert.equal(checkRule({ name: 'date' }, '01/01/2999'), false);
  });

  it('reports the first failing rule per field', () => {
    assert.equal(firstFailingRule([{ name: 'required' }, { name: 'email' }], '')?.name, 'required');
    assert.deepEqual(Object.keys(validateForm({ a: [{ name: 'required' }], b: [{ name: 'email' }] }, { a: '', b: 'x@y.zz' })), ['a']);
  });
});

describe('file checks', () => {
  it('defines every set; CV is images plus text documents', () => {
    assert.deepEqual(Object.keys(FILE_EXTENSIONS).sort(), ['ALL', 'CV', 'IMAGE', 'PDF', 'PRESENTATION', 'TEXT', 'VIDEO', 'WEB_PAGE']);
    assert.deepEqual([...FILE_EXTENSIONS.CV].sort(), [...FILE_EXTENSIONS.IMAGE, ...FILE_EXTENSIONS.TEXT].sort());
    for (const set of Object.values(FILE_EXTENSIONS)) for (const ext of set) assert.ok((FILE_EXTENSIONS.ALL as readonly string[]).includes(ext));
  });

  it('checks extension, then size above 0 and under the limit', () => {
    assert.equal(checkUploadFile({ name: 'cv.PDF', size: 1000 }), null);
    assert.equal(checkUploadFile({ name: 'cv.exe', size: 1000 })?.key, 'offerPage.invalidFileExtension');
    assert.equal(checkUploadFile({ name: 'pdf', size: 1000 })?.key, 'offerPage.invalidFileExtension');
    assert.deepEqual(checkUploadFile({ name: 'cv.pdf', size: 0 }), { key: 'offerPage.maxFileSize', params: { size: 10 } });
    assert.equal(checkUploadFile({ name: 'cv.pdf', size: 10 * 1024 * 1024 })?.key, 'offerPage.maxFileSize');
    assert.equal(checkUploadFile({ name: 'deck.pptx', size: 1 }, FILE_EXTENSIONS.PRESENTATION), null);
  });
});

describe('ApplicationSubmissionSchema', () => {
  const valid = {
    submissionId: 'abcdefgh12',
    firstName: 'Ana',
    lastName: 'Silva',
    email: 'ana@example.org',
    cv: { url: '/v2/storage/64b0c0de0000000000000001', name: 'cv.pdf' },
    gdprConsent: true,
  };
  it('accepts a minimal application and fills the optional fields', () => {
    const result = v.safeParse(ApplicationSubmissionSchema, valid);
    assert.ok(result.success);
    assert.deepEqual(result.output.drivingLicenses, []);
    assert.equal(result.output.phone, '');
  });
  it('names each invalid field with its rule key', () => {
    const result = v.safeParse(ApplicationSubmissionSchema, { ...valid, email: 'x', drivingLicenses: ['Z'], gdprConsent: false, profileUrl: 'ftp://me', cv: undefined });
    assert.ok(!result.success);
    // Whether the CV is required is the opening's configuration (checked by the server's service).
    assert.deepEqual(submissionIssues(result.issues), { email: 'errors.email', drivingLicenses: 'errors.not_one_of', profileUrl: 'errors.url', gdprConsent: 'errors.required' });
  });
});
