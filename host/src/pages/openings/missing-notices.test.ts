import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { missingNotices, type PostingValues } from './posting-values';

const values = (language: string, languages: string[]): PostingValues =>
  ({ language, languages, contents: {}, channels: ['BOARD'], salary: null }) as unknown as PostingValues;

describe('the posting wizard’s privacy notice warning (issue 25)', () => {
  it('names the languages without a notice, the notice candidates get instead, and asks to confirm a new one', () => {
    assert.deepEqual(missingNotices(values('pl', ['pl', 'fr']), [], ['fr', 'en']), { missing: ['pl'], fallback: 'fr', needsConfirm: true });
    // The posting's own language has a notice: it is the one Polish candidates read.
    assert.deepEqual(missingNotices(values('en', ['en', 'pl']), [], ['fr', 'en']), { missing: ['pl'], fallback: 'en', needsConfirm: true });
  });

  it('already published languages keep their warning without a new confirmation; a company without notices gets the platform’s', () => {
    assert.deepEqual(missingNotices(values('fr', ['fr', 'pl']), ['fr', 'pl'], ['fr']), { missing: ['pl'], fallback: 'fr', needsConfirm: false });
    assert.deepEqual(missingNotices(values('fr', ['fr']), [], []), { missing: ['fr'], fallback: undefined, needsConfirm: true });
    assert.deepEqual(missingNotices(values('fr', ['fr']), [], undefined), { missing: [], fallback: undefined, needsConfirm: false }, 'unknown: the server decides');
  });
});
