/** `window.recWidgets`, set by the loader script (widgets/loader). */
export interface RecWidgetsGlobal {
  readonly version: string;
  /** API origin: the loader's `api-base` attribute, else the origin the loader was served from. */
  readonly apiBase: string;
  /** The loader script's nonce, for the `<style>` fallback under a nonce-based CSP. */
  readonly nonce: string | undefined;
  /** Imports the chunk defining `tag` (once); resolves when the element is defined. */
  load(tag: string): Promise<void>;
  /** Finds our tags under `root` (a page's own shadow root, say), loads and watches them. */
  discover(root?: Document | ShadowRoot | Element): void;
}

declare global {
  interface Window {
    recWidgets?: RecWidgetsGlobal;
  }
}

export function widgetsGlobal(): RecWidgetsGlobal | undefined {
  return typeof window === 'undefined' ? undefined : window.recWidgets;
}

/** The API base of an element: its own `api-base` attribute, else the loader's, else this script's origin. */
export function resolveApiBase(attribute: string | null | undefined): string {
  return attribute || widgetsGlobal()?.apiBase || new URL(import.meta.url).origin;
}
