import { errorKeyFromUnknown } from '@rec/api-client';
import { useCallback, useEffect, useState } from 'react';

/** Loads `load()` on mount and on `reload()`; the error is a translation key. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true });
  const run = useCallback(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState({ data: null, error: errorKeyFromUnknown(error), loading: false }),
    );
    return () => {
      current = false;
    };
  }, deps);
  useEffect(() => run(), [run]);
  return { ...state, reload: run };
}
