import { isApiError } from '@rec/api-client';
import { showErrorToast, showToast } from '@rec/stores';
import { useRef, useState } from 'react';

/**
 * One settings change (create, rename, delete, …): busy while it runs, then a success toast and
 * `after` (re-read what changed), or the server's error as a toast. `run` resolves whether it went
 * through, so the caller can close its form or dialog only then. Shared by the settings lists.
 */
export function useSettingsAction(after: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  // The latest `after`: it may close over state of the render that started the change.
  const latest = useRef(after);
  latest.current = after;

  async function run(work: () => Promise<unknown>, success: string, values?: Record<string, string>): Promise<boolean> {
    setBusy(true);
    try {
      await work();
      showToast({ tone: 'success', title: success, ...(values ? { values } : {}) });
      await latest.current();
      return true;
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, run };
}
