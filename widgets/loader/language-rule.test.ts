// Issue 25: one language rule for every element. The README snippet on a German partner page
// (`<html lang="de">`) must show every element in German, whatever the board's own language.
import { expect, fixture } from '@open-wc/testing';
import { waitUntil } from '@rec/ui/testing/wait-until';
import type { Board, Offer } from '@rec/core';
import '../board/src/board.element';
import '../jobs-count/src/jobs-count.element';
import '../offer/src/offer.element';
import '../referral/src/referral.element';
import { resetBrowserLanguages, setBrowserLanguages } from '@rec/ui/browser-languages';

const BOARD = '64b0b0a4d0000000000025b1';
const CHANNEL = '64b0b0a4d0000000000025c1';
const COMPANY = { _id: '64b0b0a4d0000000000025e1', name: 'Lumen Robotics' };
const FRENCH_BOARD: Board = { _id: BOARD, language: 'fr', name: 'Lumen Robotics', company: COMPANY, spontaneousOfferChannelUrl: null };
const FRENCH_OFFER: Offer = {
  _id: '64b0b0a4d0000000000025f1',
  language: 'fr',
  channelId: CHANNEL,
  information: { title: { fr: 'Ingénieure qualité fournisseurs', en: 'Supplier quality engineer' }, description: { fr: '<p>Bonjour</p>' } },
  url: { canonical: `https://jobs.test/offer/c/${CHANNEL}` },
  company: COMPANY,
};

const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the server answers it: the offer in the asked language when written in it, else its own. */
async function fakeApi(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
  if (url.pathname === `/v2/boards/${BOARD}`) return reply(FRENCH_BOARD);
  if (url.pathname === `/v2/boards/${BOARD}/offers`) return reply([{ ...FRENCH_OFFER, information: { title: FRENCH_OFFER.information.title } }]);
  // The server finishes the rule for the badge: the page's wish when it is one of ours, else the board's.
  if (url.pathname === `/v2/boards/${BOARD}/offer-count`) return reply({ count: 3, language: url.searchParams.get('language')?.slice(0, 2) || 'fr' });
  if (url.pathname === `/v2/offers/channel/${CHANNEL}`) {
    const asked = url.searchParams.get('language') as 'en' | null;
    return reply({ ...FRENCH_OFFER, language: asked && FRENCH_OFFER.information.title[asked] ? asked : 'fr' });
  }
  if (url.pathname === `/v2/companies/${COMPANY._id}/theme`) return reply({ theme: { brand: {}, properties: {} } });
  return reply({ statusCode: 404, error: 'errors.notFound' }, 404);
}

const realFetch = window.fetch;
before(() => {
  window.fetch = fakeApi as typeof window.fetch;
});
after(() => {
  window.fetch = realFetch;
});
beforeEach(() => {
  // The partner page of the issue: German, in a browser preferring French (the page's lang wins).
  document.documentElement.lang = 'de';
  setBrowserLanguages(['fr-FR', 'fr']);
});
afterEach(() => {
  history.replaceState(null, '', location.pathname);
  document.documentElement.removeAttribute('lang');
  resetBrowserLanguages();
});

const inShadow = (element: Element, selector: string) => element.shadowRoot?.querySelector<HTMLElement>(selector) ?? null;

/** The `lang` an element's content is shown in, once it has rendered `selector`. */
async function shownLang(html: string, selector: string, container?: HTMLElement): Promise<{ element: HTMLElement; lang: string | null }> {
  let element: HTMLElement;
  if (container) {
    container.innerHTML = html;
    element = container.firstElementChild as HTMLElement;
  } else {
    element = await fixture<HTMLElement>(html);
  }
  await waitUntil(() => inShadow(element, selector), `${element.localName} did not render ${selector}`);
  return { element, lang: inShadow(element, selector)?.getAttribute('lang') ?? null };
}

