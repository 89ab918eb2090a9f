import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_BRAND_COLORS } from '@rec/core';
import { brandOfDraft, draftChanges, draftFromBrand, invalidColorKeys, parseHexColor, previewProperties, withColorText } from './brand-draft';

describe('brand editor draft', () => {
  it('reads hex colours as typed: long, short, with or without #, any case; nothing else', () => {
    assert.equal(parseHexColor('#1F5FBF'), '#1f5fbf');
    assert.equal(parseHexColor(' 1f5fbf '), '#1f5fbf');
    assert.equal(parseHexColor('#15b'), '#1155bb');
    for (const text of ['', '#', '#1f5fb', '#1f5fbfaa', 'blue', '#ggg000']) assert.equal(parseHexColor(text), null, text);
  });

  it('fills what the saved brand leaves out with the defaults', () => {
    const draft = draftFromBrand({ colors: { primary: '#B4451F' }, radius: 0 });
    assert.equal(draft.colors.primary, '#b4451f');
    assert.equal(draft.colorText.primary, '#b4451f');
    assert.equal(draft.colors.text, DEFAULT_BRAND_COLORS.text);
    assert.equal(draft.font, 'inherit');
    assert.equal(draft.radius, 0);
    assert.equal(draft.spacing, 1);
  });

  it('keeps a half-typed colour as text while the last valid colour stays in use', () => {
    let draft = withColorText(draftFromBrand({}), 'primary', '#b44');
    assert.equal(draft.colors.primary, '#bb4444');
    draft = withColorText(draft, 'primary', '#b445');
    assert.equal(draft.colorText.primary, '#b445');
    assert.equal(draft.colors.primary, '#bb4444');
    assert.deepEqual(invalidColorKeys(draft), ['primary']);
    draft = withColorText(draft, 'primary', '#B4451F');
    assert.deepEqual(invalidColorKeys(draft), []);
    assert.equal(draft.colors.primary, '#b4451f');
  });

  it('saves only what differs from the defaults; a reset saves an empty brand', () => {
    assert.deepEqual(brandOfDraft(draftFromBrand({})), {});
    // A saved brand that spells out a default value saves without it.
    assert.deepEqual(brandOfDraft(draftFromBrand({ colors: { primary: DEFAULT_BRAND_COLORS.primary, text: '#000000' }, font: 'inherit', radius: 8 })), { colors: { text: '#000000' } });
    const draft = { ...withColorText(draftFromBrand({}), 'primary', 'FFE066'), font: 'serif' as const, radius: 12, spacing: 0.75 + 0.05 * 2 };
    assert.deepEqual(brandOfDraft(draft), { colors: { primary: '#ffe066' }, font: 'serif', radius: 12, spacing: 0.85 });
  });

  it('says whether the draft changes the saved brand', () => {
    const saved = { colors: { primary: '#b4451f' } };
    assert.equal(draftChanges(draftFromBrand(saved), saved), false);
    assert.equal(draftChanges(withColorText(draftFromBrand(saved), 'primary', '#B4451F'), saved), false);
    assert.equal(draftChanges(withColorText(draftFromBrand(saved), 'primary', '#000000'), saved), true);
    assert.equal(draftChanges(withColorText(draftFromBrand(saved), 'primary', '#b4'), saved), true);
  });

  it('previews every token, defaults included, and the page font for the career site font', () => {
    const properties = previewProperties(draftFromBrand({ colors: { primary: '#b4451f' } }), 'Inter, sans-serif');
    assert.equal(properties['--rec-color-primary'], '#b4451f');
    // A default is set too: the page's value must win over a different saved theme.
    assert.equal(properties['--rec-color-surface'], DEFAULT_BRAND_COLORS.surface);
    assert.equal(properties['--rec-radius'], '8px');
    assert.equal(properties['--rec-spacing'], '1rem');
    assert.equal(properties['--rec-font-family'], 'Inter, sans-serif');
    assert.match(previewProperties({ ...draftFromBrand({}), font: 'serif' }, 'Inter')['--rec-font-family'] ?? '', /serif$/);
  });
});
