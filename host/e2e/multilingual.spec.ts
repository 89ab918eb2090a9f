import { expect, type Page, type Request } from '@playwright/test';
import { createCompany, signInTo } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

// Issue 9, items 1-5: a visitor of the demo career site, in a French, German or Polish browser.
const BOARD_ID = '64b0b0a4d000000000000001';
const CLOSED_CHANNEL = '64b0c4a10000000000000051';
const UNKNOWN_CHANNEL = '64b0c4a100000000000000ff';

interface Visitor {
  /** The browser's language (Playwright's `locale`), and the one picked on the career site. */
  locale: 'fr-FR' | 'de-DE' | 'pl-PL';
  pick: 'fr' | 'de' | 'pl';
  /** The board's name in that language. */
  boardName: string;
  /** An offer written in that language, its title, the contract as the page must show it. */
  offer: { title: string; contract: string };
  /** The localized texts of the error pages. */
  notFoundTitle: string;
  closedTitle: string;
  openPositions: string;
}

const VISITORS: Visitor[] = [
  {
    locale: 'fr-FR',
    pick: 'fr',
    boardName: 'Carrières Lumen Robotics',
    offer: { title: 'Data scientist vision par ordinateur (CDD 18 mois)', contract: 'CDD' },
    notFoundTitle: 'Page introuvable',
    closedTitle: 'Ce poste n’est plus disponible',
    openPositions: 'Voir les postes ouverts',
  },
  {
    locale: 'de-DE',
    pick: 'de',
    boardName: 'Karriere bei Lumen Robotics',
    offer: { title: 'Data Scientist Computer Vision (befristet, 18 Monate)', contract: 'Befristet' },
    notFoundTitle: 'Seite nicht gefunden',
    closedTitle: 'Diese Stelle ist nicht mehr verfügbar',
    openPositions: 'Offene Stellen ansehen',
  },
  {
    locale: 'pl-PL',
    pick: 'pl',
    boardName: 'Kariera w Lumen Robotics',
    offer: { title: 'Specjalista ds. obsługi klienta (język polski)', contract: 'Umowa na czas nieokreślony' },
    notFoundTitle: 'Nie znaleziono strony',
    closedTitle: 'To stanowisko nie jest już dostępne',
    openPositions: 'Zobacz otwarte stanowiska',
  },
];

/** The demo career site with the visitor's language picked in its own selector. */
async function careerSiteIn(page: Page, pick: string): Promise<void> {
  await page.goto('/demo/career-site.html');
  await expect(page.locator('rec-board [part~="offer-title"]').first()).toBeVisible();
  await page.getByLabel('Langue des offres').selectOption(pick);
  await expect(page.locator(`rec-board [part~="board"][lang="${pick}"]`)).toBeVisible();
}

/** Offer reads of the API, to prove the page never asks again in another language. */
function offerCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (/\/v2\/offers\//.test(request.url())) calls.push(request);
  });
  return calls;
}

