import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PipelineItem } from '@rec/core/pipeline';
import { BOARD_CAP, boardColumns, loadedCountOf, moreCountOf, nextPageOf, pinMoved, unpinLoaded } from './board-columns';

const item = (id: string, stage: string): PipelineItem => ({
  applicationId: id,
  candidateId: `c-${id}`,
  name: `Name ${id}`,
  email: `${id}@example.org`,
  stage,
  stageSince: '2026-01-01T00:00:00.000Z',
  appliedAt: '2026-01-01T00:00:00.000Z',
  source: 'BOARD',
  language: 'fr',
  steps: [],
});
const ids = (items: readonly PipelineItem[] | undefined) => (items ?? []).map((one) => one.applicationId);

describe('pipeline board columns (issue 11: capped columns, "show more")', () => {
  it('caps a column at one page and offers the next page, or what is left', () => {
    assert.equal(BOARD_CAP, 20);
    assert.equal(moreCountOf(30, 20), 10);
    assert.equal(moreCountOf(2000, 20), 20);
    assert.equal(moreCountOf(40, 40), 0);
    assert.equal(moreCountOf(5, 6), 0, 'a pinned card beyond a stale count offers nothing, not a negative');
  });

  it('continues a column with the page after the cards loaded', () => {
    assert.equal(nextPageOf(20), 2);
    assert.equal(nextPageOf(40), 3);
    assert.equal(nextPageOf(0), 1);
  });

  it('groups the first cards, then the added pages, then the pins, each application once', () => {
    const first = [item('a', 'NEW'), item('b', 'NEW'), item('x', 'OFFER')];
    const more = { NEW: [item('b', 'NEW'), item('c', 'NEW')] };
    const pinned = [item('p', 'OFFER'), item('c', 'OFFER')];
    const columns = boardColumns(first, more, pinned);
    assert.deepEqual(ids(columns.get('NEW')), ['a', 'b', 'c']);
    assert.deepEqual(ids(columns.get('OFFER')), ['x', 'p'], 'a pin the loaded pages hold is shown where they put it');
    assert.equal(loadedCountOf(first, more, 'NEW'), 4, 'the next page starts after everything loaded, repeats included');
    assert.equal(loadedCountOf(first, more, 'OFFER'), 1, 'pins are not loaded pages');
  });

  it('pins a moved card in its new column (its latest move only) until loaded data holds it', () => {
    const moved = pinMoved(pinMoved([], item('a', 'NEW'), 'OFFER'), item('a', 'OFFER'), 'HIRED');
    assert.deepEqual(
      moved.map((pin) => [pin.applicationId, pin.stage]),
      [['a', 'HIRED']],
    );
    const kept = unpinLoaded(moved, [item('z', 'NEW')], {});
    assert.equal(kept, moved, 'unchanged pins keep their identity (no needless render)');
    assert.deepEqual(unpinLoaded(moved, [], { HIRED: [item('a', 'HIRED')] }), []);
  });
});
