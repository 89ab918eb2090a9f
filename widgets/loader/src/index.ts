// rec-widgets.js: the one script companies paste. It stays tiny: it only finds our tags
// (<rec-*>) in the page, also inside our elements' shadow roots, and imports each widget's
// chunk on first sight of its tag; the chunk defines the element and existing ones upgrade.
import type { RecWidgetsGlobal } from '@rec/ui';
import { WIDGETS } from './widgets';

const VERSION: string = typeof __REC_VERSION__ === 'string' ? __REC_VERSION__ : '0.0.0-dev';
// Every tag we know, as one selector: the browser's own matching finds them cheaply.
const SELECTOR = Object.keys(WIDGETS).join(',');

function install(): RecWidgetsGlobal {
  // A module script has no document.currentScript: find our tag by its resolved URL.
  const script = Array.from(document.scripts).find((candidate) => candidate.src === import.meta.url);
  const loading = new Map<string, Promise<void>>();
  const watched = new WeakSet<Node>();

  const load = (name: string): Promise<void> => {
    const tag = name.toLowerCase();
    const chunk = WIDGETS[tag];
    if (!chunk) return Promise.reject(new Error(`[rec-widgets] unknown element <${tag}>`));
    let pending = loading.get(tag);
    if (!pending) {
      pending = chunk().then(() => customElements.whenDefined(tag).then(() => undefined));
      pending.catch((error: unknown) => {
        loading.delete(tag);
        console.error(`[rec-widgets] could not load <${tag}>`, error);
      });
      loading.set(tag, pending);
    }
    return pending;
  };

  // Our elements may hold our other elements in their shadow roots: watch those too.
  const visit = (element: Element) => {
    if (customElements.get(element.localName)) watch(element.shadowRoot);
    else load(element.localName).then(() => watch(element.shadowRoot), () => undefined);
  };

  const discover = (root: Document | ShadowRoot | Element) => {
    if (root instanceof Element && root.matches(SELECTOR)) visit(root);
    for (const element of root.querySelectorAll(SELECTOR)) visit(element);
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) discover(node);
    }
  });

  function watch(root: ShadowRoot | Document | null) {
    if (!root || watched.has(root)) return;
    watched.add(root);
    observer.observe(root, { childList: true, subtree: true });
    discover(root);
  }

  const api: RecWidgetsGlobal = {
    version: VERSION,
    apiBase: script?.getAttribute('api-base') || new URL(import.meta.url).origin,
    nonce: script?.nonce || undefined,
    load,
    discover: (root = document) => {
      if (root instanceof Element) discover(root);
      else watch(root);
    },
  };
  window.recWidgets = api;
  watch(document);
  return api;
}

const existing = window.recWidgets;
if (existing) {
  // Included twice (another copy, another version): the first one stays in charge.
  if (existing.version !== VERSION) {
    console.warn(`[rec-widgets] version ${VERSION} not started: version ${existing.version} is already on this page.`);
  }
} else {
  install();
}
