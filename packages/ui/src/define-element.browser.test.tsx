import { expect, fixture } from '@open-wc/testing';
import { waitUntil } from '@rec/ui/testing/wait-until';
import { defineElement, type ElementProps, hostOf } from './define-element';

interface GreetingProps extends ElementProps {
  name?: string;
  greetingStyle?: string;
}

function Greeting({ name, greetingStyle, container }: GreetingProps) {
  const send = () => hostOf(container)?.dispatchEvent(new CustomEvent('rec-greet', { bubbles: true, composed: true, detail: name }));
  return (
    <button type="button" part="greeting" data-style={greetingStyle ?? 'plain'} onClick={send}>
      {name ? `Hello ${name}` : 'Hello'}
    </button>
  );
}

const text = (element: Element) => element.shadowRoot?.querySelector('[part="greeting"]')?.textContent;

describe('defineElement', () => {
  it('maps dashed attributes to string props and clears a prop when its attribute goes', async () => {
    defineElement('rec-test-greeting', Greeting, { attributes: ['name', 'greetingStyle'], styles: 'button{color:red}' });
    const element = await fixture<HTMLElement>('<rec-test-greeting name="Ada" greeting-style="warm"></rec-test-greeting>');
    await waitUntil(() => text(element) === 'Hello Ada');
    expect(element.shadowRoot?.querySelector('button')?.dataset.style).to.equal('warm');
    element.setAttribute('name', 'Grace');
    await waitUntil(() => text(element) === 'Hello Grace', 'attribute change not rendered');
    element.removeAttribute('name');
    await waitUntil(() => text(element) === 'Hello', 'attribute removal not rendered');
    element.setAttribute('greeting-style', '');
    await waitUntil(() => element.shadowRoot?.querySelector('button')?.dataset.style === 'plain', 'emptied attribute not cleared');
  });

  it('re-renders when the property is set to undefined (as React 19 clears a prop)', async () => {
    const element = await fixture<HTMLElement & { name?: string }>('<rec-test-greeting name="Ada"></rec-test-greeting>');
    await waitUntil(() => text(element) === 'Hello Ada');
    element.name = undefined;
    await waitUntil(() => text(element) === 'Hello', 'clearing the property not rendered');
    expect(element.hasAttribute('name')).to.equal(false);
  });

  it('stamps the version and adopts the styles as one constructable sheet', async () => {
    const element = await fixture<HTMLElement>('<rec-test-greeting></rec-test-greeting>');
    const defined = customElements.get('rec-test-greeting') as CustomElementConstructor & { recVersion: string };
    expect(defined.recVersion).to.be.a('string');
    expect(element.shadowRoot?.adoptedStyleSheets).to.have.length(1);
    expect(getComputedStyle(element.shadowRoot!.querySelector('button')!).color).to.equal('rgb(255, 0, 0)');
  });

  it('lets the component dispatch composed events from its host element', async () => {
    const element = await fixture<HTMLElement>('<rec-test-greeting name="Ada"></rec-test-greeting>');
    await waitUntil(() => text(element) === 'Hello Ada');
    let detail: unknown;
    document.addEventListener('rec-greet', (event) => {
      detail = (event as CustomEvent).detail;
    }, { once: true });
    element.shadowRoot?.querySelector('button')?.click();
    expect(detail).to.equal('Ada');
  });

  it('falls back to a <style> carrying the loader nonce without constructable stylesheets', async () => {
    const descriptor = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'adoptedStyleSheets');
    const widgets = window.recWidgets;
    window.recWidgets = { ...(widgets ?? { version: 'test', apiBase: location.origin, load: async () => {}, discover: () => {} }), nonce: 'n0nce' };
    delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    try {
      defineElement('rec-test-legacy', Greeting, { attributes: ['name'], styles: ['button{color:blue}', 'p{margin:0}'] });
    } finally {
      if (descriptor) Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', descriptor);
    }
    try {
      const element = await fixture<HTMLElement>('<rec-test-legacy name="Ada"></rec-test-legacy>');
      await waitUntil(() => text(element) === 'Hello Ada');
      const style = element.shadowRoot?.firstElementChild as HTMLStyleElement;
      expect(style.localName).to.equal('style');
      expect(style.nonce).to.equal('n0nce');
      expect(style.textContent).to.equal('button{color:blue}\np{margin:0}');
      expect(element.shadowRoot?.adoptedStyleSheets).to.have.length(0);
    } finally {
      window.recWidgets = widgets;
    }
  });
});
