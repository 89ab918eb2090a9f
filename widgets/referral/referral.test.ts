import { expect } from '@open-wc/testing';
import { waitUntil } from '@rec/ui/testing/wait-until';
import { LOCALES } from '@rec/core';
import { ReferralRequestSchema, submissionIssues } from '@rec/core/application-schema';
import * as v from 'valibot';
import deOffer from '../../locales/offer/de.json';
import enOffer from '../../locales/offer/en.json';
import esOffer from '../../locales/offer/es.json';
import frOffer from '../../locales/offer/fr.json';
import itOffer from '../../locales/offer/it.json';
import lbOffer from '../../locales/offer/lb.json';
import nlOffer from '../../locales/offer/nl.json';
import plOffer from '../../locales/offer/pl.json';
import ptOffer from '../../locales/offer/pt.json';
import { type ReferralField, referralFieldError } from './src/referral-rules';
import './src/referral.element';
import { resetBrowserLanguages, setBrowserLanguages } from '@rec/ui/browser-languages';

type RecReferral = HTMLElementTagNameMap['rec-referral'];
// Named *Offer: `it` is mocha's.
const OFFER_LOCALES = { de: deOffer, en: enOffer, es: esOffer, fr: frOffer, it: itOffer, lb: lbOffer, nl: nlOffer, pl: plOffer, pt: ptOffer };

// ---- A fake API (no server) ----------------------------------------------------------------
const COMPANY = '64b0b0a4d000000000000001';
const CHANNEL = '64b0b0a4d0000000000000c1';
/** This company answers 429, as the rate limiter does. */
const BUSY_COMPANY = '64b0b0a4d000000000000429';
const requests: { url: URL; headers: Headers; body: Record<string, string> }[] = [];

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), location.href);
  // The company's public theme (issue 25): read on its own, not one of the referral requests.
  if (url.pathname === `/v2/companies/${COMPANY}/theme`) return reply(200, { theme: { brand: {}, properties: { '--rec-color-primary': '#b4451f' } } });
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, string>;
  requests.push({ url, headers: new Headers(init?.headers), body });
  if (url.pathname !== '/v2/referrals' || init?.method !== 'POST') return reply(404, { statusCode: 404, error: 'errors.notFound' });
  if (body.companyId === BUSY_COMPANY) return reply(429, { statusCode: 429, error: 'errors.tooManyRequests' });
  // The server's answer to an address it refuses though the form's rules let it through.
  if (body.email === 'taken@lumen.example') return reply(400, { statusCode: 400, error: 'errors.badRequest', fields: { email: 'errors.email' } });
  const target = body.channelId ? `https://jobs.example.com/offer/c/${body.channelId}` : 'https://jobs.example.com/board/64b0b0a4d0000000000000b1';
  return reply(201, { code: 'abcdefgh23', url: `${target}?ref=abcdefgh23` });
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
  for (const element of mounted.splice(0)) element.remove();
  requests.length = 0;
  document.documentElement.removeAttribute('lang');
});

// ---- Helpers ------------------------------------------------------------------------------
const root = (element: RecReferral) => element.shadowRoot as ShadowRoot;
const $ = <T extends Element = HTMLElement>(element: RecReferral, selector: string) => root(element).querySelector<T>(selector);
const input = (element: RecReferral, field: ReferralField) => $<HTMLInputElement>(element, `#rec-referral-${field}`) as HTMLInputElement;
const ready = (element: RecReferral) => waitUntil(() => $(element, '[part~="referral"]'), 'the form did not render');

const mounted: RecReferral[] = [];
/** The element with its attributes set before it joins the page, as markup gives them. */
async function mount(attributes: Record<string, string>): Promise<RecReferral> {
  const element = document.createElement('rec-referral');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  mounted.push(element);
  await ready(element);
  return element;
}

