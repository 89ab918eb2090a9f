import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import WebSocket from 'ws';
import { frameSinkOf, prepareText } from './prepared-frame';

/** Texts around each header form's limits (7-bit, 16-bit, 64-bit length), with multi-byte characters. */
const texts = ['', 'a'.repeat(125), 'é'.repeat(63), 'x'.repeat(126), `{"ü":"${'z'.repeat(65_000)}"}`, 'y'.repeat(65_535), 'q'.repeat(65_536), 'ł'.repeat(40_000)];

describe('prepared websocket frames', () => {
  // The server side as in production: @fastify/websocket (its own ws) with deflate off, as routes.ts registers it.
  const app = Fastify();
  let client: WebSocket;
  const received: string[] = [];
  before(async () => {
    await app.register(websocket, { options: { perMessageDeflate: false } });
    let sinkFound = false;
    app.get('/frames', { websocket: true }, (socket) => {
      const sink = frameSinkOf(socket);
      sinkFound = sink !== null;
      for (const text of texts) sink?.write(prepareText(text).frame);
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // A client offering permessage-deflate (ws's default, as browsers do): the server must still refuse it.
    client = new WebSocket(`${address.replace('http', 'ws')}/frames`);
    client.on('message', (data) => received.push(data.toString()));
    await new Promise((resolve) => client.once('open', resolve));
    assert.equal(client.extensions, '', 'no extension negotiated');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(sinkFound, 'frames go straight to the stream');
  });
  after(async () => {
    client.terminate();
    await app.close();
  });

  it('are read by a real ws client as the exact texts, at every header length', async () => {
    const started = Date.now();
    while (received.length < texts.length && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(received.length, texts.length);
    for (const [index, text] of received.entries()) assert.equal(text, texts[index], `text ${index} (${texts[index]?.length} characters)`);
  });

  it('leave a socket with a negotiated extension to ws (it compresses per socket)', () => {
    assert.equal(frameSinkOf({ extensions: 'permessage-deflate', _socket: { write: () => true } }), null);
    assert.equal(frameSinkOf({ extensions: '' }), null);
  });
});
