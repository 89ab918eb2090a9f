import { expect, fixture } from '@open-wc/testing';
import { waitUntil } from '@rec/ui/testing/wait-until';
import type { Board as BoardEntity, Offer, Theme } from '@rec/core';
import { brandCustomProperties } from '@rec/core/theme';
import './src/board.element';
import { resetBrowserLanguages, setBrowserLanguages } from '@rec/ui/browser-languages';

// The company's theme (issue 16) on <rec-board>, against a fake API (offer-theme.test.ts: <rec-offer>).
const BOARD = '64b0b0a4d0000000000000e1';
const CHANNEL = '64b0c4a100000000000000e1';
const COMPANY = { _id: '64b0b0a4d0000000000000c1', name: 'Lumen Robotics' };
const PURPLE = 'rgb(138, 43, 226)';
const brand = { colors: { primary: '#8a2be2', onPrimary: '#ffffff' }, font: 'serif' as const, radius: 3 };
// A logo the page never gets (404): measured as it enters the page, before any answer.
const logoUrl = `${location.origin}/never-loads/logo.png`;
let theme: Theme;

function themeWith(mask?: 'WHITE' | 'BLACK'): Theme {
  // The server fills `properties` with the same mapping (modules/branding/service.ts).
  return { brand, logo: { url: logoUrl, width: 512, height: 64, ...(mask ? { mask } : {}) }, properties: Object.fromEntries(brandCustomProperties(brand)) };
}

const offer = (): Offer => ({
  _id: '64b0905e00000000000000e1',
  language: 'en',
  channelId: CHANNEL,
  information: { title: { en: 'Robot whisperer' }, description: { en: '<p>Hello</p>' } },
  url: { canonical: `https://jobs.test/offer/c/${CHANNEL}` },
  company: COMPANY,
  applyOptions: { indeed: false },
  theme,
});

const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Holds the API's answers until the test is ready to watch what they render. */
let gate: Promise<void> = Promise.resolve();

async function fakeApi(input: RequestInfo | URL): Promise<Response> {
  await gate;
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
  if (url.pathname === `/v2/boards/${BOARD}`) {
    const board: BoardEntity = { _id: BOARD, language: 'en', name: 'Careers', company: COMPANY, spontaneousOfferChannelUrl: null, theme };
    return reply(board);
  }
  if (url.pathname === `/v2/boards/${BOARD}/offers`) return reply([offer()]);
  return new Response('{"statusCode":404,"error":"errors.notFound"}', { status: 404, headers: { 'content-type': 'application/json' } });
}

const realFetch = window.fetch;
before(() => {
  // A browser naming no supported language: the elements fall back to the content's own (issue 25 rule, step 6).
  setBrowserLanguages([]);
  window.fetch = fakeApi as typeof window.fetch;
});
after(() => {
  resetBrowserLanguages();
  window.fetch = realFetch;
});
beforeEach(() => {
  theme = themeWith();
  gate = Promise.resolve();
});

type Element$ = HTMLElement & { shadowRoot: ShadowRoot };

/**
 * The logo's box at the moment it enters the shadow root (a MutationObserver runs before the
 * browser could fetch anything): what the page lays out before the image arrives.
 */
function logoBoxOnInsert(html: string): Promise<{ element: Element$; box: [number, number]; complete: boolean; alt: string }> {
  let open = () => {};
  gate = new Promise((resolve) => {
    open = resolve;
  });
  return new Promise((resolve) => {
    void fixture<Element$>(html).then((element) => {
      const observer = new MutationObserver(() => {
        const logo = element.shadowRoot.querySelector<HTMLImageElement>('img[part~="logo"]');
        if (!logo) return;
        observer.disconnect();
        const rect = logo.getBoundingClientRect();
        resolve({ element, box: [rect.width, rect.height], complete: logo.complete, alt: logo.alt });
      });
      observer.observe(element.shadowRoot, { childList: true, subtree: true });
      open();
    });
  });
}
const $ = (element: Element, selector: string) => element.shadowRoot?.querySelector<HTMLElement>(selector) ?? null;
const colorOf = (node: Element | null) => (node ? getComputedStyle(node).color : '');

