import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachBackend } from '../../testing/test-database';
import { claimJobRun, dailyPeriod } from './job-runs';

describeEachBackend('job runs', (context) => {
  it('lets exactly one of many racing instances claim a job for a period', async () => {
    const now = new Date('2026-11-23T03:00:00Z');
    const claims = await Promise.all(['a', 'b', 'c', 'd'].map((instance) => claimJobRun(context.db, 'retention', dailyPeriod(now), now, instance)));
    assert.equal(claims.filter(Boolean).length, 1);
    assert.equal(await claimJobRun(context.db, 'retention', dailyPeriod(now), now, 'e'), false);
    assert.equal(await claimJobRun(context.db, 'retention', dailyPeriod(new Date('2026-11-24T03:00:00Z')), now, 'e'), true);
    assert.equal(await claimJobRun(context.db, 'digest', dailyPeriod(now), now, 'e'), true);
  });
});
