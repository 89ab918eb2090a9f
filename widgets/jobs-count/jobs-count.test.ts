import { expect, fixture, oneEvent } from '@open-wc/testing';
import { waitUntil } from '@rec/ui/testing/wait-until';
import { LOCALES } from '@rec/core';
import type { JobsCountLoadDetail } from './src/jobs-count.element';
import './src/jobs-count.element';
import { resetBrowserLanguages, setBrowserLanguages } from '@rec/ui/browser-languages';

type RecJobsCount = HTMLElementTagNameMap['rec-jobs-count'];

// ---- A fake API, answered by URL (no server) -------------------------------------------
const FR_BOARD = '64b0b0a4d000000000000001';
const EMPTY_BOARD = '64b0b0a4d000000000000002';
const DE_BOARD = '64b0b0a4d000000000000003';
const MISSING_BOARD = '64b0b0a4d000000000000404';
const BROKEN_BOARD = '64b0b0a4d000000000000500';
/** Answers the count given in the query (`?contract=<n>`), for the plural tests. */
const ANY_COUNT_BOARD = '64b0b0a4d0000000000000aa';

const requests: URL[] = [];

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** As the server finishes the language rule: the page's wish when it is one of ours, else (no Accept-Language here) the board's. */
const answerLanguage = (wish: string | null) => (own: string) => {
  const asked = wish?.slice(0, 2).toLowerCase() ?? '';
  return ['de', 'en', 'es', 'fr', 'lb', 'nl', 'pt', 'it', 'pl'].includes(asked) ? asked : own;
};

async function fakeApi(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
  requests.push(url);
  const [, id] = /^\/v2\/boards\/([^/]+)\/offer-count$/.exec(url.pathname) ?? [];
  const location_ = url.searchParams.get('location');
  const contract = url.searchParams.get('contract');
  const answer = answerLanguage(url.searchParams.get('language'));
  switch (id) {
    case FR_BOARD:
      return reply(200, { count: location_ === 'Luxembourg' ? 3 : contract === 'permanent' ? 5 : 14, language: answer('fr') });
    case DE_BOARD:
      // With the company's brand (issue 25: the badge carries the board's theme).
      return reply(200, { count: 1, language: answer('de'), properties: { '--rec-color-primary': '#b4451f' } });
    case EMPTY_BOARD:
      return reply(200, { count: 0, language: answer('nl') });
    case ANY_COUNT_BOARD:
      return reply(200, { count: Number(contract), language: answer('en') });
    case BROKEN_BOARD:
      return reply(500, { statusCode: 500, error: 'Internal Server Error' });
    default:
      return reply(404, { statusCode: 404, error: 'board.notFound' });
  }
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
  document.documentElement.removeAttribute('lang');
});

// ---- Helpers ------------------------------------------------------------------------------
const badgeOf = (element: RecJobsCount) => element.shadowRoot?.querySelector<HTMLElement>('[part~="badge"]') ?? null;
const text = (element: RecJobsCount) => badgeOf(element)?.textContent ?? null;
const settled = (element: RecJobsCount) => waitUntil(() => element.state !== 'loading', 'the badge did not settle');

async function badge(html: string): Promise<RecJobsCount> {
  const element = await fixture<RecJobsCount>(html);
  await settled(element);
  await element.updateComplete;
  return element;
}

/** Counts `count` on a board that answers any count, shown in `language`. */
async function counted(language: string, count: number): Promise<string | null> {
  const element = await badge(`<rec-jobs-count board-id="${ANY_COUNT_BOARD}" contract="${count}" language="${language}"></rec-jobs-count>`);
  return text(element);
}