/** The board inside `html` (which may wrap it), once its offers show. */
async function boardIn(html: string): Promise<Element$> {
  const wrapper = await fixture<HTMLElement>(html);
  const board = (wrapper.localName === 'rec-board' ? wrapper : wrapper.querySelector('rec-board')) as Element$;
  await waitUntil(() => $(board, '[part~="offer-title"]'), 'board did not show its offers');
  return board;
}

describe('the company theme', () => {
  it('colours the board with the brand, in its font, without any CSS on the page', async () => {
    const board = await boardIn(`<rec-board board-id="${BOARD}" language="en"></rec-board>`);
    expect(colorOf($(board, '[part~="offer-title"]'))).to.equal(PURPLE);
    expect(getComputedStyle($(board, '[part~="board"]') as HTMLElement).fontFamily).to.contain('Charter');
    expect(getComputedStyle($(board, '[part~="offer"]') as HTMLElement).borderTopLeftRadius).to.equal('3px');
    await expect(board).to.be.accessible();
  });

  it("lets the page's own --rec-* values win, set on an ancestor or on the element", async () => {
    const onAncestor = await boardIn(`<section style="--rec-color-primary: #006400"><div><rec-board board-id="${BOARD}" language="en"></rec-board></div></section>`);
    expect(colorOf($(onAncestor, '[part~="offer-title"]'))).to.equal('rgb(0, 100, 0)');
    // A token the page leaves alone still comes from the brand.
    expect(getComputedStyle($(onAncestor, '[part~="offer"]') as HTMLElement).borderTopLeftRadius).to.equal('3px');

    const onElement = await boardIn(`<rec-board style="--rec-color-primary: #006400" board-id="${BOARD}" language="en"></rec-board>`);
    expect(colorOf($(onElement, '[part~="offer-title"]'))).to.equal('rgb(0, 100, 0)');

    // A page value set after the widget rendered (a late stylesheet) wins too.
    const late = await boardIn(`<div><rec-board board-id="${BOARD}" language="en"></rec-board></div>`);
    expect(colorOf($(late, '[part~="offer-title"]'))).to.equal(PURPLE);
    (late.parentElement as HTMLElement).style.setProperty('--rec-color-primary', '#006400');
    expect(colorOf($(late, '[part~="offer-title"]'))).to.equal('rgb(0, 100, 0)');
  });

  it('shows the default logo in a box reserved before it loads, scaled into 256 x 64, named by the company', async () => {
    const shown = await logoBoxOnInsert(`<rec-board board-id="${BOARD}" language="en"></rec-board>`);
    expect(shown.complete).to.equal(false, 'measured before the image arrived');
    expect(shown.box).to.deep.equal([256, 32]);
    expect(shown.alt).to.equal('Lumen Robotics');
  });

  it('keeps the logo’s own colours; a logo made for dark backgrounds (BLACK) sits on a plate of the dark text colour', async () => {
    theme = themeWith('BLACK');
    const black = await boardIn(`<rec-board board-id="${BOARD}" language="en"></rec-board>`);
    expect(getComputedStyle($(black, 'img[part~="logo"]') as HTMLElement).filter).to.equal('none');
    expect(getComputedStyle($(black, '[part~="logo-box"]') as HTMLElement).backgroundColor).to.equal('rgb(29, 36, 51)');

    theme = themeWith('WHITE');
    const white = await boardIn(`<rec-board board-id="${BOARD}" language="en"></rec-board>`);
    expect(getComputedStyle($(white, 'img[part~="logo"]') as HTMLElement).filter).to.equal('none');
    expect(getComputedStyle($(white, '[part~="logo-box"]') as HTMLElement).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
  });
});