for (const visitor of VISITORS) {
  test.describe(`a ${visitor.locale} visitor`, () => {
    test.use({ locale: visitor.locale });

    for (const width of [390, 1280]) {
      test(`carries the language from the board to the offer at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await careerSiteIn(page, visitor.pick);
        // Item 3: the board's name and the contract types are translated.
        await expect(page.locator('rec-board [part~="title"]')).toHaveText(visitor.boardName);
        const link = page.locator('rec-board a[part~="offer"]', { hasText: visitor.offer.title });
        await expect(link.locator('[part~="offer-contract"]')).toContainText(visitor.offer.contract);

        const calls = offerCalls(page);
        await link.click();
        await expect(page).toHaveURL(new RegExp(`/offer/c/[0-9a-f]{24}\\?language=${visitor.pick}$`));
        const heading = page.locator('rec-offer h1');
        await expect(heading).toHaveText(visitor.offer.title);
        await expect(page.locator('html')).toHaveAttribute('lang', visitor.pick);
        await expect(page).toHaveTitle(new RegExp(visitor.offer.title.replace(/[()]/g, '\\$&')));
        await expect(page.locator('rec-offer [part~="offer-meta"]')).toContainText(visitor.offer.contract);
        // The server rendered it in this language; the element's one read asked for the same.
        expect(calls.length).toBe(1);
        expect(new URL(calls[0]?.url() ?? '').searchParams.get('language')).toBe(visitor.pick);
        await expectNoAxeViolation(page);
      });
    }

    test('answers unknown boards and offers with a localized, titled page and a way back', async ({ page }) => {
      const nope = await page.goto('/board/nope');
      expect(nope?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(visitor.notFoundTitle);
      await expect(page.locator('body')).not.toContainText('Page Not Found');
      await expect(page).toHaveTitle(new RegExp(visitor.notFoundTitle));
      await expect(page.locator('html')).toHaveAttribute('lang', visitor.pick);

      const unknown = await page.goto(`/offer/c/${UNKNOWN_CHANNEL}`);
      expect(unknown?.status()).toBe(404);
      await expect(page.locator('rec-offer [part~="error"]')).toBeVisible();
      await expect(page.locator('rec-offer [part~="error"]')).toContainText(visitor.closedTitle);
      await expect(page.locator('html')).toHaveAttribute('lang', visitor.pick);

      // A closed offer (an old link): the message, and the board in the visitor's language.
      const closed = await page.goto(`/offer/c/${CLOSED_CHANNEL}`);
      expect(closed?.status()).toBe(410);
      await expect(page.locator('rec-offer [part~="error"]')).toContainText(visitor.closedTitle);
      await expect(page).toHaveTitle(visitor.closedTitle);
      await expectNoAxeViolation(page);
      await page.getByRole('link', { name: visitor.openPositions }).click();
      await expect(page).toHaveURL(new RegExp(`/board/${BOARD_ID}\\?language=${visitor.pick}$`));
      await expect(page.locator('rec-board [part~="title"]')).toHaveText(visitor.boardName);
    });
  });
}

test.describe('a French visitor', () => {
  test.use({ locale: 'fr-FR' });

  test('clicking a German title with Deutsch picked opens the German offer, not English', async ({ page }) => {
    await careerSiteIn(page, 'de');
    await page.locator('rec-board a[part~="offer"]', { hasText: 'Data Scientist Computer Vision (befristet, 18 Monate)' }).click();
    await expect(page.locator('rec-offer h1')).toHaveText('Data Scientist Computer Vision (befristet, 18 Monate)');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('an offer not written in the picked language: labels in it, the content in its own language and marked so, never silently English', async ({ page }) => {
    await careerSiteIn(page, 'pl');
    // No Polish text: the board shows the French title (the offer's own language).
    await page.locator('rec-board a[part~="offer"]', { hasText: 'Data scientist vision par ordinateur (CDD 18 mois)' }).click();
    await expect(page).toHaveURL(/\?language=pl$/);
    await expect(page.locator('rec-offer h1')).toHaveText('Data scientist vision par ordinateur (CDD 18 mois)');
    // Issue 25: the switcher says Polski, so the labels are Polish; the French content says what it is.
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.locator('rec-offer h1')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('rec-offer [part~="available-in"]')).toBeVisible();
  });

  test('the spontaneous application has its own layout: no contract, no date, no task list heading', async ({ page }) => {
    await careerSiteIn(page, 'fr');
    await page.locator('rec-board a[part~="spontaneous"]').click();
    await expect(page.locator('rec-offer h1')).toHaveText('Candidature spontanée');
    const offer = page.locator('rec-offer [part~="offer"]');
    await expect(offer).toContainText('Présentez-vous');
    await expect(offer).not.toContainText('Type de contrat');
    await expect(offer).not.toContainText('Publiée le');
    await expect(offer).not.toContainText('Vos missions');
    await expectNoAxeViolation(page);
  });
});

test.describe('a German visitor', () => {
  test.use({ locale: 'de-DE' });

  test('the spontaneous application shows without contract in German too', async ({ page }) => {
    await careerSiteIn(page, 'de');
    await page.locator('rec-board a[part~="spontaneous"]').click();
    await expect(page.locator('rec-offer h1')).toHaveText('Initiativbewerbung');
    await expect(page.locator('rec-offer [part~="offer"]')).not.toContainText('Vertragsart');
    await expect(page.locator('rec-offer [part~="offer"]')).not.toContainText('Ihre Aufgaben');
  });
});

test('every page links a real favicon', async ({ page }) => {
  for (const path of ['/demo/career-site.html', `/board/${BOARD_ID}`]) {
    await page.goto(path);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.ico');
  }
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const bytes = await icon.body();
  // An ICO directory: reserved 0, type 1 (icon), at least one image.
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
});

test('the recruiter picks the contract type among translated codes, shown translated on the opening', async ({ page }) => {
  // The owner's interface speaks French; the opening goes to a company of the test's own.
  await signInTo(page.context(), await createCompany(), 'owner');
  await page.goto('/recruiter/openings/create/details');
  const contract = page.getByLabel('Type de contrat');
  await expect(contract.locator('option')).toHaveText([
    'Type de contrat non précisé',
    'CDI',
    'CDD',
    'Intérim',
    'Temps partiel',
    'Alternance',
    'Stage',
    'Freelance',
    'Bénévolat',
  ]);
  await page.getByLabel('Intitulé').fill('Technicien·ne cobot en alternance');
  await contract.selectOption({ label: 'Alternance' });
  await expectNoAxeViolation(page);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page).toHaveURL(/\/recruiter\/openings\/create\/review$/);
  await page.getByRole('button', { name: 'Créer le poste' }).click();
  await expect(page).toHaveURL(/\/recruiter\/openings\/[0-9a-f]{24}$/);
  await expect(page.locator('main')).toContainText('Alternance');
  // Stored as the code, so every language can translate it.
  const id = new URL(page.url()).pathname.split('/').pop();
  expect((await (await page.request.get(`/v2/jobs/${id}`)).json()).contract).toBe('apprenticeship');
});

test.describe('a Polish visitor of the full-page board without a language in the link', () => {
  test.use({ locale: 'pl-PL' });

  test('sees the board in the browser’s language (issue 25), with <html lang> and the title agreeing', async ({ page }) => {
    await page.goto(`/board/${BOARD_ID}`);
    await expect(page.locator('rec-board [part~="board"][lang="pl"]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page).toHaveTitle('Kariera w Lumen Robotics');
  });
});
