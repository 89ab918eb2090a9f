import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page } from '@playwright/test';
import { BASE_URL, createCompany, pageAs } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

// Issue 25: the visitor's language everywhere (one rule), the switcher's truth, errors with a way
// back, no overflow at 390 px, and the location facet per place. Texts come from the locale files.
const UNKNOWN_BOARD = '64b0b0a4d0000000000000ff';
const LONG_TITLE = 'Lieferantenqualitätsingenieur:in';

type Messages = { [key: string]: string | Messages };
const localeFile = (part: string, lang: string) => JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'locales', part, `${lang}.json`), 'utf8')) as Messages;
/** A string of a locale file, by its dotted key. */
function text(part: '' | 'offer' | 'app', lang: string, key: string): string {
  const value = key.split('.').reduce<string | Messages | undefined>((node, name) => (typeof node === 'object' ? node[name] : undefined), localeFile(part, lang));
  if (typeof value !== 'string') throw new Error(`no ${key} in ${part || 'common'}/${lang}`);
  return value;
}

// A mutating call with the session cookie names our origin (the server's CSRF rule).
const origin = { Origin: BASE_URL };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A published opening with one posting listed on the company's board, created here (never the seed's):
 * its board channel's id.
 */
async function publishOffer(page: Page, posting: { language: string; country: string; contents: Record<string, { title: string; location: string }> }): Promise<string> {
  const [first] = Object.values(posting.contents);
  const created = await page.request.post('/v2/jobs', { data: { title: first?.title, language: posting.language }, headers: origin });
  expect(created.status()).toBe(201);
  const openingId = ((await created.json()) as { _id: string })._id;
  expect((await page.request.post(`/v2/jobs/${openingId}/publish`, { headers: origin })).ok()).toBe(true);
  const answer = await page.request.post(`/v2/jobs/${openingId}/postings`, {
    data: { language: posting.language, contents: posting.contents, channels: ['BOARD'], addressCountry: posting.country },
    headers: origin,
  });
  expect(answer.status()).toBe(201);
  const { channels } = (await answer.json()) as { channels: Array<{ _id: string; kind: string }> };
  const board = channels.find((channel) => channel.kind === 'BOARD');
  if (!board) throw new Error('no board channel');
  return board._id;
}

/** A visitor whose browser speaks `locale` (Accept-Language and navigator.languages), at `width` px. */
async function visitor(browser: Browser, locale: string, width = 1280) {
  const context = await browser.newContext({ locale, viewport: { width, height: 844 } });
  return { context, page: await context.newPage() };
}

/** The page's language switcher (labelled "Sprache", like the board's offer-language filter). */
const switcher = (page: Page) => page.locator('.language-switcher select');

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);