describe('the language rule on a lang="de" page (issue 25)', () => {
  it('<rec-board> of a French board reads German, and its offer links carry ?language=de', async () => {
    const { element, lang } = await shownLang(`<rec-board board-id="${BOARD}"></rec-board>`, '[part~="offer"]');
    expect(inShadow(element, '[part~="board"]')?.getAttribute('lang')).to.equal('de');
    expect(lang).to.equal(null);
    expect(inShadow(element, '[part~="offer"]')?.getAttribute('href')).to.match(/\?language=de$/);
    expect(inShadow(element, '[part~="count"]')?.textContent).to.equal('1 offene Stelle');
  });

  it('<rec-jobs-count> reads German next to it', async () => {
    const { element, lang } = await shownLang(`<rec-jobs-count board-id="${BOARD}"></rec-jobs-count>`, '[part~="badge"]');
    expect(lang).to.equal('de');
    expect(inShadow(element, '[part~="badge"]')?.textContent).to.contain('3');
  });

  it('<rec-referral> reads German', async () => {
    const { lang } = await shownLang(`<rec-referral company-id="${COMPANY._id}"></rec-referral>`, '[part~="referral"]');
    expect(lang).to.equal('de');
  });

  it('<rec-offer> of a French-only offer: German labels, French content marked as such, and the languages it is available in', async () => {
    const { element } = await shownLang(`<rec-offer channel-id="${CHANNEL}"></rec-offer>`, 'article');
    expect(inShadow(element, 'article')?.getAttribute('lang')).to.equal('de');
    expect(inShadow(element, '[part~="title"]')?.getAttribute('lang')).to.equal('fr');
    expect(inShadow(element, '[part~="description"]')?.getAttribute('lang')).to.equal('fr');
    const available = inShadow(element, '[part~="available-in"]');
    expect(available?.textContent).to.contain('Dieses Angebot gibt es auf:');
    const links = [...(available?.querySelectorAll('a') ?? [])].map((link) => [link.getAttribute('hreflang'), link.textContent]);
    expect(links).to.deep.equal([
      ['fr', 'Français'],
      ['en', 'English'],
    ]);
  });

  it('1. the language attribute beats everything', async () => {
    const { element } = await shownLang(`<rec-board board-id="${BOARD}" language="pl"></rec-board>`, '[part~="offer"]');
    expect(inShadow(element, '[part~="board"]')?.getAttribute('lang')).to.equal('pl');
  });

  it('2. the page link’s ?language= beats the page’s lang', async () => {
    history.replaceState(null, '', `${location.pathname}?language=nl`);
    const { element } = await shownLang(`<rec-board board-id="${BOARD}"></rec-board>`, '[part~="offer"]');
    expect(inShadow(element, '[part~="board"]')?.getAttribute('lang')).to.equal('nl');
  });

  it('4. the nearest lang wins over <html lang>, across a shadow root too', async () => {
    const section = document.createElement('section');
    section.lang = 'it';
    const inner = document.createElement('div');
    section.attachShadow({ mode: 'open' }).append(inner);
    document.body.append(section);
    try {
      const { element } = await shownLang(`<rec-board board-id="${BOARD}"></rec-board>`, '[part~="offer"]', inner);
      expect(inShadow(element, '[part~="board"]')?.getAttribute('lang')).to.equal('it');
    } finally {
      section.remove();
    }
  });

  it('5. without a page language, the browser’s first supported language', async () => {
    document.documentElement.removeAttribute('lang');
    setBrowserLanguages(['ja', 'es-MX']);
    const { element } = await shownLang(`<rec-board board-id="${BOARD}"></rec-board>`, '[part~="offer"]');
    expect(inShadow(element, '[part~="board"]')?.getAttribute('lang')).to.equal('es');
  });

  it('6. with nothing else, the board’s own language', async () => {
    document.documentElement.removeAttribute('lang');
    setBrowserLanguages(['ja']);
    const { element } = await shownLang(`<rec-board board-id="${BOARD}"></rec-board>`, '[part~="offer"]');
    expect(inShadow(element, '[part~="board"]')?.getAttribute('lang')).to.equal('fr');
  });
});
