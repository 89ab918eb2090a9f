import r2wc from '@r2wc/react-to-web-component';
import { type ComponentType, createElement, Fragment } from 'react';
import { WIDGETS_VERSION } from './version';
import { widgetsGlobal } from './widgets-global';

/** Props r2wc gives every component: `container` is the element's shadow root. */
export interface ElementProps {
  container?: HTMLElement;
}

export interface DefineElementOptions<Props> {
  /**
   * camelCase props, each observed as its dashed attribute (`boardId` <- `board-id`) and passed
   * as a plain string, or undefined when the attribute is absent or empty. Complex values
   * belong in properties, not attributes: r2wc's boolean and JSON parsing is a trap.
   */
  attributes: ReadonlyArray<Exclude<Extract<keyof Props, string>, 'container'>>;
  /** The widget's CSS (minified strings), adopted as ONE stylesheet in each shadow root. */
  styles?: string | readonly string[];
  /** Defaults to the bundle's version. */
  version?: string;
}

/** What an element class defined here exposes. */
export type RecElementClass = CustomElementConstructor & { readonly recVersion: string };

type R2wcElement = HTMLElement & {
  attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void;
};

// r2wc's own slots (registered symbols): used only to clear a prop when its attribute goes away.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

const warned = new Set<string>();

const dashed = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

function canAdoptSheets(): boolean {
  return typeof ShadowRoot !== 'undefined' && 'adoptedStyleSheets' in ShadowRoot.prototype && 'replaceSync' in CSSStyleSheet.prototype;
}

/** Older engines: a `<style>` rendered first in the shadow root, carrying the loader script's nonce. */
function withStyleElement<Props extends object>(Component: ComponentType<Props>, css: string): ComponentType<Props> {
  function Styled(props: Props) {
    const nonce = widgetsGlobal()?.nonce;
    return createElement(Fragment, null, createElement('style', nonce ? { nonce } : null, css), createElement(Component, props));
  }
  Styled.displayName = `Styled(${Component.displayName ?? Component.name})`;
  return Styled;
}

/**
 * Defines `<tag>` from a React component (r2wc, open shadow root), guarded:
 * - a tag already defined is left alone (including the script twice must not throw); when
 *   another version defined it, one console warning says so;
 * - the class carries `recVersion`;
 * - styles are ONE constructable stylesheet shared by every instance (works under a strict
 *   `style-src 'self'`), else a `<style nonce>` fallback;
 * - removing or emptying an observed attribute clears its prop (r2wc alone would keep the
 *   stale value), so `language` can go back to automatic.
 */
export function defineElement<Props extends ElementProps>(
  tag: string,
  Component: ComponentType<Props>,
  options: DefineElementOptions<Props>,
): RecElementClass {
  const version = options.version ?? WIDGETS_VERSION;
  const existing = customElements.get(tag) as (CustomElementConstructor & { recVersion?: string }) | undefined;
  if (existing) {
    if (existing.recVersion !== version && !warned.has(tag)) {
      warned.add(tag);
      console.warn(`[rec-widgets] <${tag}> is already defined by version ${existing.recVersion ?? 'unknown'}; version ${version} stays unused.`);
    }
    return existing as RecElementClass;
  }

  const css = ([] as string[]).concat(options.styles ?? []).join('\n');
  const adopt = canAdoptSheets();
  let sheet: CSSStyleSheet | undefined;
  const Rendered = css && !adopt ? withStyleElement(Component, css) : Component;
  const propTypes = Object.fromEntries(options.attributes.map((name) => [name, 'string' as const]));
  const Base = r2wc(Rendered, { shadow: 'open', props: propTypes as never }) as unknown as new () => R2wcElement;
  const propOfAttribute = new Map<string, string>(options.attributes.map((name) => [dashed(name), name]));

  class RecElement extends Base {
    static readonly recVersion: string = version;

    constructor() {
      super();
      if (css && adopt && this.shadowRoot) {
        if (!sheet) {
          sheet = new CSSStyleSheet();
          sheet.replaceSync(css);
        }
        this.shadowRoot.adoptedStyleSheets = [sheet];
      }
    }

    override attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void {
      if (value) {
        super.attributeChangedCallback(name, oldValue, value);
        return;
      }
      const prop = propOfAttribute.get(name);
      const self = this as unknown as Record<symbol, unknown>;
      const props = self[PROPS] as Record<string, unknown> | undefined;
      if (!prop || !props) return;
      // Setting the property to undefined (React 19 does so) clears the prop in r2wc's setter
      // before the attribute goes: re-render whenever the attribute had a value.
      if (props[prop] === undefined && !oldValue) return;
      props[prop] = undefined;
      (self[RENDER] as (() => void) | undefined)?.call(this);
    }
  }

  customElements.define(tag, RecElement);
  return RecElement;
}

/** The custom element rendering a component, from the `container` prop r2wc passes. */
export function hostOf(container: HTMLElement | undefined): HTMLElement | undefined {
  if (!container) return undefined;
  return container instanceof ShadowRoot ? (container.host as HTMLElement) : container;
}
