import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mailHtml, mailLogoSize } from './company-logo';

describe('the company logo in mails (issue 13)', () => {
  it('scales the logo into its box, never up, keeping its proportions', () => {
    assert.deepEqual(mailLogoSize(400, 120), { width: 160, height: 48 });
    assert.deepEqual(mailLogoSize(1000, 100), { width: 200, height: 20 });
    assert.deepEqual(mailLogoSize(40, 20), { width: 40, height: 20 });
  });

  it('escapes the text and the company name, keeps line breaks and makes links clickable', () => {
    const html = mailHtml('Hello <b>Nina</b>,\nOpen: https://rec.test/a?b=1&c=2', { url: 'https://rec.test/v2/logos/abc', width: 96, height: 48, alt: 'Lumen "Robotics" & Co' });
    assert.match(html, /<img src="https:\/\/rec\.test\/v2\/logos\/abc" width="96" height="48" alt="Lumen &quot;Robotics&quot; &amp; Co"/);
    assert.ok(html.includes('Hello &lt;b&gt;Nina&lt;/b&gt;,<br>'));
    assert.ok(!html.includes('<b>Nina'));
    assert.ok(html.includes('<a href="https://rec.test/a?b=1&amp;c=2">https://rec.test/a?b=1&amp;c=2</a>'));
  });
});
