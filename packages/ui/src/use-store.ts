import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

/** Subscribes a component to a nanostore. */
export function useStore<T>(store: ReadableAtom<T>): T {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => store.get(),
  );
}
