import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { pickText, type Locale, type Offer } from '@rec/core';
import { test } from './test';

const BOARD_ID = '64b0b0a4d000000000000001';

/** Titles the board must show, computed from the API the widget reads. */
async function expectedTitles(page: Page, locale: Locale): Promise<string[]> {
  const response = await page.request.get(`/v2/boards/${BOARD_ID}/offers?language=${locale}`);
  expect(response.ok()).toBe(true);
  const offers = (await response.json()) as Offer[];
  const collator = new Intl.Collator(locale);
  return offers.map((offer) => pickText(offer.information.title, locale, offer.language)).sort(collator.compare);
}

const renderedTitles = (page: Page) => page.locator('rec-board [part~="offer-title"]').allInnerTexts();

test('the demo career site shows the seeded offers in French', async ({ page }) => {
  await page.goto('/demo/career-site.html');
  const titles = await expectedTitles(page, 'fr');
  expect(titles.length).toBeGreaterThanOrEqual(12);
  await expect(page.locator('rec-board [part~="offer-title"]')).toHaveCount(titles.length);
  expect(await renderedTitles(page)).toEqual(titles);
  await expect(page.locator('rec-board [lang="fr"]').first()).toBeVisible();
  await expect(page.locator('rec-board [part~="spontaneous"]')).toBeVisible();
});

test('switching the language re-renders the board in that language', async ({ page }) => {
  await page.goto('/demo/career-site.html');
  await expect(page.locator('rec-board [part~="offer-title"]').first()).toBeVisible();
  for (const locale of ['en', 'de'] as const) {
    await page.getByLabel('Langue des offres').selectOption(locale);
    await expect(page.locator(`rec-board [lang="${locale}"]`).first()).toBeVisible();
    const titles = await expectedTitles(page, locale);
    await expect.poll(() => renderedTitles(page)).toEqual(titles);
  }
});

test('the full-page board takes its locale from the language query', async ({ page }) => {
  await page.goto(`/board/${BOARD_ID}?language=nl`);
  await expect(page.locator('rec-board [lang="nl"]').first()).toBeVisible();
  await expect.poll(() => renderedTitles(page)).toEqual(await expectedTitles(page, 'nl'));
});

test('offers link to their offer page', async ({ page }) => {
  await page.goto('/demo/career-site.html');
  const first = page.locator('rec-board a[part~="offer"]').first();
  // The link carries the language the board is read in (the board's own, French, here).
  await expect(first).toHaveAttribute('href', /\/offer\/c\/[0-9a-f]{24}\?language=fr$/);
});

test('a malformed board id shows the 404 page', async ({ page }) => {
  await page.goto('/board/not-a-board');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('404');
});

for (const path of ['/demo/career-site.html', `/board/${BOARD_ID}`, '/login']) {
  test(`axe finds no violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    if (path !== '/login') await expect(page.locator('rec-board [part~="offer-title"]').first()).toBeVisible();
    else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
