import { expect, fixture } from '@open-wc/testing';
import { waitUntil } from '@rec/ui/testing/wait-until';
import type { Board as BoardEntity, Offer } from '@rec/core';
import { defineElement, type RecElementClass } from '@rec/ui';
import { Board, type OfferSelectDetail } from './src/Board';
import './src/board.element';
import { resetBrowserLanguages, setBrowserLanguages } from '@rec/ui/browser-languages';

// ---- A fake API, answered by URL (no server) -------------------------------------------
const FR_BOARD = '64b0b0a4d000000000000001';
const EMPTY_BOARD = '64b0b0a4d000000000000002';
const DE_BOARD = '64b0b0a4d000000000000003';
const MISSING_BOARD = '64b0b0a4d000000000000404';
const BROKEN_BOARD = '64b0b0a4d000000000000500';
const SLOW_BOARD = '64b0b0a4d0000000000000d1';
const COMPANY = { _id: '64b0b0a4d0000000000000c1', name: 'Lumen Robotics' };

const boards: Record<string, BoardEntity> = {
  [FR_BOARD]: { _id: FR_BOARD, language: 'fr', name: 'Lumen Robotics', names: { fr: 'Lumen Robotics', pl: 'Kariera w Zoo' }, company: COMPANY, spontaneousOfferChannelUrl: 'https://jobs.test/offer/c/64b0b0a4d0000000000000f9' },
  [EMPTY_BOARD]: { _id: EMPTY_BOARD, language: 'nl', name: 'Lege vacaturebank', company: COMPANY, spontaneousOfferChannelUrl: null },
  [DE_BOARD]: { _id: DE_BOARD, language: 'de', name: 'Lumen Berlin', company: COMPANY, spontaneousOfferChannelUrl: null },
  [SLOW_BOARD]: { _id: SLOW_BOARD, language: 'en', name: 'Slow board', company: COMPANY, spontaneousOfferChannelUrl: null },
};

function offer(n: number, title: Offer['information']['title'], { contractType, ...extra }: Partial<Offer['information']> & Pick<Offer, 'contractType'> = {}): Offer {
  const id = `64b0b0a4d0000000000001${String(n).padStart(2, '0')}`;
  return {
    _id: id,
    language: 'fr',
    channelId: `64b0b0a4d0000000000002${String(n).padStart(2, '0')}`,
    information: { title, ...extra },
    url: { canonical: `https://jobs.test/offer/c/${id}` },
    contractType: contractType ?? null,
  };
}

// Served deliberately out of order: the widget sorts by itself.
const frOffers = [
  offer(1, { fr: 'Zoologiste', en: 'Animal keeper', de: 'Tierpfleger' }, { location: { fr: 'Luxembourg', de: 'Luxemburg' }, contractType: 'permanent' }),
  offer(2, { fr: 'Électricien', en: 'Electrician', de: 'Elektriker' }),
  offer(3, { fr: 'Agent de sécurité', en: 'Security guard', de: 'Wachmann' }),
  offer(4, { fr: 'ébéniste', en: 'Cabinet maker', de: 'Ärztin' }),
];

