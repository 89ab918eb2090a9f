import { expect, test } from '@playwright/test';
import { expectNoAxeViolation, LUMEN } from './helpers';

test('an employee gets a referral link; a candidate following it keeps the code from the board to the offer', async ({ page }) => {
  await page.goto(`/referral/${LUMEN}/generate?language=en`);
  await expect(page.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  await expectNoAxeViolation(page);
  await page.getByLabel('Your name').fill('Marc Weber');
  await page.getByLabel('Your email address').fill(`marc.${Date.now()}@lumen.example`);
  await page.getByRole('button', { name: 'Get my referral link' }).click();
  const link = page.locator('rec-referral [part~="referral-link"]');
  await expect(link).toBeVisible();
  const url = new URL((await link.getAttribute('href')) ?? '');
  const code = url.searchParams.get('ref');
  expect(url.pathname).toMatch(/^\/board\/[0-9a-f]{24}$/);
  expect(code).toMatch(/^[a-z2-9]{10}$/);

  // A new visit: the candidate opens the link, then an offer of the board.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(url.pathname + url.search);
  const firstOffer = page.locator('rec-board [part~="offer"]').first();
  await expect(firstOffer).toBeVisible();
  expect(new URL((await firstOffer.getAttribute('href')) ?? '').searchParams.get('ref')).toBe(code);
  await firstOffer.click();
  await expect(page).toHaveURL(new RegExp(`/offer/c/[0-9a-f]{24}\\?ref=${code}$`));
  await expect(page.locator('rec-offer [part~="title"]').first()).toBeVisible();
});
