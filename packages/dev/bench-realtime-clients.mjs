// The 1,000 clients of the realtime bench, in their own thread so the server's event loop is not
// also parsing every client's messages. Reports each delivery as [client, applicationId, time]
// on the shared clock (performance.timeOrigin + now, the same in every thread).
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, origin, cookie, clients, subscribe } = workerData;
const now = () => performance.timeOrigin + performance.now();
const deliveries = [];
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
        socket.on('message', (data) => {
          const at = now();
          const message = JSON.parse(data.toString());
          if (message.type === 'subscribed') resolve();
          else if (message.type === 'event') deliveries.push([index, message.data.applicationId, at]);
          else if (message.type === 'error') reject(new Error(message.error));
        });
        socket.on('open', () => socket.send(subscribe));
        sockets.push(socket);
      });
    }),
  );
}
parentPort.postMessage({ type: 'ready' });
parentPort.on('message', (message) => {
  if (message === 'report') parentPort.postMessage({ type: 'report', deliveries, closed });
  if (message === 'stop') {
    for (const socket of sockets) socket.terminate();
    parentPort.close();
  }
});
