import { expect } from '@open-wc/testing';
import { waitUntil } from '@rec/ui/testing/wait-until';
import type { RecWidgetsGlobal } from '@rec/ui';
import { WIDGETS } from './src/widgets';
import { resetBrowserLanguages, setBrowserLanguages } from '@rec/ui/browser-languages';

// Tags only this test knows, so first sight of a tag can be observed more than once.
const loads: Record<string, number> = {};
function fakeWidget(tag: string) {
  WIDGETS[tag] = async () => {
    loads[tag] = (loads[tag] ?? 0) + 1;
    customElements.define(
      tag,
      class extends HTMLElement {
        constructor() {
          super();
          this.attachShadow({ mode: 'open' });
        }
      },
    );
  };
}
fakeWidget('rec-test-foreign');
fakeWidget('rec-test-later');
fakeWidget('rec-test-nested');

const BOARD_ID = '64b0b0a4d000000000000001';
const realFetch = window.fetch;

async function fakeApi(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const body = url.pathname.endsWith('/offers')
    ? []
    : { _id: BOARD_ID, language: 'en', name: 'Loader board', company: { _id: BOARD_ID, name: 'Lumen' }, spontaneousOfferChannelUrl: null };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

const loaderUrl = (copy: string) => new URL(`./src/index.ts?${copy}`, import.meta.url).href;
let foreignRoot: ShadowRoot;

before(async () => {
  // A browser naming no supported language: the elements fall back to the content's own (issue 25 rule, step 6).
  setBrowserLanguages([]);
  window.fetch = fakeApi as typeof window.fetch;
  // The page as the loader finds it: a board in the document, one of our tags hidden in the page's own shadow root.
  document.body.insertAdjacentHTML('beforeend', `<rec-board id="existing" board-id="${BOARD_ID}"></rec-board><div id="foreign-host"></div>`);
  foreignRoot = document.getElementById('foreign-host')!.attachShadow({ mode: 'open' });
  foreignRoot.innerHTML = '<rec-test-foreign></rec-test-foreign>';
  await import('./src/index');
});

after(() => {
  resetBrowserLanguages();
  window.fetch = realFetch;
});

describe('rec-widgets loader', () => {
  it('exposes window.recWidgets with its version and the API base of its own origin', () => {
    const api = window.recWidgets!;
    expect(api.version).to.be.a('string');
    expect(api.apiBase).to.equal(location.origin);
    expect(api.load).to.be.a('function');
    expect(api.discover).to.be.a('function');
  });

  it('loads the chunk of a tag already in the page, which upgrades the element', async () => {
    const board = document.getElementById('existing')!;
    await waitUntil(() => board.shadowRoot?.querySelector('[part~="empty"]'), 'the board did not render');
    expect(board.shadowRoot?.querySelector('h2')?.textContent).to.equal('Loader board');
  });

  it('needs discover(root) for tags inside a page’s own shadow roots, then watches that root', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads['rec-test-foreign']).to.equal(undefined);
    window.recWidgets!.discover(foreignRoot);
    await waitUntil(() => customElements.get('rec-test-foreign'), 'not loaded after discover()');
    expect(loads['rec-test-foreign']).to.equal(1);
    foreignRoot.append(document.createElement('rec-test-later'));
    await waitUntil(() => customElements.get('rec-test-later'), 'a tag added to the watched root was not loaded');
  });

  it('loads a tag added to the document later, once however many appear', async () => {
    document.body.append(document.createElement('rec-test-nested'));
    document.body.append(document.createElement('rec-test-nested'));
    await waitUntil(() => customElements.get('rec-test-nested'), 'a tag added later was not loaded');
    expect(loads['rec-test-nested']).to.equal(1);
  });

  it('watches the shadow roots of our own elements', async () => {
    const outer = document.createElement('rec-test-foreign');
    document.body.append(outer);
    await waitUntil(() => outer.shadowRoot, 'no shadow root');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const board = document.createElement('rec-board');
    board.setAttribute('board-id', BOARD_ID);
    outer.shadowRoot!.append(board);
    await waitUntil(() => board.shadowRoot?.querySelector('[part~="board"]'), 'the nested board did not render');
  });

  it('rejects load() of a tag it does not know', async () => {
    let error: unknown;
    await window.recWidgets!.load('rec-nope').catch((caught: unknown) => {
      error = caught;
    });
    expect(String(error)).to.contain('rec-nope');
  });

  it('can be included twice: no throw, one definition, the first loader stays in charge', async () => {
    const first = window.recWidgets;
    const board = customElements.get('rec-board');
    const copy = loaderUrl('second');
    await import(/* @vite-ignore */ copy);
    expect(window.recWidgets).to.equal(first);
    expect(customElements.get('rec-board')).to.equal(board);
  });

  it('warns when another version is already on the page', async () => {
    const first = window.recWidgets!;
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    window.recWidgets = { ...first, version: '0.0.1-old' };
    try {
      await import(/* @vite-ignore */ loaderUrl('third'));
    } finally {
      console.warn = warn;
      window.recWidgets = first;
    }
    expect(warnings).to.have.length(1);
    expect(String(warnings[0]?.[0])).to.contain('0.0.1-old');
  });

  it('takes api-base and nonce from its script tag', async () => {
    const first = window.recWidgets;
    window.recWidgets = undefined;
    const script = document.createElement('script');
    script.type = 'module';
    script.src = loaderUrl('scripted');
    script.nonce = 'n0nce';
    script.setAttribute('api-base', 'https://api.example.test');
    try {
      document.head.append(script);
      await waitUntil(() => window.recWidgets, 'the scripted loader did not start');
      const scripted = window.recWidgets as RecWidgetsGlobal | undefined;
      expect(scripted?.apiBase).to.equal('https://api.example.test');
      expect(scripted?.nonce).to.equal('n0nce');
    } finally {
      window.recWidgets = first;
      script.remove();
    }
  });
});
