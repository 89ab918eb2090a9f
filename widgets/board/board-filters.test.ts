// <rec-board> with 500 offers: search, filters computed from the offers, the announced count,
// "show more", and the rec-board-filter event and attributes (issue 17).
import { expect, fixture } from '@open-wc/testing';
import { waitUntil } from '@rec/ui/testing/wait-until';
import type { Board as BoardEntity, ContractType, Locale, Offer } from '@rec/core';
import { sendKeys } from '@web/test-runner-commands';
import { type BoardFilterDetail, PAGE_SIZE } from './src/Board';
import './src/board.element';
import { resetBrowserLanguages, setBrowserLanguages } from '@rec/ui/browser-languages';

const BIG_BOARD = '64b0b0a4d000000000000b01';
const SMALL_BOARD = '64b0b0a4d000000000000b02';
const COMPANY = { _id: '64b0b0a4d0000000000000c1', name: 'Lumen Robotics' };
const boards: Record<string, BoardEntity> = {
  [BIG_BOARD]: { _id: BIG_BOARD, language: 'fr', name: 'Lumen Robotics', company: COMPANY, spontaneousOfferChannelUrl: null },
  [SMALL_BOARD]: { _id: SMALL_BOARD, language: 'fr', name: 'Petite équipe', company: COMPANY, spontaneousOfferChannelUrl: null },
};

const ROLES = ['Électricien', 'Ingénieur logiciel', 'Comptable', 'Agent de sécurité', 'Soudeur'];
const PLACES: Partial<Record<Locale, string>>[] = [{ fr: 'Luxembourg', de: 'Luxemburg', lb: 'Lëtzebuerg' }, { fr: 'Esch-sur-Alzette' }, { fr: 'Metz' }];
const CONTRACTS: ContractType[] = ['permanent', 'fixed-term', 'internship', 'permanent'];

/** 500 offers: five roles, three places, three contract codes; every tenth written in German only. */
function bigBoardOffers(): Offer[] {
  return Array.from({ length: 500 }, (_, i) => {
    const id = `64b0b0a4d00000000000${String(i).padStart(4, '0')}`;
    const german = i % 10 === 9;
    const title = german ? { de: `Lagerist ${i}` } : { fr: `${ROLES[i % ROLES.length]} ${i}` };
    return {
      _id: id,
      language: german ? 'de' : 'fr',
      channelId: id,
      information: { title, location: PLACES[i % PLACES.length] },
      url: { canonical: `https://jobs.test/offer/c/${id}` },
      contractType: CONTRACTS[i % CONTRACTS.length] ?? null,
    } satisfies Offer;
  });
}
const BIG = bigBoardOffers();
const SMALL = BIG.slice(0, 4);

