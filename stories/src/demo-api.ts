import type { Board, Offer } from '@rec/core';
import { visitorLanguage } from '@rec/core/visitor-language';

/**
 * A fake API for the stories: <rec-board> fetches `GET {api-base}/v2/boards/{id}` and
 * `/v2/boards/{id}/offers`, <rec-jobs-count> `/v2/boards/{id}/offer-count`, through the global fetch, so a decorator swaps `window.fetch` for
 * one that answers requests to DEMO_API_BASE from the data below and hands every other
 * request (Storybook's own) to the real fetch. No server, no network, no console noise.
 */
export const DEMO_API_BASE = 'https://api.storybook.test';

export const DEMO_BOARDS = {
  loaded: '64b0b0a4d0000000000005b1',
  empty: '64b0b0a4d0000000000005b2',
  error: '64b0b0a4d0000000000005b5',
  loading: '64b0b0a4d0000000000005b9',
  notFound: '64b0b0a4d0000000000005f4',
} as const;

const COMPANY = { _id: '64b0b0a4d0000000000005c1', name: 'Lumen Robotics' };

const boards: Record<string, Board> = {
  [DEMO_BOARDS.loaded]: {
    _id: DEMO_BOARDS.loaded,
    language: 'en',
    name: 'Lumen Robotics careers',
    company: COMPANY,
    spontaneousOfferChannelUrl: 'https://jobs.example.com/offer/c/64b0b0a4d0000000000005f9',
  },
  [DEMO_BOARDS.empty]: { _id: DEMO_BOARDS.empty, language: 'en', name: 'Lumen Robotics internships', company: COMPANY, spontaneousOfferChannelUrl: null },
  [DEMO_BOARDS.loading]: { _id: DEMO_BOARDS.loading, language: 'en', name: 'Never answers', company: COMPANY, spontaneousOfferChannelUrl: null },
};

function offer(n: number, { contractType, ...information }: Offer['information'] & Pick<Offer, 'contractType'>): Offer {
  const id = `64b0b0a4d0000000000006${String(n).padStart(2, '0')}`;
  return {
    _id: id,
    language: 'en',
    channelId: `64b0b0a4d0000000000007${String(n).padStart(2, '0')}`,
    information,
    url: { canonical: `https://jobs.example.com/offer/c/${id}` },
    contractType: contractType ?? null,
  };
}

/** Titles in several languages; some are missing on purpose (the widget falls back and marks `lang`). */
export const DEMO_OFFERS: Offer[] = [
  offer(1, {
    title: {
      de: 'Softwareentwickler (m/w/d)',
      en: 'Software engineer',
      es: 'Ingeniero/a de software',
      fr: 'Ingénieur·e logiciel',
      lb: 'Software-Ingenieur',
      nl: 'Software-engineer',
      pt: 'Engenheiro/a de software',
      it: 'Ingegnere del software',
      pl: 'Inżynier oprogramowania',
    },
    location: { en: 'Luxembourg City', fr: 'Luxembourg-Ville', de: 'Luxemburg-Stadt', lb: 'Lëtzebuerg-Stad' },
    contractType: 'permanent',
  }),
  offer(2, {
    title: { de: 'Pflegefachkraft', en: 'Nurse', es: 'Enfermero/a', fr: 'Infirmier·ère', nl: 'Verpleegkundige', pt: 'Enfermeiro/a', it: 'Infermiere/a', pl: 'Pielęgniarka / pielęgniarz' },
    location: { en: 'Esch-sur-Alzette' },
    contractType: 'part-time',
  }),
  offer(3, {
    title: { de: 'Buchhalter (m/w/d)', en: 'Accountant', es: 'Contable', fr: 'Comptable', nl: 'Boekhouder', pt: 'Contabilista', it: 'Contabile', pl: 'Księgowy / księgowa' },
    location: { en: 'Remote' },
  }),
  offer(4, { title: { en: 'Warehouse operator', fr: 'Magasinier·ère', de: 'Lagerist (m/w/d)' }, contractType: 'fixed-term' }),
  offer(5, {
    title: {
      en: 'Senior customer success manager for the Benelux and DACH regions',
      fr: 'Responsable senior de la réussite client pour le Benelux et la région DACH',
      de: 'Senior Customer Success Manager für die Regionen Benelux und DACH',
    },
    location: { en: 'Luxembourg City or Brussels', fr: 'Luxembourg-Ville ou Bruxelles', de: 'Luxemburg-Stadt oder Brüssel' },
    contractType: 'permanent',
  }),
];

/** Latency of the fake API, so the loading state shows for a moment as it does for real. */
const LATENCY_MS = 150;

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(new DOMException('The request was aborted.', 'AbortError'));
    if (signal?.aborted) return abort();
    const timer = ms === Number.POSITIVE_INFINITY ? undefined : setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      abort();
    });
  });
}

async function answer(url: URL, signal: AbortSignal | null | undefined): Promise<Response> {
  const count = /^\/v2\/boards\/([^/]+)\/offer-count$/.exec(url.pathname);
  if (count) return answerCount(count[1] ?? '', url.searchParams.get('location'), url.searchParams.get('language'), signal);
  const match = /^\/v2\/boards\/([^/]+)(\/offers)?$/.exec(url.pathname);
  if (!match) return reply(404, { statusCode: 404, error: 'errors.notFound' });
  const [, id = '', offers] = match;
  await wait(id === DEMO_BOARDS.loading ? Number.POSITIVE_INFINITY : LATENCY_MS, signal);
  if (id === DEMO_BOARDS.error) return reply(500, { statusCode: 500, error: 'Internal Server Error' });
  const board = boards[id];
  if (!board) return reply(404, { statusCode: 404, error: 'board.notFound' });
  if (!offers) return reply(200, board);
  return reply(200, id === DEMO_BOARDS.loaded ? DEMO_OFFERS : []);
}

/** `<rec-jobs-count>`'s `GET /v2/boards/{id}/offer-count`: the demo offers, filtered by location in any language, in the language the rule picks. */
async function answerCount(id: string, location: string | null, language: string | null, signal: AbortSignal | null | undefined): Promise<Response> {
  await wait(id === DEMO_BOARDS.loading ? Number.POSITIVE_INFINITY : LATENCY_MS, signal);
  if (id === DEMO_BOARDS.error) return reply(500, { statusCode: 500, error: 'Internal Server Error' });
  const board = boards[id];
  if (!board) return reply(404, { statusCode: 404, error: 'board.notFound' });
  const offers = id === DEMO_BOARDS.loaded ? DEMO_OFFERS : [];
  const wanted = location?.trim().toLowerCase();
  const matching = wanted ? offers.filter((offer) => Object.values(offer.information.location ?? {}).some((text) => text?.toLowerCase() === wanted)) : offers;
  // The server finishes the language rule: what the badge asked for, the browser's languages, the board's.
  return reply(200, { count: matching.length, language: visitorLanguage({ query: language, browser: navigator.languages, content: board.language }) });
}

let installed = false;

/** Installs the fake API once per preview page (idempotent). */
export function installDemoApi(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  const realFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, window.location.href);
    if (url.origin !== DEMO_API_BASE) return realFetch(input, init);
    return answer(url, init?.signal ?? (input instanceof Request ? input.signal : undefined));
  };
}
