import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { ApplicationSourceSchema } from './application-schema';
import { cleanApplicationSource, cleanReferrer, cleanSourceText, SOURCE_REFERRER_MAX, SOURCE_TEXT_MAX } from './application-source';

describe('application source', () => {
  it('keeps the origin and path of an http(s) referrer, never its query or fragment', () => {
    assert.equal(cleanReferrer('https://www.google.com/search?q=jane%40example.org#top'), 'https://www.google.com/search');
    assert.equal(cleanReferrer('http://Example.COM'), 'http://example.com/');
    assert.equal(cleanReferrer(`https://example.com/${'a'.repeat(SOURCE_REFERRER_MAX)}`), 'https://example.com', 'too long: the origin alone');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'not a url', '', 42, null]) assert.equal(cleanReferrer(bad), undefined, String(bad));
  });

  it('cleans a campaign value to short plain text', () => {
    assert.equal(cleanSourceText('  spring\n\t2026  '), 'spring 2026');
    assert.equal(cleanSourceText('x'.repeat(500))?.length, SOURCE_TEXT_MAX);
    // A cut inside a surrogate pair drops the lone half.
    assert.equal(cleanSourceText(`${'x'.repeat(SOURCE_TEXT_MAX - 1)}😀`), 'x'.repeat(SOURCE_TEXT_MAX - 1));
    assert.equal(cleanSourceText('\u0000\u0007'), undefined);
    assert.equal(cleanSourceText(7), undefined);
  });

  it('cleans on the widget side exactly what the server schema accepts', () => {
    const raw = { utmSource: ' LinkedIn ', utmMedium: 'social\r\n', utmCampaign: 'c'.repeat(300), referrer: 'https://t.co/abc?amp=1' };
    const cleaned = cleanApplicationSource(raw);
    assert.deepEqual(cleaned, { utmSource: 'LinkedIn', utmMedium: 'social', utmCampaign: 'c'.repeat(SOURCE_TEXT_MAX), referrer: 'https://t.co/abc' });
    assert.ok(v.is(ApplicationSourceSchema, cleaned));
    assert.ok(!v.is(ApplicationSourceSchema, raw), 'the raw values are refused');
    assert.equal(cleanApplicationSource({ utmSource: ' ', referrer: 'ftp://x' }), undefined);
  });
});
