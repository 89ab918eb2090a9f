import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emittedSelection, initialSelection, searchRecruiters, shareChanges } from './share-selection';

describe('dashboard share selection (spec §4)', () => {
  it('starts as the allowed recruiters minus me', () => {
    assert.deepEqual(initialSelection(['me', 'a', 'b'], 'me'), ['a', 'b']);
    assert.deepEqual(initialSelection(['me'], 'me'), []);
  });

  it('emits the selection plus my id on every change, and clearing all leaves only me', () => {
    assert.deepEqual(emittedSelection(['a', 'b'], 'me'), ['a', 'b', 'me']);
    assert.deepEqual(emittedSelection([], 'me'), ['me']);
    assert.deepEqual(emittedSelection(['me', 'a'], 'me'), ['a', 'me'], 'me never twice');
  });

  it('adds each new recruiter and removes the dropped ones as one list', () => {
    assert.deepEqual(shareChanges(['me', 'a', 'b'], ['me', 'b', 'c', 'd']), { add: ['c', 'd'], remove: ['a'] });
    assert.deepEqual(shareChanges(['me', 'a'], ['me']), { add: [], remove: ['a'] });
    assert.deepEqual(shareChanges(['me'], ['me']), { add: [], remove: [] });
  });

  it('searches by name or e-mail, ignoring case and accents, never offering me', () => {
    const people = [
      { _id: 'me', fullName: 'Claire Dubois', email: 'claire@x' },
      { _id: 'v', fullName: 'Victor Lang', email: 'victor@x' },
      { _id: 'z', fullName: 'Zoé Łukasz', email: 'zoe@x' },
      { _id: 'n', fullName: '', email: 'nameless@x' },
    ];
    assert.deepEqual(searchRecruiters(people, 'me', '').map((p) => p._id), ['v', 'z', 'n']);
    assert.deepEqual(searchRecruiters(people, 'me', 'ZOE').map((p) => p._id), ['z']);
    assert.deepEqual(searchRecruiters(people, 'me', 'nameless').map((p) => p._id), ['n']);
    assert.deepEqual(searchRecruiters(people, 'me', 'claire').map((p) => p._id), []);
  });
});
