import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { subscriptionKey } from '@rec/core/realtime';
import { createRealtimeClient, type SocketLike } from './client';

const OPENING = '64b0c0de00000000000000a1';
const COMPANY = '64b0c0de0000000000000001';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Array<{ type: string; event: string; params: unknown }> = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    if (this.readyState !== 1) throw new Error('send while not open');
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  deliver(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('realtime client', () => {
  let sockets: FakeSocket[];
  const client = () =>
    createRealtimeClient({
      url: 'ws://rec.test/v2/realtime',
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
    });
  beforeEach(() => {
    sockets = [];
    mock.timers.enable({ apis: ['setTimeout'] });
  });
  afterEach(() => mock.timers.reset());

  it('shares one socket and one subscription between listeners, and unsubscribes after the last', () => {
    const realtime = client();
    const seen: string[] = [];
    const stopA = realtime.subscribe('APPLICATION_CREATED', { openingId: OPENING }, (data) => seen.push(`a:${data.applicationId}`));
    const stopB = realtime.subscribe('APPLICATION_CREATED', { openingId: OPENING }, (data) => seen.push(`b:${data.applicationId}`));
    assert.equal(sockets.length, 1);
    sockets[0]!.open();
    assert.deepEqual(sockets[0]!.sent, [{ type: 'subscribe', event: 'APPLICATION_CREATED', params: { openingId: OPENING } }]);
    const key = subscriptionKey('APPLICATION_CREATED', { openingId: OPENING });
    sockets[0]!.deliver({ type: 'event', event: 'APPLICATION_CREATED', key, data: { companyId: COMPANY, applicationId: 'x' } });
    assert.deepEqual(seen, ['a:x', 'b:x']);
    stopA();
    assert.equal(sockets[0]!.sent.length, 1, 'B still listens');
    stopB();
    assert.deepEqual(sockets[0]!.sent.at(-1), { type: 'unsubscribe', event: 'APPLICATION_CREATED', params: { openingId: OPENING } });
  });

  it('retries a message sent while closed every 100 ms, sending it once when open', () => {
    const realtime = client();
    realtime.subscribe('APPLICATION_CREATED', { openingId: OPENING }, () => {});
    sockets[0]!.open();
    sockets[0]!.drop();
    // Subscribed while the socket is down: nothing can go out yet.
    realtime.subscribe('CANDIDATE_UPDATED', { openingId: OPENING }, () => {});
    mock.timers.tick(100);
    mock.timers.tick(100);
    assert.equal(sockets.length, 1, 'no reconnect before 2000 ms');
    mock.timers.tick(1800);
    assert.equal(sockets.length, 2, 'reconnects 2000 ms after the close');
    mock.timers.tick(300);
    assert.deepEqual(sockets[1]!.sent, [], 'still connecting: kept, not lost');
    sockets[1]!.open();
    mock.timers.tick(500);
    assert.deepEqual(
      (sockets[1]!.sent as FakeSocket['sent']).map((message) => message.event).sort(),
      ['APPLICATION_CREATED', 'CANDIDATE_UPDATED'],
      'everything resubscribed once, the retried message not twice',
    );
  });

  it('sends a subscribe made before the first open once the socket opens (retry every 100 ms)', () => {
    const realtime = client();
    realtime.subscribe('REFRESH_RESOURCE', { resource: 'company' }, () => {});
    assert.deepEqual(sockets[0]!.sent, []);
    mock.timers.tick(100);
    (sockets[0] as FakeSocket).readyState = 1; // open, before its open handler ran: the retry sends it
    mock.timers.tick(100);
    assert.equal(sockets[0]!.sent.length, 1);
  });

  it('drops a refused subscription and tells its listener', () => {
    const realtime = client();
    const errors: string[] = [];
    realtime.subscribe('APPLICATION_CREATED', { openingId: OPENING }, () => {}, (error) => errors.push(error));
    sockets[0]!.open();
    sockets[0]!.deliver({ type: 'error', event: 'APPLICATION_CREATED', key: subscriptionKey('APPLICATION_CREATED', { openingId: OPENING }), error: 'errors.forbidden' });
    assert.deepEqual(errors, ['errors.forbidden']);
    sockets[0]!.drop();
    mock.timers.tick(2000);
    assert.equal(sockets.length, 1, 'nothing left to follow: no reconnect');
  });

  it('stops for good on close', () => {
    const realtime = client();
    realtime.subscribe('APPLICATION_CREATED', { openingId: OPENING }, () => {});
    sockets[0]!.open();
    realtime.close();
    sockets[0]!.onclose?.({});
    mock.timers.tick(5000);
    assert.equal(sockets.length, 1);
  });
});
