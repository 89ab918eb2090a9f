import { aTimeout, expect } from '@open-wc/testing';
import { waitUntil } from '@rec/ui/testing/wait-until';
import type { ApplicationStep, NextStepAnswer } from '@rec/core/steps';
import { resetBrowserLanguages, setBrowserLanguages } from '@rec/ui/browser-languages';

const FORM_ID = '64b0a5e00000000000000001';
const INTERVIEW_ID = '64b0a5e00000000000000002';
const SHAPE_ID = '64b0a5e00000000000000003';

type StepsElement = HTMLElement & { stepsToken?: string | undefined };

interface Call {
  method: string;
  path: string;
  authorization: string | null;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** The fake server: one application whose process is application-form -> interview -> shape. */
let calls: Call[] = [];
let formDone = false;
let unauthorized = false;
let finished = false;
let withdrawn = false;
/** The form's questions (tests swap in others). */
let formQuestions: unknown[] = [];
const SHIFT_QUESTION = { id: 'shift', type: 'shortText', required: true, label: { en: 'Which shift suits you?', fr: 'Quelle équipe vous convient ?' } };

function step(_id: string, product: ApplicationStep['product'], position: number, status: string, config: unknown): ApplicationStep {
  return { _id, product, position, stepConfig: { status: status as ApplicationStep['stepConfig']['status'] }, config: config as ApplicationStep['config'] };
}

function nextAnswer(): NextStepAnswer {
  const form = step(FORM_ID, 'application-form', 0, formDone ? 'DONE' : 'PENDING', { questions: formQuestions });
  const interview = step(INTERVIEW_ID, 'interview', 1, 'PENDING', {
    questions: [{ id: 'q1', text: { en: 'Tell us about a repair.' } }],
    thinkSeconds: 20,
    answerSeconds: 60,
    retakes: 1,
  });
  const shape = step(SHAPE_ID, 'shape', 2, 'PENDING', {});
  const steps = [form, interview, shape];
  return { steps, step: finished || withdrawn ? null : formDone ? interview : form, ...(withdrawn ? { withdrawn } : {}) };
}

/** The company's theme as the application answer carries it (issue 16). */
const THEME = { brand: { colors: { primary: '#8a2be2' } }, properties: { '--rec-color-primary': '#8a2be2' } };

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : null;
  const url = new URL(request?.url ?? String(input), location.href);
  const headers = new Headers(init?.headers ?? request?.headers);
  const raw = init?.body ?? (request ? await request.text() : undefined);
  calls.push({
    method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    authorization: headers.get('authorization'),
    credentials: init?.credentials ?? request?.credentials,
    body: typeof raw === 'string' && raw ? JSON.parse(raw) : raw,
  });
  if (unauthorized) return reply(401, { message: 'errors.unauthorized' });
  if (url.pathname === '/v2/application-steps/next') return reply(200, nextAnswer());
  if (url.pathname === '/v2/applicants/application') return reply(200, {
      _id: 'a'.repeat(24),
      locale: 'fr',
      offerTitle: { en: 'Robotics' },
      companyName: 'Lumen',
      applications: [],
      theme: THEME,
      candidateId: 'c'.repeat(24),
      careerSiteUrl: `/board/${'b'.repeat(24)}?language=fr`,
    });
  if (url.pathname === `/v2/application-steps/${FORM_ID}/complete`) {
    formDone = true;
    return reply(200, { finished: false });
  }
  return reply(404, { message: 'errors.notFound' });
}

const realFetch = window.fetch;
let early: StepsElement;

before(async () => {
  // A browser naming no supported language: the elements fall back to the content's own (issue 25 rule, step 6).
  setBrowserLanguages([]);
  window.fetch = fakeApi as typeof window.fetch;
  // Set before the chunk defines the tag, as <rec-offer> may: an own property the element must take over.
  early = document.createElement('rec-applicant-steps') as StepsElement;
  early.setAttribute('language', 'en');
  early.stepsToken = 'tok-early';
  // Already in the page when the chunk defines the tag: define() upgrades and renders it at once.
  document.body.append(early);
  await import('./src/applicant-steps.element');
});

after(() => {
  resetBrowserLanguages();
  window.fetch = realFetch;
});

beforeEach(() => {
  calls = [];
  formDone = false;
  unauthorized = false;
  finished = false;
  withdrawn = false;
  formQuestions = [SHIFT_QUESTION];
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  for (const element of document.querySelectorAll('rec-applicant-steps')) if (element !== early) element.remove();
});

function mount(token: string | undefined, attributes: Record<string, string> = { language: 'en' }): StepsElement {
  const element = document.createElement('rec-applicant-steps') as StepsElement;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.stepsToken = token;
  document.body.append(element);
  return element;
}

const heading = (element: HTMLElement) => element.shadowRoot?.querySelector('h2')?.textContent ?? '';