function type(element: RecReferral, field: ReferralField, value: string) {
  const target = input(element, field);
  target.focus();
  target.value = value;
  target.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

const errorOf = (element: RecReferral, field: ReferralField) => $(element, `#rec-referral-${field}-error`)?.textContent ?? null;

// ---- Rendering ----------------------------------------------------------------------------
describe('<rec-referral> in lit', () => {
  it('shows the form in the language of its attribute, labelled, with the title as h2 by default', async () => {
    const element = await mount({ 'company-id': COMPANY, language: 'fr' });
    expect($(element, 'h2')?.textContent).to.equal('Recommander un proche');
    expect($(element, '[part~="referral"]')?.getAttribute('lang')).to.equal('fr');
    expect($(element, 'label[for="rec-referral-name"]')?.textContent).to.contain('Votre nom');
    expect(input(element, 'email').type).to.equal('email');
    expect(input(element, 'name').getAttribute('aria-required')).to.equal('true');
    expect($(element, '[part~="powered-by"]')?.textContent).to.equal('Propulsé par Rec');
    await expect(element).to.be.accessible();
  });

  it('follows heading-level and the page language, and changes language with the attribute', async () => {
    document.documentElement.lang = 'de-CH';
    const element = await mount({ 'company-id': COMPANY, 'heading-level': '1' });
    expect($(element, 'h1')?.textContent).to.equal('Jemanden empfehlen');
    element.setAttribute('language', 'pl');
    await waitUntil(() => $(element, 'h1')?.textContent === 'Poleć znajomego', 'did not switch to Polish');
  });

  for (const locale of LOCALES) {
    it(`has every string in ${locale}`, async () => {
      const element = await mount({ 'company-id': COMPANY, language: locale });
      const messages = OFFER_LOCALES[locale];
      expect($(element, 'h2')?.textContent).to.equal(messages.referral.title);
      expect($(element, 'button[type="submit"]')?.textContent).to.equal(messages.referral.submit);
      expect($(element, 'label[for="rec-referral-email"]')?.textContent).to.contain(messages.referral.email);
    });
  }
});

// ---- Validation (spec §5: on blur and change) ----------------------------------------------
describe('<rec-referral> validation', () => {
  it('checks a field when it is left, then while typing, and links the message to the input', async () => {
    const element = await mount({ 'company-id': COMPANY, language: 'fr' });
    const name = input(element, 'name');
    name.focus();
    name.blur();
    await waitUntil(() => errorOf(element, 'name'), 'no error after blur');
    expect(errorOf(element, 'name')).to.equal('Ce champ est obligatoire.');
    expect(name.getAttribute('aria-invalid')).to.equal('true');
    expect(name.getAttribute('aria-describedby')).to.equal('rec-referral-name-error');
    type(element, 'name', 'Marc Weber');
    await waitUntil(() => !errorOf(element, 'name'), 'the error stayed after a valid value');
    expect(name.hasAttribute('aria-invalid')).to.equal(false);
    expect(name.hasAttribute('aria-describedby')).to.equal(false);
  });

  it('checks the e-mail address on change and the length with its number', async () => {
    const element = await mount({ 'company-id': COMPANY, language: 'fr' });
    const email = input(element, 'email');
    email.value = 'marc@';
    email.dispatchEvent(new Event('change'));
    await waitUntil(() => errorOf(element, 'email'), 'no error after change');
    expect(errorOf(element, 'email')).to.equal('Veuillez saisir une adresse e-mail valide.');
    const name = input(element, 'name');
    name.value = 'x'.repeat(121);
    name.dispatchEvent(new Event('change'));
    await waitUntil(() => errorOf(element, 'name'), 'no error for a long name');
    expect(errorOf(element, 'name')).to.equal('Veuillez saisir au plus 120 caractères.');
  });

  it('does not send an invalid form and puts the focus on the first field in error', async () => {
    const element = await mount({ 'company-id': COMPANY, language: 'en' });
    type(element, 'email', 'marc@lumen.example');
    $(element, 'button[type="submit"]')?.click();
    await waitUntil(() => root(element).activeElement === input(element, 'name'), 'the name field did not get the focus');
    expect(errorOf(element, 'name')).to.equal('This field is required.');
    expect(requests).to.have.length(0);
  });

  it('gives the same key as the server schema on sample inputs', () => {
    const samples: Record<ReferralField, string[]> = {
      name: ['', '   ', 'Marc', ' Marc Weber ', 'x'.repeat(120), 'x'.repeat(121), '😀'.repeat(120), '😀'.repeat(121), 'Marc\u0000', 'a\tb', '\ud800x'],
      email: ['', ' ', 'marc@lumen.example', 'marc@lumen', 'marc lumen@x.io', '@x.io', 'a@b.c', ` ${'a'.repeat(244)}@lumen.io `, `${'a'.repeat(245)}@lumen.io`, 'a@b..c', 'm\u0007@x.io'],
    };
    for (const field of ['name', 'email'] as const) {
      for (const sample of samples[field]) {
        const body = { companyId: COMPANY, name: 'Marc', email: 'marc@lumen.example', [field]: sample.trim() };
        const parsed = v.safeParse(ReferralRequestSchema, body);
        const server = parsed.success ? undefined : submissionIssues(parsed.issues)[field];
        expect(referralFieldError(field, sample), `${field} ${JSON.stringify(sample)}`).to.equal(server);
      }
    }
  });
});

// ---- Theme ----------------------------------------------------------------------------------
describe('<rec-referral> theme', () => {
  it('carries the company’s theme like the board next to it, and the page’s own value wins (issue 25)', async () => {
    const element = await mount({ 'company-id': COMPANY, language: 'en' });
    const section = () => $(element, '[part~="referral"]') as HTMLElement;
    await waitUntil(() => getComputedStyle(section()).getPropertyValue('--rec-color-primary').trim() === '#b4451f', 'the brand colour did not arrive');
    element.style.setProperty('--rec-color-primary', '#123456');
    expect(getComputedStyle(section()).getPropertyValue('--rec-color-primary').trim()).to.equal('#123456');
  });
});

// ---- Request and result -------------------------------------------------------------------
describe('<rec-referral> request', () => {
  it('posts the trimmed values in its language and shows the link with copy and share actions', async () => {
    const element = await mount({ 'company-id': COMPANY, 'channel-id': CHANNEL, language: 'fr', 'api-base': 'https://api.example.com' });
    type(element, 'name', '  Marc Weber ');
    type(element, 'email', 'marc@lumen.example ');
    $(element, 'button[type="submit"]')?.click();
    await waitUntil(() => $(element, '[part~="referral-link"]'), 'no link');
    const [request] = requests;
    expect(request?.url.href).to.equal('https://api.example.com/v2/referrals');
    expect(request?.headers.get('accept-language')).to.equal('fr');
    expect(request?.body).to.deep.equal({ companyId: COMPANY, name: 'Marc Weber', email: 'marc@lumen.example', channelId: CHANNEL });
    const link = $<HTMLAnchorElement>(element, '[part~="referral-link"]');
    expect(link?.getAttribute('href')).to.equal(`https://jobs.example.com/offer/c/${CHANNEL}?ref=abcdefgh23`);
    expect(link?.closest('[role="status"]')).to.not.equal(null);
    expect($(element, '.referral-result-title')?.textContent).to.equal('Votre lien de recommandation personnel');

    const written: string[] = [];
    const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void written.push(text) } });
    try {
      $(element, '[part~="copy-link"]')?.click();
      await waitUntil(() => $(element, '.rec-share-status')?.textContent === 'Lien copié dans le presse-papiers', 'no copied message');
      expect(written).to.deep.equal([link?.getAttribute('href')]);
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
      if (clipboard) Object.defineProperty(Navigator.prototype, 'clipboard', clipboard);
    }
    await expect(element).to.be.accessible();
  });

  it('shows the field error the server answers and moves the focus there', async () => {
    const element = await mount({ 'company-id': COMPANY, language: 'en' });
    type(element, 'name', 'Marc');
    type(element, 'email', 'taken@lumen.example');
    input(element, 'name').focus();
    $(element, 'button[type="submit"]')?.click();
    await waitUntil(() => errorOf(element, 'email'), 'no server field error');
    expect(errorOf(element, 'email')).to.equal('Please enter a valid email address.');
    await waitUntil(() => root(element).activeElement === input(element, 'email'), 'the e-mail field did not get the focus');
    expect($(element, '[part~="referral-link"]')).to.equal(null);
  });

  it('announces a refused request in the alert region, translated', async () => {
    const element = await mount({ 'company-id': BUSY_COMPANY, language: 'de' });
    type(element, 'name', 'Marc');
    type(element, 'email', 'marc@lumen.example');
    $(element, 'button[type="submit"]')?.click();
    await waitUntil(() => $(element, '[role="alert"]')?.textContent, 'no alert');
    expect($(element, '[role="alert"]')?.textContent).to.equal('Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.');
  });

  it('says the link is not valid for a malformed company id, without a request', async () => {
    const element = await mount({ 'company-id': 'not-an-id', language: 'en' });
    type(element, 'name', 'Marc');
    type(element, 'email', 'marc@lumen.example');
    $(element, 'button[type="submit"]')?.click();
    await waitUntil(() => $(element, '[role="alert"]')?.textContent, 'no alert');
    expect($(element, '[role="alert"]')?.textContent).to.equal('This link is not valid.');
    expect(requests).to.have.length(0);
    // Another attempt with a field in error: the old message goes.
    type(element, 'name', '');
    $(element, 'button[type="submit"]')?.click();
    await waitUntil(() => !$(element, '[role="alert"]')?.textContent, 'the old alert stayed');
  });
});