async function fakeApi(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
  const [, id = '', offers] = /^\/v2\/boards\/([^/]+)(\/offers)?$/.exec(url.pathname) ?? [];
  const board = boards[id];
  const body = !board ? { statusCode: 404, error: 'board.notFound' } : offers ? (id === BIG_BOARD ? BIG : SMALL) : board;
  return new Response(JSON.stringify(body), { status: board ? 200 : 404, headers: { 'content-type': 'application/json' } });
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
afterEach(() => history.replaceState(null, '', location.pathname));

type BoardElement = HTMLElement & { shadowRoot: ShadowRoot };
const $ = <T extends HTMLElement = HTMLElement>(board: Element, selector: string) => board.shadowRoot?.querySelector<T>(selector) ?? null;
const $$ = (board: Element, selector: string) => [...(board.shadowRoot?.querySelectorAll<HTMLElement>(selector) ?? [])];
const titles = (board: Element) => $$(board, '[part~="offer-title"]').map((node) => node.textContent ?? '');
const count = (board: Element) => $(board, '[part~="count"]')?.textContent;

async function board(html: string): Promise<BoardElement> {
  const element = await fixture<BoardElement>(html);
  await waitUntil(() => $(element, '[part~="offer"], [part~="no-match"], [part~="empty"]'), 'board did not render');
  return element;
}

/** Records the element's rec-board-filter events. */
function filterEvents(element: HTMLElement): BoardFilterDetail[] {
  const events: BoardFilterDetail[] = [];
  document.addEventListener('rec-board-filter', (event) => {
    if (event.composedPath()[0] === element) events.push(event.detail);
  });
  return events;
}

function choose(element: Element, selector: string, value: string) {
  const select = $<HTMLSelectElement>(element, selector);
  if (!select) throw new Error(`no ${selector}`);
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const optionLabels = (element: Element, selector: string) => [...($<HTMLSelectElement>(element, selector)?.options ?? [])].map((option) => option.textContent);

describe('<rec-board> with 500 offers', () => {
  it('paints one page of titles first, announces the total and shows more on demand, focusing the first new offer', async () => {
    const element = await board(`<rec-board board-id="${BIG_BOARD}"></rec-board>`);
    expect(titles(element)).to.have.length(PAGE_SIZE);
    expect(count(element)).to.equal('500 postes ouverts');
    expect($(element, '[part~="count"]')?.getAttribute('role')).to.equal('status');
    const more = $(element, '[part~="show-more"]');
    expect(more?.textContent).to.equal('Afficher 20 postes de plus');
    more?.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => titles(element).length === 2 * PAGE_SIZE, 'second page not shown');
    const links = $$(element, 'a[part~="offer"]');
    // Compared as a boolean: chai would try to print two DOM nodes on failure.
    expect(links.indexOf(element.shadowRoot.activeElement as HTMLElement)).to.equal(PAGE_SIZE);
  });

  it('searches titles in every language, ignoring case and accents, and reflects it in the attribute and an event', async () => {
    const element = await board(`<rec-board board-id="${BIG_BOARD}"></rec-board>`);
    const events = filterEvents(element);
    $<HTMLInputElement>(element, 'input[type="search"]')?.focus();
    await sendKeys({ type: 'electricien' });
    await waitUntil(() => element.getAttribute('search') === 'electricien', 'search not reflected');
    const expected = BIG.filter((offer) => offer.information.title.fr?.startsWith('Électricien')).length;
    await waitUntil(() => count(element) === `${expected} postes ouverts sur 500 correspondent`, `count is ${count(element)}`);
    expect(titles(element).every((title) => title.startsWith('Électricien'))).to.equal(true);
    expect(events.at(-1)).to.deep.equal({ search: 'electricien', location: '', contract: '', offerLanguage: '', count: expected, total: 500 });
    // German-only offers are found by their German title.
    const input = $<HTMLInputElement>(element, 'input[type="search"]');
    input?.select();
    await sendKeys({ type: 'LAGERIST 49' });
    // 49, 149, 249, 349, 449 and 499: every word is found, in any order and place.
    await waitUntil(() => count(element) === '6 postes ouverts sur 500 correspondent', `count is ${count(element)}`);
    expect(titles(element)).to.deep.equal(['Lagerist 149', 'Lagerist 249', 'Lagerist 349', 'Lagerist 449', 'Lagerist 49', 'Lagerist 499']);
  });

  it('offers the locations, contract types and languages the offers have, labelled in the shown language', async () => {
    const element = await board(`<rec-board board-id="${BIG_BOARD}" language="de"></rec-board>`);
    expect(optionLabels(element, '#rec-board-location')).to.deep.equal(['Alle Standorte', 'Esch-sur-Alzette', 'Luxemburg', 'Metz']);
    expect(optionLabels(element, '#rec-board-contract')).to.deep.equal(['Alle Vertragsarten', 'Befristet', 'Praktikum', 'Unbefristet']);
    expect(optionLabels(element, '#rec-board-offerLanguage')).to.deep.equal(['Alle Sprachen', 'Deutsch', 'Französisch']);
    // Every control has a visible label.
    for (const control of $$(element, 'input, select')) {
      expect($(element, `label[for="${control.id}"]`)?.textContent, control.id).to.not.equal('');
    }
  });

  it('filters by location, contract and language together, and says so to screen readers', async () => {
    const element = await board(`<rec-board board-id="${BIG_BOARD}"></rec-board>`);
    const events = filterEvents(element);
    choose(element, '#rec-board-location', 'Luxembourg');
    choose(element, '#rec-board-contract', 'internship');
    choose(element, '#rec-board-offerLanguage', 'fr');
    const expected = BIG.filter((o, i) => i % 3 === 0 && o.contractType === 'internship' && o.language === 'fr');
    await waitUntil(() => count(element) === `${expected.length} postes ouverts sur 500 correspondent`, `count is ${count(element)}`);
    expect(element.getAttribute('location')).to.equal('Luxembourg');
    expect(element.getAttribute('contract')).to.equal('internship');
    expect(element.getAttribute('offer-language')).to.equal('fr');
    expect(events.at(-1)).to.deep.include({ location: 'Luxembourg', contract: 'internship', offerLanguage: 'fr', count: expected.length });
    expect($$(element, '[part~="offer-location"]').every((node) => node.textContent === 'Lieu Luxembourg')).to.equal(true);
  });

  it('takes its filter from attributes, in any language, and never from the page URL', async () => {
    history.replaceState(null, '', '?search=Soudeur&location=Metz&contract=permanent');
    const element = await board(`<rec-board board-id="${BIG_BOARD}" location="lëtzebuerg" contract="permanent"></rec-board>`);
    const expected = BIG.filter((o, i) => i % 3 === 0 && o.contractType === 'permanent').length;
    expect(count(element)).to.equal(`${expected} postes ouverts sur 500 correspondent`);
    expect($<HTMLSelectElement>(element, '#rec-board-location')?.value).to.equal('Luxembourg');
    expect($<HTMLInputElement>(element, 'input[type="search"]')?.value).to.equal('');
    // The page changes the filter: the board follows (no event: the page did it).
    const events = filterEvents(element);
    element.setAttribute('search', 'soudeur');
    await waitUntil(() => titles(element).every((title) => title.startsWith('Soudeur')), 'search attribute not applied');
    element.removeAttribute('location');
    element.removeAttribute('contract');
    element.removeAttribute('search');
    await waitUntil(() => count(element) === '500 postes ouverts', `count is ${count(element)}`);
    expect(events).to.deep.equal([]);
  });

  it('says when nothing matches and clears the filters with one button', async () => {
    const element = await board(`<rec-board board-id="${BIG_BOARD}" search="astronaute"></rec-board>`);
    const events = filterEvents(element);
    expect(count(element)).to.equal('0 poste ouvert sur 500 correspond');
    expect($(element, '[part~="no-match"]')?.textContent).to.contain('Aucun poste ouvert ne correspond à votre recherche.');
    $(element, '[part~="clear-filters"]')?.click();
    await waitUntil(() => titles(element).length === PAGE_SIZE, 'filters not cleared');
    expect(element.hasAttribute('search')).to.equal(false);
    expect(events).to.deep.equal([{ search: '', location: '', contract: '', offerLanguage: '', count: 500, total: 500 }]);
  });

  it('speaks Polish plurals for the count and the show-more button', async () => {
    const element = await board(`<rec-board board-id="${BIG_BOARD}" language="pl" search="Lagerist 449"></rec-board>`);
    expect(count(element)).to.equal('1 z 500 otwartych stanowisk pasuje');
    element.setAttribute('search', 'Lagerist 49');
    await waitUntil(() => count(element) === '6 z 500 otwartych stanowisk pasuje', `count is ${count(element)}`);
    element.setAttribute('search', '');
    await waitUntil(() => count(element) === '500 otwartych stanowisk', `count is ${count(element)}`);
    expect($(element, '[part~="show-more"]')?.textContent).to.equal('Pokaż 20 kolejnych stanowisk');
  });

  it('keeps a small board a plain list, without filters or show more', async () => {
    const element = await board(`<rec-board board-id="${SMALL_BOARD}"></rec-board>`);
    expect(titles(element)).to.have.length(4);
    expect($(element, '[part~="filters"]') === null).to.equal(true);
    expect($(element, '[part~="show-more"]') === null).to.equal(true);
  });
});
