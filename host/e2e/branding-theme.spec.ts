import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { callFromPage as api, createCompany, signInTo } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

// Issue 16: the brand the owner saves shows on the demo career site's board and on the offer
// page it links to, with no --rec-* CSS on the page (the theme alone colours them). In a company
// of the test's own (fixtures.ts), shown on the career site by its `board` parameter.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PNG = readFileSync(join(ROOT, 'host/public/demo/logos/lumen-robotics.png'));
const PRIMARY = '#8a2be2';
const PRIMARY_RGB = 'rgb(138, 43, 226)';

/** What the settings answer holds that the test sends back. */
interface Settings {
  brand: Record<string, unknown>;
}

test('the brand and default logo the owner saves show on the career site board and on the offer it opens', async ({ page }) => {
  test.setTimeout(60_000);
  const company = await createCompany();
  const channel = company.steps.channelId;
  await signInTo(page.context(), company, 'owner');
  await page.goto('/recruiter');
  const before = (await api<Settings>(page, 'GET', '/v2/companies/settings')).json;
  const patch = await api(page, 'PATCH', '/v2/companies/settings', { brand: { ...before.brand, colors: { primary: PRIMARY, onPrimary: '#ffffff' } } });
  expect(patch.status).toBe(200);
  const created = await api<{ _id: string; url: string }>(page, 'POST', '/v2/companies/settings/logos', {
    name: `Theme ${Date.now()}`.slice(0, 40),
    options: { mask: 'BLACK' },
    file: { base64: PNG.toString('base64'), type: 'image/png' },
  });
  expect(created.status).toBe(201);
  expect((await api(page, 'POST', `/v2/companies/settings/logos/${created.json._id}/default`)).status).toBe(200);

  // The demo career site as it is: its stylesheet sets no --rec-* value on the board (checked), so the theme alone colours it.
  await page.goto(`/demo/career-site.html?board=${company.boardId}`);
  expect(await page.locator('rec-board').evaluate((board) => getComputedStyle(board).getPropertyValue('--rec-color-primary'))).toBe('');
  const title = page.locator('rec-board [part~="offer-title"]').first();
  await expect(title).toBeVisible();
  await expect(title).toHaveCSS('color', PRIMARY_RGB);
  const boardLogo = page.locator('rec-board img[part~="logo"]');
  await expect(boardLogo).toHaveAttribute('src', created.json.url);
  await expect(boardLogo).toHaveAttribute('alt', company.name);
  // Made for dark backgrounds: shown as it is, on a plate of the dark text colour.
  await expect(boardLogo).toHaveCSS('filter', 'none');
  await expect(page.locator('rec-board [part~="logo-box"]')).toHaveCSS('background-color', 'rgb(29, 36, 51)');
  // The image itself arrives (the box was reserved before it): polled, it may still be loading here.
  await expect.poll(() => boardLogo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expectNoAxeViolation(page, 'rec-board');

  await page.locator(`rec-board a[href*="/offer/c/${channel}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/offer/c/${channel}`));
  const apply = page.locator('rec-offer [part~="apply-button"]');
  await expect(apply).toBeVisible();
  await expect(apply).toHaveCSS('background-color', PRIMARY_RGB);
  const offerLogo = page.locator('rec-offer img[part~="logo"]');
  await expect(offerLogo).toHaveAttribute('src', created.json.url);
  await expect(offerLogo).toHaveAttribute('alt', company.name);
  await expect(offerLogo).toHaveCSS('filter', 'none');
  await expectNoAxeViolation(page, 'rec-offer');

  // The other pages we serve mount the same elements: the full-page board and the offer by its own id.
  await page.goto(`/board/${company.boardId}`);
  await expect(page.locator('rec-board [part~="offer-title"]').first()).toHaveCSS('color', PRIMARY_RGB);
  await expect(page.locator('rec-board img[part~="logo"]')).toHaveAttribute('src', created.json.url);
  const postingId = (await api<{ _id: string }>(page, 'GET', `/v2/offers/channel/${channel}`)).json._id;
  await page.goto(`/offer/${postingId}`);
  await expect(page.locator('rec-offer [part~="apply-button"]')).toHaveCSS('background-color', PRIMARY_RGB);
  await expect(page.locator('rec-offer img[part~="logo"]')).toHaveAttribute('src', created.json.url);
});
