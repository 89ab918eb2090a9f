import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { descriptionText, sanitizeDescription } from './sanitize-description';

describe('sanitizeDescription', () => {
  it('gives back what the rich-text editor saved unchanged, non-breaking spaces as the entity it writes', () => {
    const saved = '<h3>Vos missions</h3><p>Au sein de l’équipe <strong>robotique</strong>, vous :&nbsp;<a href="https://lumen.example/equipe" rel="noopener noreferrer">https://lumen.example/equipe</a></p><ul><li><p>concevez</p></li></ul>';
    assert.equal(sanitizeDescription(saved), saved);
    assert.equal(sanitizeDescription('<p>a\u00a0b &amp; c</p>'), '<p>a&nbsp;b &amp; c</p>');
    assert.equal(descriptionText('<p>vous :&nbsp;ici</p>'), 'vous : ici');
  });
  it('keeps the allowed tags without their attributes', () => {
    assert.equal(sanitizeDescription('<p class="x" style="color:red">Hi <strong>you</strong></p><ul><li>a</li></ul><h3 id="t">T</h3>'), '<p>Hi <strong>you</strong></p><ul><li>a</li></ul><h3>T</h3>');
  });

  it('drops scripts, styles and unknown tags, keeping the text of unknown ones', () => {
    assert.equal(sanitizeDescription('<div><script>alert(1)</script><style>p{}</style><span>text</span><img src=x onerror=alert(1)></div>'), 'text');
    assert.equal(sanitizeDescription('<p onclick="alert(1)">x</p><iframe src="//evil"></iframe>'), '<p>x</p>');
  });

  it('keeps http(s) and mailto links with rel=noopener, drops other schemes', () => {
    assert.equal(sanitizeDescription('<a href="https://ex.com/?a=1&amp;b=2" target="_blank">x</a>'), '<a href="https://ex.com/?a=1&amp;b=2" rel="noopener noreferrer">x</a>');
    assert.equal(sanitizeDescription('<a href="mailto:jobs@ex.com">m</a>'), '<a href="mailto:jobs@ex.com" rel="noopener noreferrer">m</a>');
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'javascript&colon;alert(1)', '&#106;avascript:alert(1)', 'data:text/html,x', '/relative']) {
      assert.equal(sanitizeDescription(`<a href="${href}">x</a>`), '<a>x</a>', href);
    }
  });

  it('escapes text and closes what was left open', () => {
    assert.equal(sanitizeDescription('1 < 2 & 3 > 2 &amp; <p>open <em>em'), '1 &lt; 2 &amp; 3 &gt; 2 &amp; <p>open <em>em</em></p>');
    assert.equal(sanitizeDescription('<p>a</b></p>'), '<p>a</p>');
    assert.equal(sanitizeDescription('<!-- c --><p>x</p>'), '<p>x</p>');
  });

  it('is idempotent', () => {
    const once = sanitizeDescription('<p>x<a href="https://a.b">l</a><br/>y</p><ol><li>1</ol>');
    assert.equal(sanitizeDescription(once), once);
  });

  it('gives the plain text for meta descriptions', () => {
    assert.equal(descriptionText('<p>Hello &amp; welcome</p><ul><li>One</li><li>Two</li></ul>'), 'Hello & welcome One Two');
  });
});

describe('sanitizeDescription on markup only a parser reads right (issue 24: sanitize-html)', () => {
  it('keeps the allowlist for quoted >, fake closing tags in scripts, upper case and foreign content', () => {
    for (const [input, expected] of [
      // An attribute value holding `>` does not end the tag early.
      ['<p title="a>b" onclick="x()">t</p>', '<p>t</p>'],
      // Script content with a fake closing tag inside a string stays dropped.
      ['<script>var s = "</scr" + "ipt>"; alert(1)</script><p>ok</p>', '<p>ok</p>'],
      // Upper-case and odd whitespace in tags.
      ['<P>x</P><A\nHREF="javascript:alert(1)">y</A>', '<p>x</p><a>y</a>'],
      ['<svg><a href="https://ok.example">z</a></svg><p>after</p>', '<p>after</p>'],
    ] as const) {
      assert.equal(sanitizeDescription(input), expected, input);
    }
  });
});