const slowRequests: (() => void)[] = [];
const requests: URL[] = [];

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function fakeApi(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
  requests.push(url);
  const match = /^\/v2\/boards\/([^/]+)(\/offers)?$/.exec(url.pathname);
  if (!match) return reply(404, { statusCode: 404, error: 'errors.notFound' });
  const [, id = '', offers] = match;
  if (id === BROKEN_BOARD) return reply(500, { statusCode: 500, error: 'Internal Server Error' });
  if (id === SLOW_BOARD) await new Promise<void>((resolve) => slowRequests.push(resolve));
  const board = boards[id];
  if (!board) return reply(404, { statusCode: 404, error: 'board.notFound' });
  if (!offers) return reply(200, board);
  return reply(200, id === FR_BOARD || id === DE_BOARD || id === SLOW_BOARD ? frOffers : []);
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
afterEach(() => {
  history.replaceState(null, '', location.pathname);
  // A referral code from the page is kept for the tab: no test may hand one to the next.
  sessionStorage.clear();
});

// ---- Helpers ------------------------------------------------------------------------------
type BoardElement = HTMLElement & { shadowRoot: ShadowRoot };

const $ = (board: Element, selector: string) => board.shadowRoot?.querySelector<HTMLElement>(selector) ?? null;
const $$ = (board: Element, selector: string) => [...(board.shadowRoot?.querySelectorAll<HTMLElement>(selector) ?? [])];
const titles = (board: Element) => $$(board, '[part~="offer-title"]').map((node) => node.textContent);
const rootLang = (board: Element) => $(board, '[part~="board"]')?.getAttribute('lang');

/** Waits for a settled board (list, empty state or error), in `lang` when given. */
async function settled(board: Element, lang?: string) {
  await waitUntil(
    () => $(board, '[part~="offer"], [part~="empty"], [part~="error"]') && (!lang || rootLang(board) === lang) && $(board, '[part~="board"]')?.getAttribute('aria-busy') === 'false',
    `board did not settle${lang ? ` in ${lang}` : ''}`,
  );
}

async function board(html: string, lang?: string): Promise<BoardElement> {
  const element = await fixture<BoardElement>(html);
  await settled(element, lang);
  return element;
}

const sortedTitles = (locale: string, key: 'fr' | 'en' | 'de') => frOffers.map((o) => o.information.title[key] ?? '').sort(new Intl.Collator(locale).compare);

// ---- Tests ----------------------------------------------------------------------------------
describe('<rec-board>', () => {
  it('renders the board name, a sorted list of offer links and the board language', async () => {
    const element = await board(`<rec-board board-id="${FR_BOARD}"></rec-board>`, 'fr');
    expect($(element, 'h2')?.textContent).to.equal('Lumen Robotics');
    expect(titles(element)).to.deep.equal(['Agent de sécurité', 'ébéniste', 'Électricien', 'Zoologiste']);
    const links = $$(element, 'ul[part~="offers"] > li > a[part~="offer"]');
    expect(links).to.have.length(4);
    // The link carries the language the board is read in, so the offer opens in it.
    expect(links[0]?.getAttribute('href')).to.equal('https://jobs.test/offer/c/64b0b0a4d000000000000103?language=fr');
    expect($(element, '[part~="count"]')?.textContent).to.equal('4 postes ouverts');
    expect($(element, '[part~="powered-by"]')?.textContent).to.equal('Propulsé par Rec');
  });

  it('shows location and contract with labels for screen readers', async () => {
    const element = await board(`<rec-board board-id="${FR_BOARD}"></rec-board>`, 'fr');
    const last = $$(element, '[part~="offer"]')[3];
    expect(last?.querySelector('[part~="offer-location"]')?.textContent).to.equal('Lieu Luxembourg');
    expect(last?.querySelector('[part~="offer-contract"]')?.textContent).to.equal('Type de contrat CDI');
    expect(last?.querySelector('.rec-sr-only')).to.exist;
  });

  it('translates the contract code and the board name, and links offers in the shown language', async () => {
    const element = await board(`<rec-board board-id="${FR_BOARD}" language="pl"></rec-board>`, 'pl');
    expect($(element, 'h2')?.textContent).to.equal('Kariera w Zoo');
    const zoo = $$(element, '[part~="offer"]').find((link) => link.textContent?.includes('Zoologiste'));
    expect(zoo?.querySelector('[part~="offer-contract"]')?.textContent).to.equal('Rodzaj umowy Umowa na czas nieokreślony');
    expect(zoo?.getAttribute('href')).to.match(/\?language=pl$/);
  });

  it('takes the heading level from heading-level', async () => {
    const element = await board(`<rec-board board-id="${FR_BOARD}" heading-level="1"></rec-board>`, 'fr');
    expect($(element, 'h1')?.textContent).to.equal('Lumen Robotics');
    expect($(element, 'h2')).to.equal(null);
  });

  describe('locale', () => {
    it('prefers the language attribute over the ?language query', async () => {
      history.replaceState(null, '', '?language=de');
      const element = await board(`<rec-board board-id="${FR_BOARD}" language="en"></rec-board>`, 'en');
      expect(titles(element)).to.deep.equal(sortedTitles('en', 'en'));
      const offersCall = requests.filter((url) => url.pathname.endsWith('/offers')).at(-1);
      expect(offersCall?.searchParams.get('language')).to.equal('en');
    });

    it('uses the page ?language query without an attribute', async () => {
      history.replaceState(null, '', '?language=de');
      const element = await board(`<rec-board board-id="${FR_BOARD}"></rec-board>`, 'de');
      expect(titles(element)).to.deep.equal(sortedTitles('de', 'de'));
      expect($(element, '[part~="count"]')?.textContent).to.equal('4 offene Stellen');
    });

    it('ignores an unsupported language and falls back to the board language', async () => {
      history.replaceState(null, '', '?language=xx');
      const element = await board(`<rec-board board-id="${FR_BOARD}" language="klingon"></rec-board>`, 'fr');
      expect(titles(element)[0]).to.equal('Agent de sécurité');
    });

    it('falls back to English when nothing names a language', async () => {
      const element = await board(`<rec-board board-id="${MISSING_BOARD}"></rec-board>`, 'en');
      expect($(element, '.rec-error-title')?.textContent).to.equal('Something went wrong');
    });

    it('sorts with the collation of the shown language', async () => {
      // German puts "Ärztin" with the A's; a code-point sort would put it last.
      const element = await board(`<rec-board board-id="${FR_BOARD}" language="de"></rec-board>`, 'de');
      expect(titles(element)).to.deep.equal(['Ärztin', 'Elektriker', 'Tierpfleger', 'Wachmann']);
    });

    it('marks a title that fell back to another language with its own lang', async () => {
      const element = await board(`<rec-board board-id="${FR_BOARD}" language="pl"></rec-board>`, 'pl');
      const title = $$(element, '[part~="offer-title"]')[0];
      expect(title?.getAttribute('lang')).to.equal('fr');
      expect($(element, '[part~="count"]')?.textContent).to.equal('4 otwarte stanowiska');
    });
  });

  it('shows the spontaneous application link when the board has one', async () => {
    const element = await board(`<rec-board board-id="${FR_BOARD}"></rec-board>`, 'fr');
    const link = $(element, 'a[part~="spontaneous"]');
    expect(link?.getAttribute('href')).to.equal('https://jobs.test/offer/c/64b0b0a4d0000000000000f9?language=fr');
    expect(link?.textContent).to.equal('Envoyer une candidature spontanée');
  });

  describe('referral code', () => {
    const hrefs = (element: Element) => [...$$(element, 'a[part~="offer"]'), $(element, 'a[part~="spontaneous"]')].map((link) => link?.getAttribute('href'));

    it('carries the referral-code attribute on every offer link and the spontaneous link', async () => {
      const element = await board(`<rec-board board-id="${FR_BOARD}" referral-code="k7p2xq9mwa"></rec-board>`, 'fr');
      const links = hrefs(element);
      expect(links).to.have.length(5);
      for (const href of links) expect(new URL(href ?? '').searchParams.get('ref')).to.equal('k7p2xq9mwa');
      expect(links[4]).to.equal('https://jobs.test/offer/c/64b0b0a4d0000000000000f9?language=fr&ref=k7p2xq9mwa');
    });

    it('takes the page’s ?ref= when there is no attribute, keeps it for the tab, and ignores a malformed one', async () => {
      history.replaceState(null, '', `${location.pathname}?ref=fromlink42`);
      const first = await board(`<rec-board board-id="${FR_BOARD}"></rec-board>`, 'fr');
      expect(new URL(hrefs(first)[0] ?? '').searchParams.get('ref')).to.equal('fromlink42');
      // Later pages of the same visit (no ?ref= any more) keep the code.
      history.replaceState(null, '', location.pathname);
      const later = await board(`<rec-board board-id="${FR_BOARD}"></rec-board>`, 'fr');
      expect(new URL(hrefs(later)[0] ?? '').searchParams.get('ref')).to.equal('fromlink42');

      sessionStorage.clear();
      history.replaceState(null, '', `${location.pathname}?ref=${encodeURIComponent('"><x')}`);
      const malformed = await board(`<rec-board board-id="${FR_BOARD}"></rec-board>`, 'fr');
      expect(hrefs(malformed).filter((href) => href?.includes('ref='))).to.deep.equal([]);
    });

    it('carries the page’s utm parameters on every offer link, cleaned, and keeps them for the tab (issue 30)', async () => {
      history.replaceState(null, '', `${location.pathname}?utm_source=LinkedIn&utm_medium=social&utm_campaign=${encodeURIComponent(' spring\n2026 ')}&utm_term=dropped`);
      const first = await board(`<rec-board board-id="${FR_BOARD}" referral-code="k7p2xq9mwa"></rec-board>`, 'fr');
      for (const href of hrefs(first)) {
        const params = new URL(href ?? '').searchParams;
        expect([params.get('utm_source'), params.get('utm_medium'), params.get('utm_campaign'), params.get('utm_term'), params.get('ref')]).to.deep.equal([
          'LinkedIn',
          'social',
          'spring 2026',
          null,
          'k7p2xq9mwa',
        ]);
      }
      history.replaceState(null, '', location.pathname);
      const later = await board(`<rec-board board-id="${FR_BOARD}"></rec-board>`, 'fr');
      expect(new URL(hrefs(later)[0] ?? '').searchParams.get('utm_campaign')).to.equal('spring 2026');
      // The referring page rides along as origin and path only.
      sessionStorage.clear();
      history.replaceState(null, '', `${location.pathname}?rec_referrer=${encodeURIComponent('https://news.example/post/7?token=secret')}`);
      const referred = await board(`<rec-board board-id="${FR_BOARD}"></rec-board>`, 'fr');
      expect(new URL(hrefs(referred)[0] ?? '').searchParams.get('rec_referrer')).to.equal('https://news.example/post/7');
    });

    it('hands the referral URL to a page that handles navigation itself', async () => {
      const element = await board(`<rec-board board-id="${FR_BOARD}" referral-code="k7p2xq9mwa"></rec-board>`, 'fr');
      let detail: OfferSelectDetail | undefined;
      element.addEventListener('rec-offer-select', (event) => {
        detail = event.detail;
        event.preventDefault();
      });
      $$(element, 'a[part~="offer"]')[0]?.click();
      expect(detail?.url).to.match(/\?language=fr&ref=k7p2xq9mwa$/);
    });
  });

  it('hides the spontaneous application link when the board has none', async () => {
    const element = await board(`<rec-board board-id="${DE_BOARD}"></rec-board>`, 'de');
    expect($(element, '[part~="spontaneous"]')).to.equal(null);
  });

  it('shows an accessible loading state until the data is there', async () => {
    const element = await fixture<BoardElement>(`<rec-board board-id="${SLOW_BOARD}" language="en"></rec-board>`);
    await waitUntil(() => $(element, '[role="status"]')?.textContent === 'Loading job offers…', 'no loading status');
    expect($(element, '[part~="board"]')?.getAttribute('aria-busy')).to.equal('true');
    await waitUntil(() => slowRequests.length === 2, 'board and offers not both requested');
    for (const release of slowRequests.splice(0)) release();
    await settled(element, 'en');
    // The loading status is gone; the only status left is the offer count (a live region since issue 17).
    expect($(element, '[part~="loading"]') === null).to.equal(true);
    expect($$(element, '[role="status"]').map((node) => node.getAttribute('part'))).to.deep.equal(['count']);
    expect(titles(element)).to.have.length(4);
  });

  it('says so when there are no open positions', async () => {
    const element = await board(`<rec-board board-id="${EMPTY_BOARD}"></rec-board>`, 'nl');
    expect($(element, '[part~="empty"]')?.textContent).to.equal('Er zijn momenteel geen openstaande vacatures.');
    expect($(element, '[part~="offers"]')).to.equal(null);
    expect($(element, '[part~="powered-by"]')).to.exist;
  });

  it('shows the generic error, a retry and the powered-by footer when the API fails', async () => {
    const element = await board(`<rec-board board-id="${BROKEN_BOARD}" language="fr"></rec-board>`, 'fr');
    const error = $(element, '[part~="error"]');
    expect(error?.getAttribute('role')).to.equal('alert');
    expect(error?.textContent).to.contain('Une erreur est survenue');
    expect(error?.textContent).to.contain('Impossible de charger ce contenu. Veuillez réessayer plus tard.');
    expect($(element, '[part~="retry"]')?.textContent).to.equal('Réessayer');
    expect($(element, '[part~="powered-by"]')?.textContent).to.equal('Propulsé par Rec');
  });

  it('explains a board that does not exist, without a pointless retry', async () => {
    const element = await board(`<rec-board board-id="${MISSING_BOARD}" language="de"></rec-board>`, 'de');
    expect($(element, '[part~="error"]')?.textContent).to.contain('Diese Stellenbörse existiert nicht oder ist nicht mehr verfügbar.');
    expect($(element, '[part~="retry"]')).to.equal(null);
    expect($(element, '[part~="powered-by"]')).to.exist;
  });

  it('refuses a missing or malformed board id without calling the API', async () => {
    const before = requests.length;
    const element = await board('<rec-board board-id="../../admin" language="en"></rec-board>', 'en');
    expect($(element, '[part~="error"]')?.textContent).to.contain('This link is not valid.');
    expect(requests.length).to.equal(before);
  });

  describe('rec-offer-select', () => {
    it('is dispatched from the element, composed, bubbling and cancelable, with the offer', async () => {
      const element = await board(`<rec-board board-id="${FR_BOARD}"></rec-board>`, 'fr');
      let received: CustomEvent<OfferSelectDetail> | undefined;
      let navigated = true;
      const onSelect = (event: CustomEvent<OfferSelectDetail>) => {
        received = event;
      };
      // Stands in for the browser's navigation: records it, then stops the test page from leaving.
      const onClick = (event: MouseEvent) => {
        navigated = !event.defaultPrevented;
        event.preventDefault();
      };
      document.addEventListener('rec-offer-select', onSelect);
      window.addEventListener('click', onClick);
      try {
        $$(element, '[part~="offer"]')[1]?.click();
      } finally {
        document.removeEventListener('rec-offer-select', onSelect);
        window.removeEventListener('click', onClick);
      }
      expect(received?.target).to.equal(element);
      expect(received?.bubbles && received.composed && received.cancelable).to.equal(true);
      expect(received?.detail.offer._id).to.equal('64b0b0a4d000000000000104');
      expect(received?.detail.channelId).to.equal('64b0b0a4d000000000000204');
      expect(received?.detail.url).to.equal('https://jobs.test/offer/c/64b0b0a4d000000000000104?language=fr');
      expect(navigated).to.equal(true);
    });

    it('does not navigate when the page calls preventDefault()', async () => {
      const element = await board(`<rec-board board-id="${FR_BOARD}"></rec-board>`, 'fr');
      let navigated = true;
      const takeOver = (event: Event) => event.preventDefault();
      const onClick = (event: MouseEvent) => {
        navigated = !event.defaultPrevented;
        event.preventDefault();
      };
      element.addEventListener('rec-offer-select', takeOver);
      window.addEventListener('click', onClick);
      try {
        $$(element, '[part~="offer"]')[0]?.click();
      } finally {
        window.removeEventListener('click', onClick);
      }
      expect(navigated).to.equal(false);
    });
  });

  it('shows two boards in two languages on one page', async () => {
    const page = await fixture<HTMLElement>(`<div><rec-board board-id="${FR_BOARD}"></rec-board><rec-board board-id="${FR_BOARD}" language="de"></rec-board></div>`);
    const [french, german] = [...page.querySelectorAll('rec-board')];
    await settled(french!, 'fr');
    await settled(german!, 'de');
    expect($(french!, '[part~="count"]')?.textContent).to.equal('4 postes ouverts');
    expect($(german!, '[part~="count"]')?.textContent).to.equal('4 offene Stellen');
    expect(titles(french!)[0]).to.equal('Agent de sécurité');
    expect(titles(german!)[0]).to.equal('Ärztin');
  });

  it('re-renders when language changes, and goes back to automatic when it is removed', async () => {
    const element = await board(`<rec-board board-id="${FR_BOARD}"></rec-board>`, 'fr');
    element.setAttribute('language', 'en');
    await settled(element, 'en');
    expect(titles(element)).to.deep.equal(sortedTitles('en', 'en'));
    expect($(element, '[part~="count"]')?.textContent).to.equal('4 open positions');
    element.removeAttribute('language');
    await settled(element, 'fr');
    expect($(element, '[part~="count"]')?.textContent).to.equal('4 postes ouverts');
  });

  it('re-renders when board-id changes', async () => {
    const element = await board(`<rec-board board-id="${FR_BOARD}"></rec-board>`, 'fr');
    element.setAttribute('board-id', EMPTY_BOARD);
    await settled(element, 'nl');
    expect($(element, 'h2')?.textContent).to.equal('Lege vacaturebank');
  });

  it('adopts one shared constructable stylesheet', async () => {
    const page = await fixture<HTMLElement>(`<div><rec-board board-id="${FR_BOARD}"></rec-board><rec-board board-id="${DE_BOARD}"></rec-board></div>`);
    const [one, two] = [...page.querySelectorAll('rec-board')];
    expect(one?.shadowRoot?.adoptedStyleSheets).to.have.length(1);
    expect(one?.shadowRoot?.adoptedStyleSheets[0]).to.equal(two?.shadowRoot?.adoptedStyleSheets[0]);
    expect(one?.shadowRoot?.querySelector('style')).to.equal(null);
  });

  it('can be defined twice without throwing; another version warns once', async () => {
    const defined = customElements.get('rec-board') as RecElementClass;
    expect(defined.recVersion).to.be.a('string');
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      expect(defineElement('rec-board', Board, { attributes: ['boardId'] })).to.equal(defined);
      expect(warnings).to.have.length(0);
      defineElement('rec-board', Board, { attributes: ['boardId'], version: '99.0.0' });
      defineElement('rec-board', Board, { attributes: ['boardId'], version: '99.0.0' });
    } finally {
      console.warn = warn;
    }
    expect(customElements.get('rec-board')).to.equal(defined);
    expect(warnings).to.have.length(1);
    expect(String(warnings[0]?.[0])).to.contain('99.0.0');
  });
});