// ---- Tests ----------------------------------------------------------------------------------
describe('<rec-jobs-count>', () => {
  it('carries the company’s theme like the board, and the page’s own value wins (issue 25)', async () => {
    const element = await badge(`<rec-jobs-count board-id="${DE_BOARD}"></rec-jobs-count>`);
    const background = () => getComputedStyle(badgeOf(element) as HTMLElement).backgroundColor;
    expect(background()).to.equal('rgb(180, 69, 31)');
    element.style.setProperty('--rec-color-primary', '#123456');
    expect(background()).to.equal('rgb(18, 52, 86)');
  });

  it('shows the board’s open offers as a link, in the board’s language without a page language', async () => {
    const element = await badge(`<rec-jobs-count board-id="${FR_BOARD}" href="/carrieres#jobs"></rec-jobs-count>`);
    const link = badgeOf(element);
    expect(link?.localName).to.equal('a');
    expect(link?.getAttribute('href')).to.equal('/carrieres#jobs');
    expect(link?.getAttribute('lang')).to.equal('fr');
    expect(text(element)).to.equal('On recrute\u00a0: 14 postes ouverts');
    expect(element.shadowRoot?.querySelector('[part~="count"]')?.textContent).to.equal('14');
    expect(element.getAttribute('state')).to.equal('loaded');
    expect(getComputedStyle(element).display).to.equal('inline-block');
    const call = requests.at(-1);
    expect(call?.pathname).to.equal(`/v2/boards/${FR_BOARD}/offer-count`);
    expect(call?.search).to.equal('');
  });

  it('is plain text without href, and never links to a javascript: address', async () => {
    const plain = await badge(`<rec-jobs-count board-id="${FR_BOARD}"></rec-jobs-count>`);
    expect(badgeOf(plain)?.localName).to.equal('span');
    for (const href of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      const unsafe = await badge(`<rec-jobs-count board-id="${FR_BOARD}"></rec-jobs-count>`);
      unsafe.href = href;
      await unsafe.updateComplete;
      expect(unsafe.shadowRoot?.querySelector('a'), href).to.equal(null);
      expect(badgeOf(unsafe)?.localName, href).to.equal('span');
    }
    for (const href of ['https://jobs.example.com/', 'HTTP://x.test', '/careers', 'careers.html#jobs', '?page=jobs', '#jobs', '../jobs/a:b']) {
      const safe = await badge(`<rec-jobs-count board-id="${FR_BOARD}"></rec-jobs-count>`);
      safe.href = href;
      await safe.updateComplete;
      expect(safe.shadowRoot?.querySelector('a')?.getAttribute('href'), href).to.equal(href);
    }
  });

  describe('language', () => {
    it('follows the page’s lang', async () => {
      document.documentElement.lang = 'de-LU';
      const element = await badge(`<rec-jobs-count board-id="${FR_BOARD}"></rec-jobs-count>`);
      expect(text(element)).to.equal('Wir stellen ein: 14 offene Stellen');
    });

    it('prefers the nearest lang of its container to the page’s', async () => {
      document.documentElement.lang = 'de';
      const wrapper = await fixture<HTMLElement>(`<nav lang="nl"><rec-jobs-count board-id="${FR_BOARD}"></rec-jobs-count></nav>`);
      const element = wrapper.querySelector('rec-jobs-count')!;
      await settled(element);
      await element.updateComplete;
      expect(text(element)).to.equal('We zoeken versterking: 14 openstaande vacatures');
    });

    it('prefers the page’s ?language= to its lang, and the attribute to both', async () => {
      document.documentElement.lang = 'de';
      history.replaceState(null, '', '?language=it');
      const fromQuery = await badge(`<rec-jobs-count board-id="${FR_BOARD}"></rec-jobs-count>`);
      expect(text(fromQuery)).to.equal('Stiamo assumendo: 14 posizioni aperte');
      const fromAttribute = await badge(`<rec-jobs-count board-id="${FR_BOARD}" language="pt-BR"></rec-jobs-count>`);
      expect(text(fromAttribute)).to.equal('Estamos a recrutar: 14 vagas disponíveis');
    });

    it('ignores an unsupported language', async () => {
      document.documentElement.lang = 'ja';
      const element = await badge(`<rec-jobs-count board-id="${DE_BOARD}" language="klingon"></rec-jobs-count>`);
      expect(text(element)).to.equal('Wir stellen ein: 1 offene Stelle');
    });
  });

  describe('plurals', () => {
    // One line per language: each count picks a different plural form where the language has one.
    const EXPECTED: Record<string, Array<[number, string]>> = {
      en: [[1, 'We’re hiring: 1 open position'], [2, 'We’re hiring: 2 open positions'], [1000, 'We’re hiring: 1,000 open positions']],
      de: [[1, 'Wir stellen ein: 1 offene Stelle'], [7, 'Wir stellen ein: 7 offene Stellen'], [1000, 'Wir stellen ein: 1.000 offene Stellen']],
      fr: [[1, 'On recrute\u00a0: 1 poste ouvert'], [2, 'On recrute\u00a0: 2 postes ouverts'], [1000000, 'On recrute\u00a0: 1\u202f000\u202f000 de postes ouverts']],
      es: [[1, 'Estamos contratando: 1 puesto vacante'], [3, 'Estamos contratando: 3 puestos vacantes'], [1000000, 'Estamos contratando: 1.000.000 de puestos vacantes']],
      it: [[1, 'Stiamo assumendo: 1 posizione aperta'], [3, 'Stiamo assumendo: 3 posizioni aperte'], [1000000, 'Stiamo assumendo: 1.000.000 di posizioni aperte']],
      pt: [[1, 'Estamos a recrutar: 1 vaga disponível'], [3, 'Estamos a recrutar: 3 vagas disponíveis'], [1000000, 'Estamos a recrutar: 1.000.000 de vagas disponíveis']],
      nl: [[1, 'We zoeken versterking: 1 openstaande vacature'], [12, 'We zoeken versterking: 12 openstaande vacatures']],
      lb: [[1, 'Mir stellen an: 1 oppe Stell'], [12, 'Mir stellen an: 12 oppe Stellen']],
      pl: [
        [1, 'Rekrutujemy: 1 otwarte stanowisko'],
        [3, 'Rekrutujemy: 3 otwarte stanowiska'],
        [5, 'Rekrutujemy: 5 otwartych stanowisk'],
        [22, 'Rekrutujemy: 22 otwarte stanowiska'],
        [112, 'Rekrutujemy: 112 otwartych stanowisk'],
      ],
    };

    it('covers every supported language', () => {
      expect(Object.keys(EXPECTED).sort()).to.deep.equal([...LOCALES].sort());
    });

    for (const [language, cases] of Object.entries(EXPECTED)) {
      it(`uses the plural forms of ${language}`, async () => {
        for (const [count, expected] of cases) expect(await counted(language, count), `${language} ${count}`).to.equal(expected);
      });
    }
  });

  describe('no open offer', () => {
    it('hides itself, and still tells the page the count', async () => {
      const element = await fixture<RecJobsCount>(`<rec-jobs-count board-id="${EMPTY_BOARD}" href="/jobs"></rec-jobs-count>`);
      const { detail } = (await oneEvent(element, 'rec-jobs-count-load')) as CustomEvent<JobsCountLoadDetail>;
      expect(detail).to.deep.equal({ boardId: EMPTY_BOARD, count: 0, language: 'nl' });
      await element.updateComplete;
      expect(element.getAttribute('state')).to.equal('empty');
      expect(badgeOf(element)).to.equal(null);
      expect(getComputedStyle(element).display).to.equal('none');
    });

    it('shows the page’s empty-text instead, in the page’s own language', async () => {
      const element = await badge(`<rec-jobs-count board-id="${EMPTY_BOARD}" href="/spontaneous" empty-text="Candidature spontanée"></rec-jobs-count>`);
      expect(text(element)).to.equal('Candidature spontanée');
      expect(badgeOf(element)?.getAttribute('href')).to.equal('/spontaneous');
      expect(badgeOf(element)?.hasAttribute('lang')).to.equal(false);
      expect(getComputedStyle(element).display).to.equal('inline-block');
    });

    it('shows a translated “no open positions” for an empty empty-text', async () => {
      const element = await badge(`<rec-jobs-count board-id="${EMPTY_BOARD}" language="pl" empty-text></rec-jobs-count>`);
      expect(text(element)).to.equal('Obecnie brak otwartych stanowisk');
      expect(badgeOf(element)?.getAttribute('lang')).to.equal('pl');
    });
  });

  describe('errors', () => {
    for (const [what, boardId] of [
      ['a server error', BROKEN_BOARD],
      ['an unknown board', MISSING_BOARD],
      ['a missing board id', ''],
    ] as const) {
      it(`hides itself on ${what}, without a load event`, async () => {
        let loads = 0;
        const element = document.createElement('rec-jobs-count');
        element.addEventListener('rec-jobs-count-load', () => loads++);
        if (boardId) element.setAttribute('board-id', boardId);
        element.setAttribute('empty-text', 'Nothing');
        await fixture(element);
        await settled(element);
        await element.updateComplete;
        expect(element.getAttribute('state')).to.equal('error');
        expect(badgeOf(element)).to.equal(null);
        expect(getComputedStyle(element).display).to.equal('none');
        expect(loads).to.equal(0);
      });
    }
  });

  describe('attributes', () => {
    it('sends the location and contract filters', async () => {
      const inLuxembourg = await badge(`<rec-jobs-count board-id="${FR_BOARD}" location="Luxembourg"></rec-jobs-count>`);
      expect(requests.at(-1)?.searchParams.get('location')).to.equal('Luxembourg');
      expect(text(inLuxembourg)).to.equal('On recrute\u00a0: 3 postes ouverts');
      const permanent = await badge(`<rec-jobs-count board-id="${FR_BOARD}" contract="permanent"></rec-jobs-count>`);
      expect(requests.at(-1)?.searchParams.get('contract')).to.equal('permanent');
      expect(text(permanent)).to.equal('On recrute\u00a0: 5 postes ouverts');
    });

    it('counts again when board-id, location or contract change, and tells the page each time', async () => {
      const element = await badge(`<rec-jobs-count board-id="${FR_BOARD}" language="en"></rec-jobs-count>`);
      expect(text(element)).to.equal('We’re hiring: 14 open positions');

      let event = oneEvent(element, 'rec-jobs-count-load');
      element.setAttribute('location', 'Luxembourg');
      expect(((await event) as CustomEvent<JobsCountLoadDetail>).detail.count).to.equal(3);
      await element.updateComplete;
      expect(text(element)).to.equal('We’re hiring: 3 open positions');

      event = oneEvent(element, 'rec-jobs-count-load');
      element.setAttribute('board-id', DE_BOARD);
      expect(((await event) as CustomEvent<JobsCountLoadDetail>).detail).to.deep.equal({ boardId: DE_BOARD, count: 1, language: 'en' });
      await element.updateComplete;
      expect(text(element)).to.equal('We’re hiring: 1 open position');

      element.setAttribute('board-id', EMPTY_BOARD);
      await waitUntil(() => element.getAttribute('state') === 'empty', 'the empty board was not counted');
      expect(getComputedStyle(element).display).to.equal('none');
    });

    it('changes language: the page’s wish goes to the server, which finishes the rule (issue 25)', async () => {
      const element = await badge(`<rec-jobs-count board-id="${FR_BOARD}" language="en"></rec-jobs-count>`);
      element.setAttribute('language', 'es');
      await waitUntil(() => text(element) === 'Estamos contratando: 14 puestos vacantes', `not re-rendered in Spanish: ${text(element)}`);
      expect(requests.at(-1)?.searchParams.get('language')).to.equal('es');
      element.removeAttribute('language');
      await waitUntil(() => text(element) === 'On recrute\u00a0: 14 postes ouverts', `not back to the board language: ${text(element)}`);
    });

    it('asks the API at api-base', async () => {
      const element = await badge(`<rec-jobs-count board-id="${FR_BOARD}" api-base="https://jobs.example.test"></rec-jobs-count>`);
      expect(requests.at(-1)?.origin).to.equal('https://jobs.example.test');
      expect(text(element)).to.equal('On recrute\u00a0: 14 postes ouverts');
    });
  });

  it('dispatches rec-jobs-count-load that bubbles out of shadow roots', async () => {
    const host = await fixture<HTMLElement>('<div></div>');
    const root = host.attachShadow({ mode: 'open' });
    const heard = oneEvent(document, 'rec-jobs-count-load');
    root.innerHTML = `<rec-jobs-count board-id="${DE_BOARD}"></rec-jobs-count>`;
    const { detail } = (await heard) as CustomEvent<JobsCountLoadDetail>;
    expect(detail).to.deep.equal({ boardId: DE_BOARD, count: 1, language: 'de' });
  });

  it('takes the page’s branding through --rec-* properties and ::part()', async () => {
    const style = document.createElement('style');
    style.textContent = `
      .branded { --rec-color-primary: rgb(180, 69, 31); --rec-color-on-primary: rgb(1, 2, 3); --rec-radius: 3px; }
      .branded::part(count) { font-style: italic; }`;
    document.head.append(style);
    try {
      const element = await badge(`<rec-jobs-count class="branded" board-id="${FR_BOARD}"></rec-jobs-count>`);
      const box = getComputedStyle(badgeOf(element)!);
      expect(box.backgroundColor).to.equal('rgb(180, 69, 31)');
      expect(box.color).to.equal('rgb(1, 2, 3)');
      expect(box.borderTopLeftRadius).to.equal('3px');
      expect(getComputedStyle(element.shadowRoot!.querySelector('[part~="count"]')!).fontStyle).to.equal('italic');
    } finally {
      style.remove();
    }
  });
});