test.describe('the visitor’s language (issue 25)', () => {
  let frenchOnly = '';
  let longGerman = '';
  /** The board of a company of this describe's own, where its offers are listed. */
  let BOARD = '';
  /** In the titles created here: a retried test's new worker creates its own offers. */
  let id = '';

  test.beforeAll(async ({ browser }) => {
    // The demo board's offers in many places and languages, so the board shows its filters.
    const company = await createCompany({ allOffers: true, privacyNotices: true });
    BOARD = company.boardId;
    const page = await pageAs(browser, company, 'owner', { locale: 'en-US' });
    const context = page.context();
    id = unique();
    frenchOnly = await publishOffer(page, { language: 'fr', country: 'LU', contents: { fr: { title: `Technicienne ${id}`, location: 'Luxembourg' } } });
    longGerman = await publishOffer(page, { language: 'de', country: 'LU', contents: { de: { title: `${LONG_TITLE} ${id}`, location: 'Luxemburg' } } });
    await context.close();
  });

  test('the hosted board honours Accept-Language: de; the switcher and the content agree', async ({ browser }) => {
    const html = await (await browser.newContext({ extraHTTPHeaders: { 'accept-language': 'de-DE,de;q=0.9' } })).request.get(`/board/${BOARD}`);
    expect(await html.text()).toContain('<html lang="de">');

    const { context, page } = await visitor(browser, 'de-DE');
    await page.goto(`/board/${BOARD}`);
    await expect(page.locator('rec-board [part~="board"]')).toHaveAttribute('lang', 'de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(switcher(page)).toHaveValue('de');
    // Offer links carry the language the board is read in.
    await expect(page.locator('rec-board [part~="offer"]').first()).toHaveAttribute('href', /[?&]language=de/);
    // A referral link (?ref=) too.
    await page.goto(`/board/${BOARD}?ref=abcdefgh23`);
    await expect(page.locator('rec-board [part~="board"]')).toHaveAttribute('lang', 'de');
    await expectNoAxeViolation(page);
    await context.close();
  });

  test('switcher truth: Polski on an offer without a Polish posting gives Polish labels and says which languages it has', async ({ browser }) => {
    const { context, page } = await visitor(browser, 'de-DE');
    await page.goto(`/offer/c/${frenchOnly}`);
    const article = page.locator('rec-offer article');
    await expect(article).toHaveAttribute('lang', 'de');
    await switcher(page).selectOption('pl');
    await expect(page).toHaveURL(/[?&]language=pl/);
    await expect(switcher(page)).toHaveValue('pl');
    await expect(article).toHaveAttribute('lang', 'pl');
    await expect(page.locator('rec-offer [part~="apply-button"]')).toHaveText(text('offer', 'pl', 'offerPage.applyManual'));
    const available = page.locator('rec-offer [part~="available-in"]');
    await expect(available).toContainText(text('offer', 'pl', 'offerPage.availableIn'));
    await expect(page.locator('rec-offer [part~="title"]')).toHaveAttribute('lang', 'fr');
    await expectNoAxeViolation(page);
    // Following the offered language shows it whole, labels and content, switcher included.
    await available.getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(/[?&]language=fr/);
    await expect(article).toHaveAttribute('lang', 'fr');
    await expect(switcher(page)).toHaveValue('fr');
    await expect(available).toHaveCount(0);
    // The offer page links back to its board, in the language shown.
    await expect(page.locator('rec-offer [part~="board-link"]')).toHaveAttribute('href', new RegExp(`/board/${BOARD}\\?language=fr$`));
    await context.close();
  });

  test('an unknown board answers in the visitor’s language with a way back', async ({ browser }) => {
    const { context, page } = await visitor(browser, 'de-DE');
    await page.goto('/demo/career-site.html');
    await page.goto(`/board/${UNKNOWN_BOARD}`);
    const error = page.locator('rec-board [part~="error"]');
    await expect(error).toContainText(text('', 'de', 'genericErrorTitle'));
    await expect(error).toContainText(text('', 'de', 'board.notFound'));
    const back = page.locator('rec-board [part~="way-back"]');
    await expect(back).toHaveText(text('', 'de', 'common.back'));
    await expectNoAxeViolation(page);
    await back.click();
    await expect(page).toHaveURL(/\/demo\/career-site\.html$/);
    await context.close();
  });

  test('no horizontal overflow at 390 px: long German words wrap on the offer, the board and the career site', async ({ browser }) => {
    const { context, page } = await visitor(browser, 'de-DE', 390);
    await page.goto(`/offer/c/${longGerman}`);
    await expect(page.locator('rec-offer [part~="title"]')).toContainText(LONG_TITLE);
    expect(await noOverflow(page)).toBe(true);
    await page.goto(`/board/${BOARD}`);
    await expect(page.locator('rec-board [part~="offer-title"]').first()).toBeVisible();
    expect(await noOverflow(page)).toBe(true);
    // The filters fold behind one button, so the first offer is not pushed below the fold.
    const toggle = page.locator('rec-board [part~="filters-toggle"]');
    await expect(toggle).toHaveText(text('', 'de', 'boardFilter.toggle'));
    await expect(page.locator('rec-board #rec-board-location')).toBeHidden();
    await toggle.click();
    await expect(page.locator('rec-board #rec-board-location')).toBeVisible();
    await page.goto('/demo/career-site.html');
    await expect(page.locator('rec-board [part~="offer-title"]').first()).toBeVisible();
    expect(await noOverflow(page)).toBe(true);
    await context.close();
  });

  test('the location facet counts per place: one “Luxemburg” on the German board, no French exonym', async ({ browser }) => {
    const { context, page } = await visitor(browser, 'de-DE');
    await page.goto(`/board/${BOARD}`);
    const options = page.locator('rec-board #rec-board-location option');
    await expect(options.first()).toBeAttached();
    const labels = await options.allTextContents();
    expect(labels.filter((label) => /^lu[xk]/i.test(label))).toEqual(['Luxemburg']);
    for (const foreign of ['Luxembourg', 'Lisbonne', 'Varsovie', 'Bruxelles']) expect(labels).not.toContain(foreign);
    // Choosing the place keeps both offers created here, whichever language each is written in.
    await page.locator('rec-board #rec-board-location').selectOption('Luxemburg');
    await page.locator('rec-board [part~="search"]').fill(id);
    await expect(page.locator('rec-board [part~="offer-title"]')).toHaveText([`${LONG_TITLE} ${id}`, `Technicienne ${id}`].sort(new Intl.Collator('de').compare));
    await context.close();
  });
});
