import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { DashboardResultsQuerySchema, dateRangeOf, defaultPanels, isPanelShapeValid, normalizePanel, PanelSchema } from './insights';

describe('dashboard panels as data', () => {
  it('accepts the default panels and refuses shapes that do not go together', () => {
    for (const panel of defaultPanels()) assert.ok(v.is(PanelSchema, panel), panel.id);
    assert.equal(isPanelShapeValid({ type: 'KPI', metric: 'APPLICATIONS', dimension: 'WEEK' }), false, 'a KPI has no dimension');
    assert.equal(isPanelShapeValid({ type: 'BREAKDOWN', metric: 'APPLICATIONS' }), false, 'a breakdown needs one');
    assert.equal(isPanelShapeValid({ type: 'BREAKDOWN', metric: 'SOURCE_MIX', dimension: 'OPENING' }), false, 'the source mix is by source');
    assert.equal(isPanelShapeValid({ type: 'KPI', metric: 'TIME_IN_STAGE' }), false, 'time in stage needs a stage');
    assert.equal(isPanelShapeValid({ type: 'FUNNEL', metric: 'HIRES', dimension: 'STAGE' }), false);
    assert.equal(isPanelShapeValid({ type: 'TIME_SERIES', metric: 'HIRES', dimension: 'WEEK' }), true);
  });

  it('normalises a panel after its type or metric changed', () => {
    assert.deepEqual(normalizePanel({ type: 'FUNNEL', metric: 'APPLICATIONS', dimension: 'OPENING' }), { type: 'FUNNEL', metric: 'REACHED_STAGE', dimension: 'STAGE' });
    assert.deepEqual(normalizePanel({ type: 'KPI', metric: 'REACHED_STAGE', dimension: 'WEEK' }), { type: 'KPI', metric: 'REACHED_STAGE', stage: 'INTERVIEW' });
    assert.deepEqual(normalizePanel({ type: 'TABLE', metric: 'SOURCE_MIX' }), { type: 'TABLE', metric: 'SOURCE_MIX', dimension: 'SOURCE' });
    for (const type of ['KPI', 'TIME_SERIES', 'FUNNEL', 'BREAKDOWN', 'TABLE'] as const) {
      assert.ok(isPanelShapeValid(normalizePanel({ type, metric: 'TIME_IN_STAGE', stage: 'OFFER' })), type);
    }
  });

  it('turns a preset into UTC days, both included', () => {
    const today = new Date('2026-03-15T20:00:00Z');
    assert.deepEqual(dateRangeOf({ period: 'LAST_7_DAYS' }, today), { from: '2026-03-09', to: '2026-03-15' });
    assert.deepEqual(dateRangeOf({ period: 'CUSTOM', from: '2026-01-01', to: '2026-01-31' }, today), { from: '2026-01-01', to: '2026-01-31' });
  });

  it('reads the results query in every list form; an empty openingIds means every opening', () => {
    const parse = (query: Record<string, string | string[]>) => v.parse(DashboardResultsQuerySchema, query);
    const id = '64b00e1e0000000000000062';
    assert.deepEqual(parse({ 'openingIds[]': id }).openingIds, [id]);
    assert.deepEqual(parse({ openingIds: `${id},${id}` }).openingIds, [id, id]);
    assert.deepEqual(parse({ openingIds: '' }).openingIds, []);
    assert.equal(parse({}).openingIds, undefined);
    assert.equal(v.is(DashboardResultsQuerySchema, { from: '2026-02-30' }), false);
    assert.equal(v.is(DashboardResultsQuerySchema, { period: 'YESTERDAY' }), false);
  });
});
