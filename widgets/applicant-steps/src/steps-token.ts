import { useEffect, useState } from 'react';

/**
 * The `stepsToken` property of <rec-applicant-steps>: the bearer token of the apply answer, held
 * in this module's memory only. It is deliberately not an attribute (it would sit in the DOM
 * for any script or serializer to read) and never written to cookies or web storage; a reload
 * forgets it, and the magic link is the way back.
 */
const tokens = new WeakMap<HTMLElement, string>();
const listeners = new WeakMap<HTMLElement, () => void>();

type WithToken = HTMLElement & { stepsToken?: string | undefined };

export function installStepsTokenProperty(element: CustomElementConstructor): void {
  if (Object.getOwnPropertyDescriptor(element.prototype, 'stepsToken')) return;
  Object.defineProperty(element.prototype, 'stepsToken', {
    configurable: true,
    get(this: HTMLElement) {
      return tokens.get(this);
    },
    set(this: HTMLElement, value: unknown) {
      if (typeof value === 'string' && value) tokens.set(this, value);
      else tokens.delete(this);
      listeners.get(this)?.();
    },
  });
}

/**
 * A value set before the chunk defined the element is an own property hiding the accessor:
 * take it over. `customElements.define` upgrades (and r2wc renders) an element already in the
 * page before the accessor is installed, so the value goes straight into the map.
 */
function adopt(host: WithToken): string | undefined {
  if (Object.hasOwn(host, 'stepsToken')) {
    const value = host.stepsToken;
    delete host.stepsToken;
    if (typeof value === 'string' && value) tokens.set(host, value);
  }
  return tokens.get(host);
}

/**
 * The element's token, and a reader of the value at this moment. r2wc renders as soon as an
 * attribute is set, possibly before the page sets the property: effects read the live value
 * when they run, so no call leaves without the token the page gave.
 */
export function useStepsToken(host: HTMLElement | undefined): [string | undefined, () => string | undefined] {
  const [token, setToken] = useState(() => (host ? adopt(host) : undefined));
  useEffect(() => {
    if (!host) return;
    listeners.set(host, () => setToken(tokens.get(host)));
    setToken(adopt(host));
    return () => {
      listeners.delete(host);
    };
  }, [host]);
  return [token, () => (host ? adopt(host) : undefined)];
}
