import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brandContrastIssues, brandCustomProperties, brandDeclarations, contrastRatio } from './theme';

test('contrast ratio follows WCAG: black on white is 21, a colour on itself is 1', () => {
  assert.equal(Math.round(contrastRatio('#000000', '#ffffff') * 100) / 100, 21);
  assert.equal(contrastRatio('#1f5fbf', '#1f5fbf'), 1);
  // #767676 on white is the classic AA boundary (4.54:1).
  assert.equal(Math.round(contrastRatio('#767676', '#ffffff') * 100) / 100, 4.54);
});

test('the default brand has no contrast issue; a pale primary is flagged against surface and its text', () => {
  assert.deepEqual(brandContrastIssues({}), []);
  const issues = brandContrastIssues({ colors: { primary: '#ffd84d' } });
  assert.deepEqual(
    issues.map((issue) => `${issue.foreground}/${issue.background}`),
    ['primary/surface', 'primary/background', 'onPrimary/primary'],
  );
  assert.ok(issues.every((issue) => issue.ratio < 4.5));
});

test('brand tokens map to the documented custom properties, leaving out what the brand does not set', () => {
  assert.deepEqual(brandCustomProperties({}), []);
  assert.deepEqual(brandCustomProperties({ colors: { primary: '#b4451f' }, font: 'inherit', radius: 0, spacing: 1.25 }), [
    ['--rec-color-primary', '#b4451f'],
    ['--rec-radius', '0px'],
    ['--rec-spacing', '1.25rem'],
  ]);
  assert.match(brandDeclarations({ font: 'serif' }), /^--rec-font-family:Charter,.*serif$/);
});
