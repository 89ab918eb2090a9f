import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachBackend } from '../../testing/test-database';
import { everyPeriod, hourlyPeriod, createScheduler } from './scheduler';

const silent = { info() {}, error() {} };

describeEachBackend('the background job scheduler', (context) => {
  it('runs a job once per period however many instances check it', async () => {
    let clock = new Date('2026-11-23T08:10:00Z');
    const runs: string[] = [];
    const instances = ['a', 'b', 'c'].map((instance) => {
      const scheduler = createScheduler({ db: context.db, log: silent, now: () => clock, instance });
      scheduler.register('test.sweep', hourlyPeriod, async () => {
        runs.push(instance);
      });
      return scheduler;
    });
    await Promise.all(instances.map((scheduler) => scheduler.runDue()));
    assert.equal(runs.length, 1, 'one instance ran it');
    await Promise.all(instances.map((scheduler) => scheduler.runDue()));
    clock = new Date('2026-11-23T08:59:00Z');
    await Promise.all(instances.map((scheduler) => scheduler.runDue()));
    assert.equal(runs.length, 1, 'not again within the hour');
    clock = new Date('2026-11-23T09:00:00Z');
    await Promise.all(instances.map((scheduler) => scheduler.runDue()));
    assert.equal(runs.length, 2, 'once more in the next hour');
    const trace = await context.db.selectFrom('job_runs').select(['period', 'instance']).where('name', '=', 'test.sweep').orderBy('period').execute();
    assert.deepEqual(
      trace.map((row) => row.period),
      ['2026-11-23T08', '2026-11-23T09'],
    );
    await Promise.all(instances.map((scheduler) => scheduler.stop()));
  });

  it('logs a failing job and keeps running the others', async () => {
    const errors: string[] = [];
    const scheduler = createScheduler({
      db: context.db,
      log: { info() {}, error: (_details, message) => errors.push(message) },
      now: () => new Date('2026-11-23T10:00:00Z'),
      instance: 'x',
    });
    let ran = false;
    scheduler.register('test.fails', everyPeriod(60_000), async () => {
      throw new Error('boom');
    });
    scheduler.register('test.works', everyPeriod(60_000), async () => {
      ran = true;
    });
    assert.deepEqual(await scheduler.runDue(), ['test.fails', 'test.works']);
    assert.equal(ran, true);
    assert.deepEqual(errors, ['background job failed']);
    assert.throws(() => scheduler.register('test.works', hourlyPeriod, async () => {}), /twice/);
  });

  it('waits for a job under way on stop (before the database closes)', async () => {
    const scheduler = createScheduler({ db: context.db, log: silent, now: () => new Date('2026-11-23T11:00:00Z'), instance: 'y', tickMs: 5 });
    let finished = false;
    scheduler.register('test.slow', hourlyPeriod, async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      finished = true;
    });
    scheduler.start();
    for (let i = 0; i < 200 && !(await context.db.selectFrom('job_runs').select('name').where('name', '=', 'test.slow').executeTakeFirst()); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await scheduler.stop();
    assert.equal(finished, true);
  });
});
