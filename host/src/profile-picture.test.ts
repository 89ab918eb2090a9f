// pictureSrc lives in @rec/ui, whose own tests run in the browser (web-test-runner); the
// rule is plain, so it is checked here with the host's node tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROFILE_PICTURE_BORDER, PROFILE_PICTURE_DEFAULT_SIZE, pictureSrc } from '@rec/ui';

describe('profile picture source', () => {
  it('builds a data: URL from an inline {type, base64} image', () => {
    assert.equal(pictureSrc({ type: 'image/png', base64: 'iVBORw0KGgo=' }), 'data:image/png;base64,iVBORw0KGgo=');
  });

  it('keeps web URLs, refuses script and non-image values, falls back to the icon for none', () => {
    assert.equal(pictureSrc('https://cdn.example/p.png'), 'https://cdn.example/p.png');
    assert.equal(pictureSrc('javascript:alert(1)'), undefined);
    assert.equal(pictureSrc({ type: 'text/html', base64: 'PGI+' }), undefined);
    assert.equal(pictureSrc({ type: 'image/png', base64: '"><script>' }), undefined);
    assert.equal(pictureSrc(null), undefined);
  });

  it('is 100 x 100 by default, the border taking 4 px off the image', () => {
    assert.equal(PROFILE_PICTURE_DEFAULT_SIZE, 100);
    assert.equal(PROFILE_PICTURE_BORDER, 4);
  });
});
