import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { subscriptionKey } from '@rec/core/realtime';
import { createRealtimeHub, type HubSocket } from './hub';

const A = '64b0c0de0000000000000001';
const B = '64b0c0de0000000000000002';
const OPENING = '64b0c0de00000000000000a1';

function fakeSocket(): HubSocket & { sent: string[]; pings: number; terminated: boolean; bufferedAmount: number } {
  return {
    sent: [],
    pings: 0,
    terminated: false,
    bufferedAmount: 0,
    readyState: 1,
    send(data) {
      this.sent.push(data.toString());
    },
    ping() {
      this.pings += 1;
    },
    terminate() {
      this.terminated = true;
    },
  };
}

const created = { type: 'APPLICATION_CREATED', companyId: A, openingId: OPENING, applicationId: '64b0c0de00000000000000f1' } as const;
const key = subscriptionKey('APPLICATION_CREATED', { openingId: OPENING });

describe('realtime hub', () => {
  it('terminates a socket that missed one pong, keeps one that answered', () => {
    const hub = createRealtimeHub();
    const quiet = fakeSocket();
    const lively = fakeSocket();
    hub.add(quiet);
    hub.add(lively);
    hub.heartbeat();
    assert.equal(quiet.pings, 1);
    hub.pong(lively);
    hub.heartbeat();
    assert.equal(quiet.terminated, true);
    assert.equal(lively.terminated, false);
    assert.equal(lively.pings, 2);
    assert.equal(hub.size, 1);
  });

  it('drops a client whose unsent bytes pass the bound instead of buffering more', () => {
    const hub = createRealtimeHub({ maxBufferedBytes: 1000 });
    const slow = fakeSocket();
    const fast = fakeSocket();
    for (const socket of [slow, fast]) {
      hub.add(socket);
      hub.subscribe(socket, key, A);
    }
    slow.bufferedAmount = 1001;
    hub.publish(created);
    assert.equal(slow.terminated, true);
    assert.equal(slow.sent.length, 0);
    assert.equal(fast.sent.length, 1);
    assert.equal(hub.dropped, 1);
    assert.equal(hub.size, 1);
  });

  it('never delivers an event of another company than the subscription was granted for', () => {
    const hub = createRealtimeHub();
    const socket = fakeSocket();
    hub.add(socket);
    hub.subscribe(socket, key, B);
    hub.publish(created);
    assert.deepEqual(socket.sent, []);
  });

  it('limits the subscriptions of one socket', () => {
    const hub = createRealtimeHub({ maxSubscriptions: 2 });
    const socket = fakeSocket();
    hub.add(socket);
    assert.ok(hub.subscribe(socket, 'a', A));
    assert.ok(hub.subscribe(socket, 'b', A));
    assert.ok(hub.subscribe(socket, 'a', A), 'the same key again is no new subscription');
    assert.equal(hub.subscribe(socket, 'c', A), false);
  });
});
