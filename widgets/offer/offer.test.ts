import { expect, fixture } from '@open-wc/testing';
import { waitUntil } from '@rec/ui/testing/wait-until';
import type { Offer } from '@rec/core';
import { DRAFT_PREFIX } from '@rec/stores/application-form';
import { sanitizeHtml } from './src/sanitize-html';
import './src/offer.element';
import { resetBrowserLanguages, setBrowserLanguages } from '@rec/ui/browser-languages';

const OPEN = '64b0c4a10000000000000001';
const CLOSED = '64b0c4a10000000000000051';
const MISSING = '64b0c4a100000000000000ff';
const BROKEN = '64b0c4a100000000000000e0';
const SPONTANEOUS = '64b0c4a10000000000000050';
/** An engineering offer: no apply form configuration, so the defaults (no sensitive field). */
const ENGINEERING = '64b0c4a10000000000000002';
/** An offer that requires the birth date. */
const BIRTH_DATE = '64b0c4a10000000000000003';
/** The company wrote its notice in French (its default language, first) and English, not in German. */
const NOTICES = [
  { language: 'fr' as const, version: '0123456789abcdef', text: 'Lumen garde vos données deux ans.' },
  { language: 'en' as const, version: 'fedcba9876543210', text: 'Lumen keeps your data for two years.' },
];
const COMPANY = { _id: '64b0c0de0000000000000001', name: 'Lumen Robotics', privacyNotices: NOTICES };

const offer: Offer = {
  _id: '64b0905e0000000000000001',
  language: 'en',
  channelId: OPEN,
  information: {
    title: { en: 'Robot whisperer', fr: 'Chuchoteur de robots' },
    description: { en: '<p onclick="x()">Hello <script>alert(1)</script><a href="javascript:alert(1)">bad</a> <a href="https://ok.example/">good</a></p><img src=x onerror=alert(1)>' },
    location: { en: 'Luxembourg' },
  },
  url: { canonical: `https://jobs.test/offer/c/${OPEN}` },
  datePosted: '2026-10-01T08:00:00.000Z',
  company: COMPANY,
  applyOptions: { indeed: false },
  contractType: 'fixed-term',
  salary: { min: 45_000, max: 60_000, currency: 'EUR', period: 'YEAR' },
  // What the server builds (core job-posting.ts), without the description the widget adds.
  jobPosting: { '@context': 'https://schema.org/', '@type': 'JobPosting', title: 'Robot whisperer', directApply: true },
  // Every field asked, the CV required: the form's full set of rules.
  applyForm: {
    phone: 'optional',
    nationality: 'optional',
    birthDate: 'optional',
    gender: 'optional',
    address: 'optional',
    salary: 'optional',
    drivingLicenses: 'optional',
    hasWorkPermit: 'optional',
    cv: 'required',
    coverLetter: 'optional',
    profileUrl: 'optional',
  },
};
let submitted: Record<string, unknown> | null = null;

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
async function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
  if (url.pathname.endsWith('/applications')) {
    submitted = JSON.parse(String(init?.body ?? (input instanceof Request ? await input.text() : '{}')));
    return reply(201, { applicationId: 'a'.repeat(24), candidateId: 'c'.repeat(24), created: true, stepsToken: 'steps-token-1' });
  }
  const id = url.pathname.split('/').pop();
  if (id === ENGINEERING) {
    const { applyForm: _asked, salary: _none, ...engineering } = offer;
    // Also written in German: a German page shows it in German.
    return reply(200, { ...engineering, channelId: ENGINEERING, ...(url.searchParams.get('language') === 'de' ? { language: 'de' } : {}) });
  }
  if (id === BIRTH_DATE) return reply(200, { ...offer, channelId: BIRTH_DATE, applyForm: { birthDate: 'required' } });
  if (id === CLOSED) return reply(410, { statusCode: 410, error: 'offer.closed' });
  if (id === MISSING) return reply(404, { statusCode: 404, error: 'offer.notFound' });
  if (id === BROKEN) return reply(500, { statusCode: 500, error: 'genericErrorTitle' });
  const language = url.searchParams.get('language');
  if (id === SPONTANEOUS) return reply(200, { ...offer, channelId: SPONTANEOUS, language: 'en', contractType: null, spontaneous: true });
  return reply(200, { ...offer, language: language === 'fr' || language === 'de' ? language : 'en' });
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
beforeEach(() => localStorage.clear());

