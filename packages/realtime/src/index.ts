import { REALTIME_PATH } from '@rec/core/realtime';
import { createRealtimeClient, type RealtimeClient } from './client';

export { createRealtimeClient, type RealtimeClient, type RealtimeClientOptions, type RealtimeErrorListener, type RealtimeListener, type SocketLike } from './client';

const SHARED = Symbol.for('rec.realtime');

/**
 * The tab's one socket, shared by every page and element (even from separately built bundles:
 * it lives on globalThis under a registered symbol). `base` is the API's origin, default the page's.
 */
export function sharedRealtime(base?: string): RealtimeClient {
  const holder = globalThis as { [SHARED]?: RealtimeClient };
  if (!holder[SHARED]) {
    const origin = new URL(base ?? globalThis.location.origin);
    origin.protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
    holder[SHARED] = createRealtimeClient({ url: new URL(REALTIME_PATH, origin).toString() });
  }
  return holder[SHARED];
}
