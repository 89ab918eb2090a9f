import { TOASTS } from '@rec/core';
import { atom, type ReadableAtom } from 'nanostores';

export type ToastTone = 'success' | 'error' | 'info';

/** What a caller asks to show: translation keys (translated when rendered, so a locale change applies). */
export interface ToastInput {
  tone?: ToastTone;
  /** Translation key of the title. */
  title: string;
  /** Translation key of the optional detail. */
  message?: string;
  values?: Record<string, string | number>;
  /** Milliseconds before it closes by itself; -1 keeps it until closed (spec §4). Default 5000. */
  timeout?: number;
  /** A button in the toast (the update toast's reload): its label is a translation key. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast extends Required<Pick<ToastInput, 'tone' | 'title' | 'timeout'>> {
  id: number;
  message?: string;
  values?: Record<string, string | number>;
  action?: ToastAction;
}

export interface ToastsState {
  /** At most TOASTS.maxVisible, oldest first. */
  visible: Toast[];
  /** Waiting for a free place, oldest first. */
  queued: Toast[];
}

/** The timer functions the queue uses (tests pass a fake clock). */
export interface Clock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface ToastQueue {
  $state: ReadableAtom<ToastsState>;
  show(input: ToastInput): number;
  close(id: number): void;
  clear(): void;
}

/**
 * Spec §4/§9 toasts: at most five shown, the rest queued in order; each shown toast closes by
 * itself after its timeout (5000 ms unless -1), counted from the moment it is shown.
 */
export function createToastQueue({ clock = realClock, maxVisible = TOASTS.maxVisible as number } = {}): ToastQueue {
  const $state = atom<ToastsState>({ visible: [], queued: [] });
  const timers = new Map<number, unknown>();
  let nextId = 1;

  function arm(toast: Toast) {
    if (toast.timeout < 0) return;
    timers.set(
      toast.id,
      clock.setTimeout(() => close(toast.id), toast.timeout),
    );
  }

  function fill(state: ToastsState): ToastsState {
    const visible = [...state.visible];
    const queued = [...state.queued];
    while (visible.length < maxVisible && queued.length) {
      const next = queued.shift()!;
      visible.push(next);
      arm(next);
    }
    return { visible, queued };
  }

  function show(input: ToastInput): number {
    const toast: Toast = {
      id: nextId++,
      tone: input.tone ?? 'info',
      title: input.title,
      timeout: input.timeout ?? TOASTS.autoCloseMs,
      ...(input.message ? { message: input.message } : {}),
      ...(input.values ? { values: input.values } : {}),
      ...(input.action ? { action: input.action } : {}),
    };
    const state = $state.get();
    $state.set(fill({ visible: state.visible, queued: [...state.queued, toast] }));
    return toast.id;
  }

  function close(id: number) {
    const handle = timers.get(id);
    if (handle !== undefined) clock.clearTimeout(handle);
    timers.delete(id);
    const state = $state.get();
    $state.set(fill({ visible: state.visible.filter((toast) => toast.id !== id), queued: state.queued.filter((toast) => toast.id !== id) }));
  }

  function clear() {
    for (const handle of timers.values()) clock.clearTimeout(handle);
    timers.clear();
    $state.set({ visible: [], queued: [] });
  }

  return { $state, show, close, clear };
}

// Pure for the bundler: a bundle that shows no toast (the widgets) must not carry the queue.
const queue = /* @__PURE__ */ createToastQueue();

/** The app's toasts. */
export const $toasts = queue.$state;
export const showToast = queue.show;
export const closeToast = queue.close;
export const clearToasts = queue.clear;

/** An error toast: the error's translation key as title, the generic title when it has none (spec §8). */
export function showErrorToast(key: string | null | undefined, fallback = 'genericErrorTitle'): number {
  return showToast({ tone: 'error', title: key || fallback });
}
