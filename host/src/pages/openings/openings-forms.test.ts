import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateForm } from '@rec/core/form-rules';
import { sortStateOf } from './OpeningsListPage';
import { OPENING_RULES, openingInput } from './OpeningWizardPage';
import { POSTING_RULES, postingInput } from './PostingWizardPage';
import { formatDate } from './shared';

describe('openings list sort', () => {
  it('maps the API sort to the column and direction the table shows (aria-sort)', () => {
    assert.deepEqual(sortStateOf('-updatedAt'), { column: 'updatedAt', direction: 'descending' });
    assert.deepEqual(sortStateOf('title'), { column: 'title', direction: 'ascending' });
    assert.equal(sortStateOf('status'), null);
    assert.equal(sortStateOf(undefined), null);
  });
});

describe('opening form', () => {
  const values = { title: '  Robotics engineer ', referenceCode: ' ', language: 'fr', location: 'Luxembourg', contract: '', description: '' };

  it('sends trimmed values and leaves blank optional fields out', () => {
    assert.deepEqual(openingInput(values), { title: 'Robotics engineer', language: 'fr', location: 'Luxembourg' });
  });

  it('requires a title and bounds the lengths (messages errors.required / errors.max)', () => {
    assert.deepEqual(Object.keys(validateForm(OPENING_RULES, { ...values, title: '   ' })), ['title']);
    assert.equal(validateForm(OPENING_RULES, { ...values, referenceCode: 'x'.repeat(41) }).referenceCode?.name, 'max');
    assert.deepEqual(validateForm(OPENING_RULES, values), {});
  });
});

describe('posting form', () => {
  it('puts the content under its language and keeps the chosen channels', () => {
    const input = postingInput({ language: 'de', title: ' Mechatroniker ', description: 'Text', location: '', contract: 'permanent', channels: ['SHARE'] });
    assert.deepEqual(input, { language: 'de', contents: { de: { title: 'Mechatroniker', description: 'Text', contract: 'permanent' } }, channels: ['SHARE'] });
  });

  it('requires title and description', () => {
    const failures = validateForm(POSTING_RULES, { language: 'en', title: '', description: ' ', location: '', contract: '' });
    assert.deepEqual(Object.keys(failures).sort(), ['description', 'title']);
  });
});

describe('formatDate', () => {
  it('writes DD/MM/YYYY (spec §9) and nothing for a missing or odd value', () => {
    assert.match(formatDate('2026-03-04T12:00:00.000Z'), /^0[34]\/03\/2026$/);
    assert.equal(formatDate(null), '');
    assert.equal(formatDate('not a date'), '');
  });
});
