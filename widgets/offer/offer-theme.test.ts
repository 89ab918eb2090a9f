import { expect, fixture } from '@open-wc/testing';
import { waitUntil } from '@rec/ui/testing/wait-until';
import type { Offer } from '@rec/core';
import { brandCustomProperties } from '@rec/core/theme';
import './src/offer.element';
import { resetBrowserLanguages, setBrowserLanguages } from '@rec/ui/browser-languages';

// The company's theme (issue 16) on <rec-offer> and its apply form, against a fake API.
const CHANNEL = '64b0c4a100000000000000e1';
const PURPLE = 'rgb(138, 43, 226)';
const brand = { colors: { primary: '#8a2be2', onPrimary: '#ffffff' }, radius: 3 };

const offer: Offer = {
  _id: '64b0905e00000000000000e1',
  language: 'en',
  channelId: CHANNEL,
  information: { title: { en: 'Robot whisperer' }, description: { en: '<p>Hello</p>' } },
  url: { canonical: `https://jobs.test/offer/c/${CHANNEL}` },
  company: { _id: '64b0b0a4d0000000000000c1', name: 'Lumen Robotics' },
  applyOptions: { indeed: false },
  // A logo the page never gets (404): measured as it enters the page, before any answer.
  theme: { brand, logo: { url: `${location.origin}/never-loads/logo.png`, width: 512, height: 64, mask: 'BLACK' }, properties: Object.fromEntries(brandCustomProperties(brand)) },
};

/** Holds the API's answer until the test watches what it renders. */
let gate: Promise<void> = Promise.resolve();

async function fakeApi(input: RequestInfo | URL): Promise<Response> {
  await gate;
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
  const found = url.pathname === `/v2/offers/channel/${CHANNEL}`;
  return new Response(JSON.stringify(found ? offer : { statusCode: 404, error: 'offer.notFound' }), { status: found ? 200 : 404, headers: { 'content-type': 'application/json' } });
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

type Element$ = HTMLElement & { shadowRoot: ShadowRoot };
const $ = (element: Element, selector: string) => element.shadowRoot?.querySelector<HTMLElement>(selector) ?? null;

describe('<rec-offer> with the company theme', () => {
  it('shows the logo in its reserved box, on its dark plate (BLACK), and the brand on the offer and its apply form', async () => {
    let open = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const element = await fixture<Element$>(`<rec-offer channel-id="${CHANNEL}" embedded="applyWithOptions" language="en"></rec-offer>`);
    // The logo's box as it enters the shadow root, before the browser could fetch the image.
    const inserted = new Promise<{ box: [number, number]; complete: boolean }>((resolve) => {
      const observer = new MutationObserver(() => {
        const logo = element.shadowRoot.querySelector<HTMLImageElement>('img[part~="logo"]');
        if (!logo) return;
        observer.disconnect();
        const rect = logo.getBoundingClientRect();
        resolve({ box: [rect.width, rect.height], complete: logo.complete });
      });
      observer.observe(element.shadowRoot, { childList: true, subtree: true });
    });
    open();
    expect(await inserted).to.deep.equal({ box: [256, 32], complete: false });

    await waitUntil(() => $(element, '[part~="apply-button"]'), 'offer did not show');
    const logo = $(element, 'img[part~="logo"]') as HTMLImageElement;
    expect(logo.alt).to.equal('Lumen Robotics');
    expect(getComputedStyle(logo).filter).to.equal('none');
    expect(getComputedStyle($(element, '[part~="logo-box"]') as HTMLElement).backgroundColor).to.equal('rgb(29, 36, 51)');
    expect(getComputedStyle($(element, '[part~="apply-button"]') as HTMLElement).backgroundColor).to.equal(PURPLE);
    await expect(element).to.be.accessible();

    ($(element, '[part~="apply-button"]') as HTMLElement).click();
    await waitUntil(() => $(element, '[part~="apply-submit"]'), 'form did not open');
    expect(getComputedStyle($(element, '[part~="apply-submit"]') as HTMLElement).backgroundColor).to.equal(PURPLE);
  });

  it("lets the page's --rec-color-primary on an ancestor win", async () => {
    gate = Promise.resolve();
    const wrapper = await fixture<HTMLElement>(`<div style="--rec-color-primary: #006400"><rec-offer channel-id="${CHANNEL}" embedded="applyWithOptions" language="en"></rec-offer></div>`);
    const element = wrapper.querySelector('rec-offer') as Element$;
    await waitUntil(() => $(element, '[part~="apply-button"]'), 'offer did not show');
    expect(getComputedStyle($(element, '[part~="apply-button"]') as HTMLElement).backgroundColor).to.equal('rgb(0, 100, 0)');
  });
});
