import { type RealtimeEvent, type RealtimeEventData, type RealtimeParams, subscriptionKey } from '@rec/core/realtime';
import { sharedRealtime } from '@rec/realtime';
import { useEffect, useRef } from 'react';

/**
 * Follows a realtime event while the component is mounted (`params` null: not yet known). The
 * tab's one socket carries it; the listener may change on every render without resubscribing.
 */
export function useRealtime(event: RealtimeEvent, params: RealtimeParams | null, onEvent: (data: RealtimeEventData) => void): void {
  const listener = useRef(onEvent);
  listener.current = onEvent;
  const latest = useRef(params);
  latest.current = params;
  // The key, not the params object: a new object with the same ids is the same subscription.
  const key = params ? subscriptionKey(event, params) : null;
  useEffect(() => {
    const current = latest.current;
    if (!key || !current) return;
    return sharedRealtime().subscribe(event, current, (data) => listener.current(data));
  }, [event, key]);
}

/** A callback that runs `action` once after a burst of calls settles (ten applications in a second: one reload). */
export function useCoalesced(action: () => void, delayMs = 250): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => () => clearTimeout(timer.current), []);
  const run = useRef(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), delayMs);
  });
  return run.current;
}
