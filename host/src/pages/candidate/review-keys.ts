import { useEffect, useLayoutEffect, useRef } from 'react';
import { isTyping } from './format';

/** The single-key shortcuts of the candidate page. */
export type ReviewKey = 'j' | 'k' | 'm' | 'r' | 'n';
const REVIEW_KEYS: readonly string[] = ['j', 'k', 'm', 'r', 'n'] satisfies ReviewKey[];

/**
 * The candidate page's keys (j/k next and previous, m move, r reject, n note), ready from the first
 * render: the listener is attached once, in a layout effect (before the page is painted, so never
 * after the candidate shows), and reads the latest state through a ref. A key pressed while the
 * candidate (and so the neighbours j/k lead to) is still loading is not lost: it waits and acts
 * once the candidate is on screen. Returns nothing: `act` does what a key means for the page.
 *
 * `ready` is false while loading; `act` answers whether the key meant something (else it goes on
 * to the browser, as an unbound key should).
 */
export function useReviewKeys(ready: boolean, act: (key: ReviewKey) => boolean): void {
  const latest = useRef({ ready, act });
  latest.current = { ready, act };
  /** A key pressed while loading: done once the page is ready (the last one wins). */
  const pending = useRef<ReviewKey | null>(null);

  useLayoutEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target) || !REVIEW_KEYS.includes(event.key)) return;
      const key = event.key as ReviewKey;
      if (!latest.current.ready) {
        pending.current = key;
        event.preventDefault();
        return;
      }
      if (latest.current.act(key)) event.preventDefault();
    }
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  // After the render that shows the candidate: the move menu and the note field exist by then.
  useEffect(() => {
    if (!ready || !pending.current) return;
    const key = pending.current;
    pending.current = null;
    latest.current.act(key);
  }, [ready]);
}
