import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { watchBuildUpdates } from './build-updates';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('build update watch', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setInterval'] }));
  afterEach(() => mock.timers.reset());

  it('takes the first answer as this page’s build and tells once when another is served, every 60 s or on focus', async () => {
    const served = ['b1'];
    let calls = 0;
    let told = 0;
    const target = new EventTarget();
    watchBuildUpdates({
      latest: async () => {
        calls += 1;
        return served[0];
      },
      onNewBuild: () => {
        told += 1;
      },
      target,
    });
    await settle();
    assert.equal(calls, 1);
    mock.timers.tick(59_999);
    await settle();
    assert.equal(calls, 1, 'not before 60 s');
    mock.timers.tick(1);
    await settle();
    assert.equal(calls, 2);
    assert.equal(told, 0, 'same build');
    served[0] = 'b2';
    target.dispatchEvent(new Event('focus'));
    await settle();
    assert.equal(calls, 3, 'focus polls at once');
    assert.equal(told, 1);
    mock.timers.tick(120_000);
    target.dispatchEvent(new Event('focus'));
    await settle();
    assert.equal(calls, 3, 'stopped after telling');
    assert.equal(told, 1);
  });

  it('ignores failed polls', async () => {
    const answers: Array<string | undefined> = ['b1', undefined, 'b1'];
    let told = 0;
    const target = new EventTarget();
    watchBuildUpdates({ latest: async () => answers.shift(), onNewBuild: () => (told += 1), target });
    await settle();
    for (let i = 0; i < 2; i++) {
      target.dispatchEvent(new Event('focus'));
      await settle();
    }
    assert.equal(told, 0);
  });
});
