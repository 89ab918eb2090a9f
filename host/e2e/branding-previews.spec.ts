import { expect, type Page } from '@playwright/test';
import type { Brand } from '@rec/core';
import { BRANDING_PREVIEWS } from '../src/router/route-table';
import { callFromPage, createCompany, signInTo } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

/**
 * Visual regression of the eight branding previews (issue 16 D): each page at 1280 px under the
 * default brand and under a strong one (dark primary, serif, square corners, wider spacing), compared
 * with the committed baselines in branding-previews.spec.ts-snapshots/ (named per platform by
 * Playwright: these are Linux/Chromium's). Update them after an intended change with
 * `E2E_PORT=3233 npx playwright test --config host/playwright.config.ts host/e2e/branding-previews.spec.ts --update-snapshots`.
 *
 * Threshold: maxDiffPixelRatio 0.0005, i.e. at most 0.05 % of the page's pixels (about 800 of a
 * 1280 x 1250 page) may differ, each pixel judged with Playwright's default per-pixel colour
 * threshold (0.2). Repeated runs on this machine pass well under it; the allowance absorbs the
 * anti-aliasing noise of text edges a font or driver update brings. The smallest change that must
 * fail stays well above it: one recoloured primary button alone changes about 3,900 pixels (measured:
 * BUTTONS under the strong brand with another primary colour), a radius or spacing change moves far more.
 */
const MAX_DIFF_PIXEL_RATIO = 0.0005;

const STRONG: Brand = {
  colors: { primary: '#1b1b1b', onPrimary: '#ffffff', text: '#202020', muted: '#4d4d4d', surface: '#ffffff', border: '#8c8c8c', background: '#fbf8f1' },
  font: 'serif',
  radius: 0,
  spacing: 1.25,
};

const BRANDS: ReadonlyArray<[string, Brand | null]> = [
  ['default', null],
  ['strong', STRONG],
];

function previewUrl(slug: string, brand: Brand | null): string {
  const query = new URLSearchParams({ language: 'en' });
  if (brand) query.set('brand', JSON.stringify(brand));
  return `/offer/branding/preview/${slug}?${query}`;
}

/** The page is ready when every preview's shadow root is filled (and the inputs' sample errors are written). */
async function open(page: Page, slug: string, brand: Brand | null): Promise<void> {
  await page.goto(previewUrl(slug, brand));
  await expect(page.locator('[data-brand-canvas]')).toBeVisible();
  const previews = page.locator('[data-preview]');
  await expect(previews.first()).toBeVisible();
  for (const preview of await previews.all()) await expect.poll(() => preview.evaluate((element) => element.shadowRoot?.childElementCount ?? 0)).toBeGreaterThan(0);
  if (slug === 'inputs') await expect(page.locator('#rec-apply-email-error')).toHaveText('Please enter a valid email address.');
}

test.use({ viewport: { width: 1280, height: 900 } });

for (const [slug, title] of Object.entries(BRANDING_PREVIEWS)) {
  for (const [brandName, brand] of BRANDS) {
    test(`${title} under the ${brandName} brand: as the baseline, axe clean`, async ({ page }) => {
      await open(page, slug, brand);
      // The focus state of INPUTS: a click on its label, as the page says.
      if (slug === 'inputs') await page.locator('[data-preview="fields"] label', { hasText: /^Focus$/ }).click();
      await expect(page).toHaveScreenshot(`${slug}-${brandName}.png`, { fullPage: true, animations: 'disabled', caret: 'hide', maxDiffPixelRatio: MAX_DIFF_PIXEL_RATIO });
      await expectNoAxeViolation(page);
    });
  }
}

test('the brand panel tries values in the link, which reloads and copies the same brand', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, 'buttons', null);
  await expect(page.locator('.bp-origin')).toHaveText('Default brand');
  const primary = page.getByRole('textbox', { name: 'Primary', exact: true });
  const button = page.locator('[data-preview="widget-buttons"] button.rec-button-primary').first();
  await primary.fill('#0b6e4f');
  await expect(button).toHaveCSS('background-color', 'rgb(11, 110, 79)');
  await expect.poll(() => new URL(page.url()).searchParams.has('brand')).toBe(true);
  // Reset: back to the brand the page started with, and the link carries none again.
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(button).toHaveCSS('background-color', 'rgb(31, 95, 191)');
  await expect.poll(() => new URL(page.url()).searchParams.has('brand')).toBe(false);

  await primary.fill('#0b6e4f');
  // Keyboard only: the font select (arrow down: from the page's font to the next stack) and the radius field.
  await page.getByLabel('Font', { exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByLabel('Corner radius (px, 0 to 24)').fill('0');
  await expect(button).toHaveCSS('border-top-left-radius', '0px');
  await expect.poll(() => JSON.parse(new URL(page.url()).searchParams.get('brand') ?? '{}')).toMatchObject({ colors: { primary: '#0b6e4f' }, font: 'system', radius: 0 });

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(page.url());

  // The link shows the brand it carries, on this preview and, through the navigation, on the others.
  await page.goto(copied);
  await expect(page.locator('.bp-origin')).toHaveText('Brand from the link (not saved)');
  await expect(page.locator('[data-preview="widget-buttons"] button.rec-button-primary').first()).toHaveCSS('background-color', 'rgb(11, 110, 79)');
  await page.getByRole('navigation', { name: 'Branding previews' }).getByRole('link', { name: 'Application cards' }).click();
  await expect(page).toHaveURL(/\/offer\/branding\/preview\/card-choices\?/);
  await expect(page.locator('[data-preview="choice-indeed"] [part~="apply-button"]')).toHaveCSS('background-color', 'rgb(11, 110, 79)');
});

test('a brand in the link that is not valid is said, and the default brand shows', async ({ page }) => {
  await page.goto('/offer/branding/preview/buttons?language=en&brand=%7B%22radius%22%3A99%7D');
  await expect(page.getByRole('alert').filter({ hasText: 'The brand in the link is not valid' })).toBeVisible();
  await expect(page.locator('.bp-origin')).toHaveText('Default brand');
});

test('without a brand in the link: the theme of companyId, else the signed-in recruiter’s company', async ({ page }) => {
  // A company of the test's own (fixtures.ts): the brand it saves is seen by no other test.
  const company = await createCompany();
  await signInTo(page.context(), company, 'owner');
  await page.goto('/recruiter');
  const before = (await callFromPage<{ brand: Brand }>(page, 'GET', '/v2/companies/settings')).json;
  const patched = await callFromPage(page, 'PATCH', '/v2/companies/settings', { brand: { ...before.brand, colors: { ...before.brand.colors, primary: '#8a2be2', onPrimary: '#ffffff' } } });
  expect(patched.status).toBe(200);
  const button = page.locator('[data-preview="widget-buttons"] button.rec-button-primary').first();
  await open(page, 'buttons', null);
  await expect(page.locator('.bp-origin')).toHaveText("Your company's brand");
  await expect(button).toHaveCSS('background-color', 'rgb(138, 43, 226)');
  await page.goto(`/offer/branding/preview/buttons?language=en&companyId=${company.companyId}`);
  await expect(page.locator('.bp-origin')).toHaveText("The company's brand");
  await expect(button).toHaveCSS('background-color', 'rgb(138, 43, 226)');
});
