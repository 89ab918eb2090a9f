import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

const BOARD_ID = '64b0b0a4d000000000000001';

/** The number of open offers, from the API the badge reads. */
async function openOffers(page: Page): Promise<number> {
  const response = await page.request.get(`/v2/boards/${BOARD_ID}/offer-count`);
  expect(response.ok()).toBe(true);
  const { count } = (await response.json()) as { count: number };
  expect(count).toBeGreaterThanOrEqual(12);
  return count;
}

for (const [viewport, width] of [
  ['phone', 390],
  ['desktop', 1280],
] as const) {
  test(`the demo career site’s header shows the hiring badge in the page’s language (${viewport})`, async ({ browser }) => {
    // A German visitor: the badge follows the page (<html lang="fr">), as the rest of the site does.
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width, height: 800 } });
    const page = await context.newPage();
    try {
      await page.goto('/demo/career-site.html');
      const count = await openOffers(page);
      const badge = page.getByRole('banner').locator('rec-jobs-count [part~="badge"]');
      await expect(badge).toBeVisible();
      await expect(badge).toHaveText(`On recrute\u00a0: ${count} postes ouverts`);
      await expect(badge).toHaveAttribute('href', 'career-site.html#jobs');
      // Branded by the site through custom properties only.
      await expect(badge).toHaveCSS('background-color', 'rgb(242, 179, 61)');

      const link = page.getByRole('link', { name: `On recrute : ${count} postes ouverts` });
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#jobs$/);
    } finally {
      await context.close();
    }
  });
}

test('the badge keeps the strict CSP of the career site and passes axe', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/demo/career-site.html');
  await expect(page.locator('rec-jobs-count [part~="count"]')).toBeVisible();
  await expect(page.locator('rec-board [part~="offer-title"]').first()).toBeVisible();
  expect(violations).toEqual([]);
  await expectNoAxeViolation(page);
});
