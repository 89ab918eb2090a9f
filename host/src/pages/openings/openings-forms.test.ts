import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateForm } from '@rec/core/form-rules';
import { sortStateOf } from './OpeningsListPage';
import { OPENING_RULES, openingInput } from './opening-values';
import { POSTING_RULES, postingFailures, postingInput, valuesOfPosting } from './posting-values';
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
  const content = { title: ' Mechatroniker ', description: '<p>Text</p>', location: '', contract: 'permanent' };

  it('sends every language of the posting under its code, and keeps the chosen channels', () => {
    const input = postingInput({
      language: 'de',
      languages: ['de', 'fr'],
      contents: { de: content, fr: { title: 'Mécatronicien·ne', description: '<ul><li><p>Robots</p></li></ul>', location: ' Esch ', contract: '' } },
      channels: ['SHARE'],
    });
    assert.deepEqual(input, {
      language: 'de',
      contents: {
        de: { title: 'Mechatroniker', description: '<p>Text</p>', contract: 'permanent' },
        fr: { title: 'Mécatronicien·ne', description: '<ul><li><p>Robots</p></li></ul>', location: 'Esch' },
      },
      channels: ['SHARE'],
    });
  });

  it('requires title and description in every language, and names the languages that miss them', () => {
    const failures = postingFailures({ language: 'de', languages: ['de', 'pl'], contents: { de: content, pl: { title: '', description: ' ', location: '', contract: '' } }, channels: [] });
    assert.deepEqual(Object.keys(failures), ['pl']);
    assert.deepEqual(Object.keys(failures.pl ?? {}).sort(), ['description', 'title']);
    assert.deepEqual(Object.keys(validateForm(POSTING_RULES, { title: 'x', description: '', location: '', contract: '' })), ['description']);
  });

  it('reads a stored posting as one tab per language, its own language first', () => {
    const values = valuesOfPosting({
      _id: '64b0c0de0000000000000099',
      openingId: '64b0c0de0000000000000098',
      status: 'OPEN',
      language: 'fr',
      contents: {
        de: { title: 'Titel', description: '<p>De</p>', location: null, contract: null },
        fr: { title: 'Titre', description: '<p>Fr</p>', location: 'Luxembourg', contract: null },
      },
      channels: [{ _id: '64b0c0de0000000000000097', kind: 'BOARD', url: 'https://x.example/offer/c/1' }],
      validThrough: null,
      employmentType: null,
      salary: null,
      addressCountry: null,
      remote: false,
      publishedAt: '2026-01-01T00:00:00.000Z',
      privacyNoticeMissing: [],
    });
    assert.deepEqual(values.languages, ['fr', 'de']);
    assert.deepEqual(values.contents.de, { title: 'Titel', description: '<p>De</p>', location: '', contract: '' });
    assert.deepEqual(values.channels, ['BOARD']);
  });
});

describe('formatDate', () => {
  it('writes DD/MM/YYYY (spec §9) and nothing for a missing or odd value', () => {
    assert.match(formatDate('2026-03-04T12:00:00.000Z'), /^0[34]\/03\/2026$/);
    assert.equal(formatDate(null), '');
    assert.equal(formatDate('not a date'), '');
  });
});
