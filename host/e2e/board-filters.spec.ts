// A visitor narrows the demo board (more than 10 offers: search and filters shown), as on a phone
// and a desktop, in French: the count is announced, the element's attributes and rec-board-filter
// event follow, and axe finds nothing on the filtered board.
import { expect, type Page } from '@playwright/test';
import { pickText, type Offer } from '@rec/core';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

const BOARD_ID = '64b0b0a4d000000000000001';

async function offers(page: Page): Promise<Offer[]> {
  const response = await page.request.get(`/v2/boards/${BOARD_ID}/offers?language=fr`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Offer[];
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px, in French`, () => {
    test.use({ locale: 'fr-FR', viewport: { width, height: 900 } });

    test('a visitor searches, filters by contract type, hears the count and clears the filters', async ({ page }) => {
      await page.goto('/demo/career-site.html');
      const all = await offers(page);
      expect(all.length).toBeGreaterThan(10);
      const board = page.locator('rec-board');
      await expect(board.locator('[part~="offer-title"]').first()).toBeVisible();
      await page.evaluate(() => {
        const seen: unknown[] = [];
        (window as unknown as { filterEvents: unknown[] }).filterEvents = seen;
        document.addEventListener('rec-board-filter', (event) => seen.push((event as CustomEvent).detail));
      });

      // The first word of the first offer's French title, typed as a visitor would (lower case, keyboard).
      const first = all[0]!;
      const word = pickText(first.information.title, 'fr', first.language).split(/\s+/)[0]!.toLowerCase();
      const search = page.getByRole('searchbox', { name: 'Rechercher un poste' });
      await search.click();
      await page.keyboard.type(word);
      await expect(board).toHaveAttribute('search', word);
      const status = board.getByRole('status');
      await expect(status).toContainText(`sur ${all.length}`);
      const titles = await board.locator('[part~="offer-title"]').allInnerTexts();
      expect(titles.length).toBeGreaterThan(0);
      for (const title of titles) expect(title.toLowerCase()).toContain(word);

      await search.fill('');
      const code = all.find((offer) => offer.contractType)?.contractType;
      if (code) {
        // The contract select, by its visible label; on a phone the selects fold behind "Filtres" (issue 25).
        if (width < 600) {
          const toggle = board.getByRole('button', { name: 'Filtres' });
          await expect(toggle).toHaveAttribute('aria-expanded', 'false');
          await toggle.click();
          await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        }
        const contract = board.getByLabel('Type de contrat', { exact: true });
        await contract.selectOption(code);
        await expect(board).toHaveAttribute('contract', code);
        const kept = all.filter((offer) => offer.contractType === code).length;
        await expect(board.locator('[part~="offer"]')).toHaveCount(Math.min(kept, 20));
      }
      await expectNoAxeViolation(page, 'rec-board');
      const events = await page.evaluate(() => (window as unknown as { filterEvents: { count: number; total: number }[] }).filterEvents);
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((detail) => detail.total === all.length)).toBe(true);
    });
  });
}

test('the filter comes from the attributes, never from the page URL', async ({ page }) => {
  await page.goto('/demo/career-site.html?search=zzzz&contract=internship');
  const board = page.locator('rec-board');
  await expect(board.locator('[part~="offer-title"]').first()).toBeVisible();
  await expect(board.getByRole('searchbox')).toHaveValue('');
  await page.evaluate(() => document.querySelector('rec-board')?.setAttribute('search', 'zzzz-nothing'));
  await expect(board.locator('[part~="no-match"]')).toBeVisible();
  await expectNoAxeViolation(page, 'rec-board');
  await board.getByRole('button', { name: 'Effacer les filtres' }).click();
  await expect(board).not.toHaveAttribute('search', /.*/);
  await expect(board.locator('[part~="offer-title"]').first()).toBeVisible();
});
