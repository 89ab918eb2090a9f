// The 1,000 clients of the realtime bench, in their own thread so the server's event loop is not
// also parsing every client's messages. Reports each delivery as [client, applicationId, time]
// on the shared clock (performance.timeOrigin + now, the same in every thread).
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, origin, cookie, clients, subscribe } = workerData;
const now = () => performance.timeOrigin + performance.now();
/** Flat triples (client, message text, time): one push per message, nothing allocated per entry. */
const received = [];
let closed = 0;
const sockets = [];

for (let batch = 0; batch < clients; batch += 100) {
  await Promise.all(
    Array.from({ length: Math.min(100, clients - batch) }, (_, offset) => {
      const index = batch + offset;
      return new Promise((resolve, reject) => {
        const socket = new WebSocket(url, { headers: { origin, cookie } });
        socket.on('error', reject);
        socket.on('close', () => {
          closed += 1;
        });
        let subscribed = false;
        socket.on('message', (data) => {
          const at = now();
          // Once subscribed only events come: keep the text and read it at report time, so one
          // client's parsing does not delay the next client's receive time.
          if (subscribed) {
            received.push(index, data, at);
            return;
          }
          const message = JSON.parse(data.toString());
          if (message.type === 'subscribed') {
            subscribed = true;
            resolve();
          } else if (message.type === 'error') reject(new Error(message.error));
        });
        socket.on('open', () => socket.send(subscribe));
        sockets.push(socket);
      });
    }),
  );
}
parentPort.postMessage({ type: 'ready' });
parentPort.on('message', (message) => {
  if (message === 'report') {
    const deliveries = [];
    for (let i = 0; i < received.length; i += 3) {
      const event = JSON.parse(received[i + 1].toString());
      if (event.type === 'event') deliveries.push([received[i], event.data.applicationId, received[i + 2]]);
    }
    parentPort.postMessage({ type: 'report', deliveries, closed });
  }
  if (message === 'stop') {
    for (const socket of sockets) socket.terminate();
    parentPort.close();
  }
});