describe('<rec-applicant-steps>', () => {
  it('renders the current step from the API, every call carrying the token as a Bearer', async () => {
    const element = mount('tok-1');
    await waitUntil(() => heading(element) === 'A few more questions', 'the application form did not render');
    const root = element.shadowRoot!;
    expect(root.querySelector('[aria-current="step"]')?.textContent).to.contain('Questions');
    expect(root.querySelector('label')?.textContent).to.contain('Which shift suits you?');
    expect(calls.length).to.be.greaterThan(0);
    for (const call of calls) expect(call.authorization, call.path).to.equal('Bearer tok-1');
  });

  it("shows the company's theme, under the page's own --rec-* values", async () => {
    const themed = mount('tok-theme');
    await waitUntil(() => themed.shadowRoot?.querySelector('button[type="submit"]'), 'no form');
    const submit = () => getComputedStyle(themed.shadowRoot?.querySelector('button[type="submit"]') as HTMLElement).backgroundColor;
    await waitUntil(() => submit() === 'rgb(138, 43, 226)', `not in the brand colour: ${submit()}`);
    document.body.style.setProperty('--rec-color-primary', '#006400');
    try {
      expect(submit()).to.equal('rgb(0, 100, 0)');
    } finally {
      document.body.style.removeProperty('--rec-color-primary');
    }
  });

  it('walks to the next step in memory after the form: the page URL stays, the answers go with the token', async () => {
    const before = location.href;
    const element = mount('tok-2');
    await waitUntil(() => element.shadowRoot?.querySelector('input'), 'no form');
    const root = element.shadowRoot!;
    (root.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => root.querySelector('[role="alert"]'), 'a required answer was not asked for');
    expect(calls.some((call) => call.method === 'POST')).to.equal(false);

    const input = root.querySelector('input') as HTMLInputElement;
    input.value = 'Nights';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // Let the answer render before the click reads it, as between a person's keystrokes and click.
    await aTimeout(20);
    (root.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => heading(element) === 'Video interview', 'the interview did not follow');
    const complete = calls.find((call) => call.method === 'POST');
    expect(complete?.path).to.equal(`/v2/application-steps/${FORM_ID}/complete`);
    expect(complete?.authorization).to.equal('Bearer tok-2');
    expect(complete?.body).to.deep.equal({ answers: { shift: 'Nights' } });
    expect(root.querySelector('[aria-current="step"]')?.textContent).to.contain('Video interview');
    expect(location.href).to.equal(before);
  });

  it('keeps the token in memory only: no attribute, no cookie, nothing in web storage', async () => {
    const cookies = document.cookie;
    const element = mount('tok-secret-3');
    await waitUntil(() => heading(element) === 'A few more questions', 'did not render');
    expect(element.stepsToken).to.equal('tok-secret-3');
    expect(element.outerHTML).not.to.contain('tok-secret-3');
    expect(element.shadowRoot!.innerHTML).not.to.contain('tok-secret-3');
    expect(localStorage.length).to.equal(0);
    expect(sessionStorage.length).to.equal(0);
    expect(document.cookie).to.equal(cookies);
  });

  it('takes over a token set before the element was defined', async () => {
    early.remove();
    calls = [];
    document.body.append(early);
    await waitUntil(() => heading(early) === 'A few more questions', 'did not render');
    expect(early.stepsToken).to.equal('tok-early');
    expect(calls.length).to.be.greaterThan(0);
    expect(calls.every((call) => call.authorization === 'Bearer tok-early')).to.equal(true);
    early.remove();
  });

  it('speaks the application’s language without a language attribute', async () => {
    const element = mount('tok-4', {});
    await waitUntil(() => element.shadowRoot?.querySelector('label')?.textContent?.includes('Quelle équipe'), 'not in French');
    expect(element.shadowRoot!.querySelector('.steps')?.getAttribute('lang')).to.equal('fr');
  });

  it('shows the end message when no step is left, with the way on: the portal and the career site', async () => {
    finished = true;
    const element = mount('tok-5');
    await waitUntil(() => heading(element) === 'All done!', 'no end message');
    await waitUntil(() => element.shadowRoot?.querySelectorAll('.step-card a').length === 2, 'no links on the last page');
    const links = [...element.shadowRoot!.querySelectorAll<HTMLAnchorElement>('.step-card a')].map((link) => [link.textContent, new URL(link.href).pathname]);
    expect(links).to.deep.equal([
      ['Go to my applications', `/applicant/${'c'.repeat(24)}`],
      ['More jobs at Lumen', `/board/${'b'.repeat(24)}`],
    ]);
  });

  it('ends on "application withdrawn" when the candidate withdrew it', async () => {
    withdrawn = true;
    const element = mount('tok-6');
    await waitUntil(() => heading(element) === 'Application withdrawn', 'no withdrawn message');
  });

  it('offers "None of these" in a required multiple-choice question, exclusive of the other choices', async () => {
    formQuestions = [
      {
        id: 'licences',
        type: 'multipleChoice',
        required: true,
        label: { en: 'Which licences do you hold?' },
        choices: [
          { id: 'b', label: { en: 'Car' } },
          { id: 'c', label: { en: 'Truck' } },
        ],
      },
    ];
    const element = mount('tok-7');
    await waitUntil(() => element.shadowRoot?.querySelectorAll('input[type="checkbox"]').length === 3, 'no choices');
    const box = (value: string) => element.shadowRoot!.querySelector<HTMLInputElement>(`input[value="${value}"]`)!;
    expect(box('none').closest('label')?.textContent?.trim()).to.equal('None of these');
    box('b').click();
    await waitUntil(() => box('b').checked, 'car not checked');
    box('none').click();
    await waitUntil(() => box('none').checked && !box('b').checked, '"None of these" did not clear the others');
    element.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitUntil(() => calls.some((call) => call.path.endsWith('/complete')), 'not sent');
    expect(calls.find((call) => call.path.endsWith('/complete'))?.body).to.deep.equal({ answers: { licences: ['none'] } });
  });

  it('says the session ended (the magic link is the way back) on a 401', async () => {
    unauthorized = true;
    const element = mount('tok-expired');
    await waitUntil(() => heading(element) === 'Your session has ended', 'no expiry message');
  });
});
