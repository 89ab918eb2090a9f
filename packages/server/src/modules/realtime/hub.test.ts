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

/** A socket as ws makes it: no extension, a stream that takes frames. */
function streamSocket(): ReturnType<typeof fakeSocket> & { frames: Buffer[] } {
  const frames: Buffer[] = [];
  return { ...fakeSocket(), extensions: '', _socket: { write: (frame: Buffer) => frames.push(frame) }, frames };
}
/** The JSON text of a server text frame (unmasked, so the payload follows the header). */
function textOf(frame: Buffer): string {
  assert.equal(frame[0], 0x81, 'FIN and text opcode');
  const length = frame[1]!;
  return frame.subarray(length === 126 ? 4 : length === 127 ? 10 : 2).toString();
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

  it('frames an event once: every receiver gets the same bytes, company B’s sockets none of company A’s', () => {
    const hub = createRealtimeHub();
    const ofA = [streamSocket(), streamSocket(), streamSocket()];
    const ofB = streamSocket();
    const companyKey = subscriptionKey('REFRESH_RESOURCE', { resource: 'company' });
    for (const socket of ofA) {
      hub.add(socket);
      hub.subscribe(socket, key, A);
      hub.subscribe(socket, companyKey, A);
    }
    hub.add(ofB);
    // The same keys by name, granted for company B.
    hub.subscribe(ofB, key, B);
    hub.subscribe(ofB, companyKey, B);
    hub.publish(created);
    hub.publish({ type: 'COMPANY_CHANGED', companyId: A });
    assert.deepEqual(ofB.frames, []);
    for (const socket of ofA) {
      assert.equal(socket.frames.length, 2);
      assert.equal(socket.frames[0], ofA[0]?.frames[0], 'one buffer shared by all receivers');
      assert.equal(socket.sent.length, 0, 'not framed again by ws');
    }
    const message = JSON.parse(textOf(ofA[0]!.frames[0]!));
    assert.deepEqual(message, { type: 'event', event: 'APPLICATION_CREATED', key, data: { companyId: A, openingId: OPENING, applicationId: created.applicationId } });
    hub.publish({ type: 'COMPANY_CHANGED', companyId: B });
    assert.equal(ofB.frames.length, 1);
    assert.equal(JSON.parse(textOf(ofB.frames[0]!)).data.companyId, B);
    assert.equal(ofA[0]?.frames.length, 2);
  });

  it('follows a key granted again for another company there only, and forgets it on unsubscribe and close', () => {
    const hub = createRealtimeHub();
    const socket = streamSocket();
    hub.add(socket);
    hub.subscribe(socket, key, A);
    hub.subscribe(socket, key, B);
    hub.publish(created);
    assert.equal(socket.frames.length, 0, 'the grant for A was replaced');
    hub.publish({ ...created, companyId: B });
    assert.equal(socket.frames.length, 1);
    hub.unsubscribe(socket, key);
    hub.publish({ ...created, companyId: B });
    assert.equal(socket.frames.length, 1);
    hub.subscribe(socket, key, B);
    hub.remove(socket);
    hub.publish({ ...created, companyId: B });
    assert.equal(socket.frames.length, 1);
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