type El = HTMLElement & { shadowRoot: ShadowRoot };
const $ = (el: Element, selector: string) => el.shadowRoot?.querySelector<HTMLElement>(selector) ?? null;

async function offerElement(html: string): Promise<El> {
  const el = await fixture<El>(html);
  await waitUntil(() => $(el, '[part~="title"], [part~="error"]'), 'offer did not settle');
  return el;
}
async function openForm(html: string): Promise<El> {
  const el = await offerElement(html);
  await waitUntil(() => $(el, '#rec-apply-firstName'), 'form did not open');
  return el;
}
function type(el: El, id: string, value: string) {
  const input = $(el, `#${id}`) as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  input.dispatchEvent(new FocusEvent('blur'));
  input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
}
const errorOf = async (el: El, field: string) => {
  await new Promise((resolve) => setTimeout(resolve, 30));
  return $(el, `#rec-apply-${field}-error`)?.textContent ?? '';
};

describe('<rec-offer>', () => {
  it('renders the full offer page in the offer language, with a sanitised description', async () => {
    const el = await offerElement(`<rec-offer channel-id="${OPEN}" language="fr"></rec-offer>`);
    expect($(el, 'h1')?.textContent).to.equal('Chuchoteur de robots');
    expect($(el, '[part~="offer"]')?.getAttribute('lang')).to.equal('fr');
    const description = $(el, '[part~="description"]');
    expect(description?.querySelector('script, img, [onclick]')).to.equal(null);
    expect(description?.querySelector('a[href^="javascript"]')).to.equal(null);
    expect(description?.querySelector('a[href="https://ok.example/"]')?.getAttribute('rel')).to.equal('noopener noreferrer');
    expect($(el, '[part~="apply-button"]')).to.exist;
    expect(document.head.querySelector('script[type="application/ld+json"]')).to.equal(null, 'full pages are rendered by the server');
  });

  it('translates the contract code and dates the offer; tells the page its language and title', async () => {
    const shown: Array<{ language: string; title: string; error: boolean }> = [];
    const listen = (event: Event) => shown.push((event as CustomEvent).detail);
    document.addEventListener('rec-offer-shown', listen);
    try {
      const el = await offerElement(`<rec-offer channel-id="${OPEN}" language="fr"></rec-offer>`);
      const meta = $(el, '[part~="offer-meta"]')?.textContent ?? '';
      expect(meta).to.contain('Type de contrat').and.to.contain('CDD');
      expect(meta).not.to.contain('fixed-term');
      expect($(el, '.offer-date')?.textContent).to.contain('2026');
      await waitUntil(() => shown.length > 0, 'no rec-offer-shown event');
      expect(shown.at(-1)).to.deep.equal({ language: 'fr', title: 'Chuchoteur de robots', error: false });
    } finally {
      document.removeEventListener('rec-offer-shown', listen);
    }
  });

  it('gives the spontaneous application its own layout: no contract, no publish date', async () => {
    const el = await offerElement(`<rec-offer channel-id="${SPONTANEOUS}" language="en"></rec-offer>`);
    expect($(el, '[part~="offer-meta"]')?.textContent).not.to.contain('Contract');
    expect($(el, '.offer-date')).to.equal(null);
    expect($(el, '[part~="apply-button"]')).to.exist;
  });

  for (const [id, key] of [
    [CLOSED, 'closedJob'],
    [MISSING, 'closedJob'],
    [BROKEN, 'genericError'],
  ] as const) {
    it(`shows ${key} for ${id.slice(-2)}`, async () => {
      const el = await offerElement(`<rec-offer channel-id="${id}" language="en"></rec-offer>`);
      expect($(el, '[part~="error"]')?.dataset.messageKey).to.equal(key);
      expect($(el, '[role="alert"]')).to.exist;
    });
  }

  it('embedded applyManualOnly: opens the form at once, adds the JobPosting to the page head once', async () => {
    const el = await openForm(`<rec-offer channel-id="${OPEN}" embedded="applyManualOnly"></rec-offer>`);
    expect($(el, 'h2')?.textContent).to.equal('Robot whisperer');
    await fixture(`<rec-offer channel-id="${OPEN}" embedded="applyManualOnly"></rec-offer>`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const scripts = document.head.querySelectorAll(`script[type="application/ld+json"][data-rec-offer="${offer._id}"]`);
    expect(scripts.length).to.equal(1);
    const posting = JSON.parse(scripts[0]?.textContent ?? '{}');
    expect(posting['@type']).to.equal('JobPosting');
    expect(posting.directApply).to.equal(true);
    expect(posting.description).to.equal(sanitizeHtml(offer.information.description?.en ?? ''), 'the description it shows, sanitised');
    expect($(el, '.privacy-text')?.textContent).to.equal('Lumen keeps your data for two years.');
    expect($(el, '.privacy-language')).to.equal(null, 'the notice is in the page’s language: nothing to say');
  });

  it('shows the salary range on one line, formatted in the page language', async () => {
    const salaryOf = (el: El) =>
      [...(el.shadowRoot?.querySelectorAll('.offer-meta div') ?? [])].find((row) => /Salaire|Gehalt|Salary/.test(row.querySelector('dt')?.textContent ?? ''))?.querySelector('dd')?.textContent;
    // \s also matches the no-break spaces ICU puts inside French and German amounts.
    expect(salaryOf(await offerElement(`<rec-offer channel-id="${OPEN}" language="fr"></rec-offer>`))).to.match(/^45\s000–60\s000\s€ par an$/u);
    expect(salaryOf(await offerElement(`<rec-offer channel-id="${OPEN}" language="de"></rec-offer>`))).to.match(/^45\.000–60\.000\s€ pro Jahr$/u);
    expect(salaryOf(await offerElement(`<rec-offer channel-id="${OPEN}" language="en"></rec-offer>`))).to.match(/^€45,000\s–\s€60,000 per year$/u);
    // No range given (or hidden): no salary line at all.
    const engineering = await offerElement(`<rec-offer channel-id="${ENGINEERING}" language="fr"></rec-offer>`);
    expect(salaryOf(engineering)).to.equal(undefined);
  });

  it('shows the share actions on the full page only', async () => {
    const page = await offerElement(`<rec-offer channel-id="${OPEN}" language="en"></rec-offer>`);
    await waitUntil(() => $(page, '[part~="copy-link"]'), 'no share actions on the full page');
    const embedded = await openForm(`<rec-offer channel-id="${OPEN}" embedded="applyManualOnly"></rec-offer>`);
    expect($(embedded, '[part~="copy-link"]')).to.equal(null);
  });

  it('embedded applyWithOptions: offers the form, no Indeed without configuration', async () => {
    const el = await offerElement(`<rec-offer channel-id="${OPEN}" embedded="applyWithOptions"></rec-offer>`);
    expect($(el, '[part~="apply-button"]')).to.exist;
    expect($(el, '[part~="apply-indeed"]')).to.equal(null);
    $(el, '[part~="apply-button"]')?.click();
    await waitUntil(() => $(el, '#rec-apply-firstName'), 'form did not open');
  });

  it('shows the errors.{rule} message of each rule, tied to its field', async () => {
    const el = await openForm(`<rec-offer channel-id="${OPEN}" embedded="applyManualOnly"></rec-offer>`);
    type(el, 'rec-apply-email', 'not-an-email');
    expect(await errorOf(el, 'email')).to.equal('Please enter a valid email address.');
    expect($(el, '#rec-apply-email')?.getAttribute('aria-describedby')).to.contain('rec-apply-email-error');
    expect($(el, '#rec-apply-email')?.getAttribute('aria-invalid')).to.equal('true');
    type(el, 'rec-apply-birthDate', '31/02/1990');
    expect(await errorOf(el, 'birthDate')).to.equal('Please enter a valid past date as DD/MM/YYYY.');
    type(el, 'rec-apply-phone', 'call me');
    expect(await errorOf(el, 'phone')).to.equal('The format of this value is not valid.');
    type(el, 'rec-apply-address', 'abc');
    expect(await errorOf(el, 'address')).to.equal('Please enter at least 5 characters.');
    type(el, 'rec-apply-firstName', '   ');
    expect(await errorOf(el, 'firstName')).to.equal('This field is required.');
    type(el, 'rec-apply-firstName', 'Ana');
    expect(await errorOf(el, 'firstName')).to.equal('');
  });

  it('moves focus to the first invalid field on submit, in the order shown (the CV first)', async () => {
    const el = await openForm(`<rec-offer channel-id="${OPEN}" embedded="applyManualOnly"></rec-offer>`);
    type(el, 'rec-apply-firstName', 'Ana');
    ($(el, 'button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => el.shadowRoot.activeElement?.id === 'rec-apply-cv', 'focus did not move to the CV');
    expect(await errorOf(el, 'cv')).to.equal('This field is required.');
    expect(await errorOf(el, 'lastName')).to.equal('This field is required.');
    expect(await errorOf(el, 'gdprConsent')).to.equal('This field is required.');
  });

  it('puts the CV first, in a drop zone around its file input: a dropped file gets the same checks', async () => {
    const el = await openForm(`<rec-offer channel-id="${OPEN}" embedded="applyManualOnly"></rec-offer>`);
    const first = el.shadowRoot.querySelector('.apply-form [name]');
    expect(first?.getAttribute('name')).to.equal('cv');
    const zone = $(el, '[part~="drop-zone"]') as HTMLElement;
    expect(zone.querySelector('input[type="file"]')?.id, 'the keyboard still meets a file input').to.equal('rec-apply-cv');
    expect(zone.textContent).to.contain('Drop your CV here');
    const drag = (type: string, file?: File) => {
      const transfer = new DataTransfer();
      if (file) transfer.items.add(file);
      zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    };
    drag('dragover');
    await waitUntil(() => zone.classList.contains('drop-zone-over'), 'no drop highlight');
    drag('drop', new File(['MZ'], 'virus.exe'));
    await waitUntil(() => (($(el, '#rec-apply-cv-error')?.textContent ?? '').includes('not accepted')), 'a dropped .exe was not refused');
    expect(zone.classList.contains('drop-zone-over')).to.equal(false);
    drag('drop', new File([], 'empty.pdf'));
    await waitUntil(() => (($(el, '#rec-apply-cv-error')?.textContent ?? '').includes('10 MB')), 'a dropped empty file was not refused');
  });

  it('keeps the CV drop zone inside a phone-narrow element: the zone, its file input and a long file name stay within it', async () => {
    const el = await openForm(`<rec-offer channel-id="${OPEN}" embedded="applyManualOnly" style="display: block; width: 180px"></rec-offer>`);
    const right = el.getBoundingClientRect().right;
    const zone = $(el, '[part~="drop-zone"]') as HTMLElement;
    const status = zone.querySelector('.upload-status') as HTMLElement;
    status.textContent = `${'Lebenslauf_Bewerbung_Servicetechnikerin_Robotik_2026'.repeat(2)}.pdf`;
    // A file input is about 200 px wide of its own: before, the zone's one column took that width whatever the zone's.
    for (const part of [zone, ...zone.children]) expect(part.getBoundingClientRect().right, `${part.tagName}.${part.className} sticks out`).to.be.at.most(right + 0.5);
    expect(status.scrollWidth, 'a long file name wraps').to.be.at.most(status.clientWidth);
  });

  it('offers "None" among the driving licences: it excludes the licences and is sent as the answer', async () => {
    submitted = null;
    const el = await openForm(`<rec-offer channel-id="${OPEN}" embedded="applyManualOnly"></rec-offer>`);
    const box = (value: string) => $(el, `input[name="drivingLicenses"][value="${value}"]`) as HTMLInputElement;
    expect(box('none').closest('label')?.textContent?.trim()).to.equal('None');
    box('B').click();
    await waitUntil(() => box('B').checked, 'B not checked');
    box('none').click();
    await waitUntil(() => box('none').checked && !box('B').checked, '"None" did not clear the licence');
    box('C').click();
    await waitUntil(() => box('C').checked && !box('none').checked, 'a licence did not clear "None"');
    box('none').click();
    await waitUntil(() => box('none').checked, '"None" not checked');
    type(el, 'rec-apply-firstName', 'Ana');
    type(el, 'rec-apply-lastName', 'Silva');
    type(el, 'rec-apply-email', 'ana@example.org');
    ($(el, '#rec-apply-gdprConsent') as HTMLInputElement).click();
    ($(el, 'button[type="submit"]') as HTMLButtonElement).click();
    // The CV is required here: the form stops, but the answer it holds is "none" alone.
    await waitUntil(() => el.shadowRoot.activeElement?.id === 'rec-apply-cv', 'focus did not move to the CV');
    const draft = JSON.parse(localStorage.getItem(`${DRAFT_PREFIX}${OPEN}`) ?? '{}');
    expect(draft.values.drivingLicenses).to.deep.equal(['none']);
  });

  it('refuses a file of the wrong type or size before uploading it', async () => {
    const el = await openForm(`<rec-offer channel-id="${OPEN}" embedded="applyManualOnly"></rec-offer>`);
    const input = $(el, '#rec-apply-cv') as HTMLInputElement;
    const choose = (file: File) => {
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };
    choose(new File(['MZ'], 'virus.exe'));
    await waitUntil(() => (($(el, '#rec-apply-cv-error')?.textContent ?? '').includes('not accepted')), 'no extension error');
    expect($(el, '#rec-apply-cv-error')?.textContent).to.contain('.pdf');
    choose(new File([], 'empty.pdf'));
    await waitUntil(() => (($(el, '#rec-apply-cv-error')?.textContent ?? '').includes('10 MB')), 'no size error');
  });

  it('restores a half-filled form from the draft, keyed by channel, without the consent', async () => {
    localStorage.setItem(`${DRAFT_PREFIX}${OPEN}`, JSON.stringify({ values: { firstName: 'Léa', drivingLicenses: ['B'] }, submissionId: 'draft-123456', cv: null }));
    const el = await openForm(`<rec-offer channel-id="${OPEN}" embedded="applyManualOnly"></rec-offer>`);
    expect(($(el, '#rec-apply-firstName') as HTMLInputElement).value).to.equal('Léa');
    expect(($(el, 'input[value="B"]') as HTMLInputElement).checked).to.equal(true);
    expect($(el, '.apply-notice')?.textContent).to.equal('We restored the answers you entered earlier.');
    type(el, 'rec-apply-lastName', 'Muller');
    const saved = JSON.parse(localStorage.getItem(`${DRAFT_PREFIX}${OPEN}`) ?? '{}');
    expect(saved.values.lastName).to.equal('Muller');
    expect(saved.submissionId).to.equal('draft-123456');
    expect(saved.values.gdprConsent).to.equal(undefined);
  });
});

describe('<rec-offer> apply form configuration (issue 9)', () => {
  const visible = (el: El) => [...(el.shadowRoot.querySelectorAll<HTMLElement>('.apply-form [name]') ?? [])].map((field) => field.getAttribute('name'));

  it('asks an engineering offer only name, email, phone, CV, cover letter and profile URL; only name and email are required', async () => {
    const el = await openForm(`<rec-offer channel-id="${ENGINEERING}" embedded="applyManualOnly"></rec-offer>`);
    expect([...new Set(visible(el))]).to.deep.equal(['cv', 'firstName', 'lastName', 'email', 'phone', 'coverLetter', 'coverLetterFile', 'profileUrl', 'gdprConsent']);
    for (const hidden of ['nationality', 'birthDate', 'gender', 'address', 'salary', 'drivingLicenses', 'hasWorkPermit']) expect($(el, `[name="${hidden}"]`)).to.equal(null);
    const required = [...el.shadowRoot.querySelectorAll('[aria-required="true"], input[required]')].map((field) => field.getAttribute('name'));
    expect(required).to.deep.equal(['firstName', 'lastName', 'email', 'gdprConsent']);
    expect($(el, 'label[for="rec-apply-cv"]')?.textContent).to.equal('Your CV');
    expect(($(el, '#rec-apply-profileUrl') as HTMLInputElement).type).to.equal('url');
  });

  it('submits without a CV and sends only the fields the offer asks', async () => {
    submitted = null;
    const el = await openForm(`<rec-offer channel-id="${ENGINEERING}" embedded="applyManualOnly"></rec-offer>`);
    type(el, 'rec-apply-firstName', 'Ana');
    type(el, 'rec-apply-lastName', 'Silva');
    type(el, 'rec-apply-email', 'ana@example.org');
    type(el, 'rec-apply-coverLetter', 'I build robots.');
    type(el, 'rec-apply-profileUrl', 'not a link');
    expect(await errorOf(el, 'profileUrl')).to.equal('Please enter a valid web address (http or https).');
    type(el, 'rec-apply-profileUrl', 'https://www.linkedin.com/in/ana');
    ($(el, '#rec-apply-gdprConsent') as HTMLInputElement).click();
    ($(el, 'button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => $(el, '[part~="apply-success"]'), 'not sent');
    const body = submitted as Record<string, unknown> | null;
    expect(body?.coverLetter).to.equal('I build robots.');
    expect(body?.profileUrl).to.equal('https://www.linkedin.com/in/ana');
    expect(body, 'a direct visit has no source').not.to.have.property('source');
    for (const hidden of ['nationality', 'birthDate', 'gender', 'address', 'salary', 'drivingLicenses', 'hasWorkPermit', 'cv']) expect(body).not.to.have.property(hidden);
  });

  it('sends where the visit came from: the page’s utm parameters and the carried referring page, origin and path only (issue 30)', async () => {
    submitted = null;
    history.replaceState(null, '', `${location.pathname}?utm_source=newsletter&utm_campaign=may&rec_referrer=${encodeURIComponent('https://news.example/a?b=1')}`);
    try {
      const el = await openForm(`<rec-offer channel-id="${ENGINEERING}" embedded="applyManualOnly"></rec-offer>`);
      type(el, 'rec-apply-firstName', 'Ana');
      type(el, 'rec-apply-lastName', 'Silva');
      type(el, 'rec-apply-email', 'ana@example.org');
      ($(el, '#rec-apply-gdprConsent') as HTMLInputElement).click();
      ($(el, 'button[type="submit"]') as HTMLButtonElement).click();
      await waitUntil(() => $(el, '[part~="apply-success"]'), 'not sent');
      expect((submitted as Record<string, unknown> | null)?.source).to.deep.equal({ utmSource: 'newsletter', utmCampaign: 'may', referrer: 'https://news.example/a' });
    } finally {
      history.replaceState(null, '', location.pathname);
      sessionStorage.clear();
    }
  });

  it('on a German page without a German notice, shows the French one, says it is in French, and sends which notice it showed', async () => {
    submitted = null;
    const el = await openForm(`<rec-offer channel-id="${ENGINEERING}" embedded="applyManualOnly" language="de"></rec-offer>`);
    expect($(el, '.privacy-text')?.textContent).to.equal('Lumen garde vos données deux ans.');
    expect($(el, '.privacy-text')?.getAttribute('lang')).to.equal('fr');
    expect($(el, '.privacy-language')?.textContent).to.equal('Dieser Datenschutzhinweis ist auf Französisch.');
    type(el, 'rec-apply-firstName', 'Jonas');
    type(el, 'rec-apply-lastName', 'Weber');
    type(el, 'rec-apply-email', 'jonas@example.org');
    ($(el, '#rec-apply-gdprConsent') as HTMLInputElement).click();
    ($(el, 'button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => $(el, '[part~="apply-success"]'), 'not sent');
    expect((submitted as Record<string, unknown> | null)?.privacyNotice).to.deep.equal({ language: 'fr', version: '0123456789abcdef' });
  });

  it('continues into <rec-applicant-steps> after applying, handing the token over as a property only', async () => {
    const el = await openForm(`<rec-offer channel-id="${ENGINEERING}" embedded="applyManualOnly"></rec-offer>`);
    type(el, 'rec-apply-firstName', 'Ana');
    type(el, 'rec-apply-lastName', 'Silva');
    type(el, 'rec-apply-email', 'ana@example.org');
    ($(el, '#rec-apply-gdprConsent') as HTMLInputElement).click();
    ($(el, 'button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => $(el, 'rec-applicant-steps'), 'no steps element after success');
    const steps = $(el, 'rec-applicant-steps') as HTMLElement & { stepsToken?: string };
    expect(steps.stepsToken).to.equal('steps-token-1');
    expect(steps.outerHTML).not.to.contain('steps-token-1');
    expect(JSON.stringify({ ...localStorage })).not.to.contain('steps-token-1');
    expect(JSON.stringify({ ...sessionStorage })).not.to.contain('steps-token-1');
  });

  it('requires the birth date when the offer says so: a date input that takes what people type and shows DD/MM/YYYY', async () => {
    const el = await openForm(`<rec-offer channel-id="${BIRTH_DATE}" embedded="applyManualOnly" language="en"></rec-offer>`);
    const input = $(el, '#rec-apply-birthDate') as HTMLInputElement;
    expect(input.getAttribute('aria-required')).to.equal('true');
    expect($(el, 'label[for="rec-apply-birthDate"]')?.textContent).to.equal('Date of birth *');
    expect($(el, '#rec-apply-birthDate-hint')?.textContent).to.equal('Format DD/MM/YYYY');
    for (const [typed, shown] of [
      ['1.2.1990', '01/02/1990'],
      ['21-04-1994', '21/04/1994'],
      ['21041994', '21/04/1994'],
      ['1994-04-21', '21/04/1994'],
      ['3 / 9 / 1988', '03/09/1988'],
    ] as const) {
      type(el, 'rec-apply-birthDate', typed);
      await waitUntil(() => input.value === shown, `${typed} shown as ${input.value}`);
      expect(await errorOf(el, 'birthDate')).to.equal('');
    }
    type(el, 'rec-apply-birthDate', '');
    type(el, 'rec-apply-firstName', 'Ana');
    type(el, 'rec-apply-lastName', 'Silva');
    type(el, 'rec-apply-email', 'ana@example.org');
    ($(el, 'button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => el.shadowRoot.activeElement?.id === 'rec-apply-birthDate', 'focus did not move to the birth date');
    expect(await errorOf(el, 'birthDate')).to.equal('This field is required.');
  });
});

describe('sanitizeHtml', () => {
  it('keeps the allowlist only', () => {
    expect(sanitizeHtml('<h3 class="x">T</h3><div><b>b</b><iframe src="//x"></iframe></div><a href="mailto:a@b.co" onclick="x">m</a>')).to.equal(
      '<h3>T</h3><b>b</b><a href="mailto:a@b.co" rel="noopener noreferrer" target="_blank">m</a>',
    );
  });
});
