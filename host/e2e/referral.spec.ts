import { expect } from '@playwright/test';
import { createCompany } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

test('an employee gets a referral link; a candidate following it keeps the code from the board to the offer', async ({ page }) => {
  // The referral codes made here belong to a company of this test's own.
  const { companyId, boardId } = await createCompany();
  await page.goto(`/referral/${companyId}/generate?language=en`);
  await expect(page.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  await expectNoAxeViolation(page);
  await page.getByLabel('Your name').fill('Marc Weber');
  await page.getByLabel('Your email address').fill(`marc.${Date.now()}@lumen.example`);
  await page.getByRole('button', { name: 'Get my referral link' }).click();
  const link = page.locator('rec-referral [part~="referral-link"]');
  await expect(link).toBeVisible();
  const url = new URL((await link.getAttribute('href')) ?? '');
  const code = url.searchParams.get('ref');
  expect(url.pathname).toBe(`/board/${boardId}`);
  expect(code).toMatch(/^[a-z2-9]{10}$/);

  // A new visit: the candidate opens the link, then an offer of the board.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(url.pathname + url.search);
  const firstOffer = page.locator('rec-board [part~="offer"]').first();
  await expect(firstOffer).toBeVisible();
  expect(new URL((await firstOffer.getAttribute('href')) ?? '').searchParams.get('ref')).toBe(code);
  await firstOffer.click();
  // The board's offer links also carry the language shown (issue 9): only the path and the code matter here.
  await expect(page).toHaveURL((target) => /^\/offer\/c\/[0-9a-f]{24}$/.test(target.pathname) && target.searchParams.get('ref') === code);
  await expect(page.locator('rec-offer [part~="title"]').first()).toBeVisible();
});

test('a Polish employee on a phone uses the referral form with the keyboard; the page loads no widget chunk of the React stack', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'pl-PL', viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  const chunks: string[] = [];
  const cspErrors: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/widgets/chunks/')) chunks.push(path.slice('/widgets/'.length));
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  try {
    const { companyId } = await createCompany();
    await page.goto(`/referral/${companyId}/generate?language=pl`);
    await expect(page.getByRole('heading', { level: 1, name: 'Poleć znajomego' })).toBeVisible();

    // Leaving the empty name field shows the rule's message, tied to the field.
    const name = page.getByLabel('Twoje imię i nazwisko');
    await name.focus();
    await page.keyboard.press('Tab');
    await expect(page.locator('rec-referral #rec-referral-name-error')).toHaveText('To pole jest wymagane.');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAttribute('aria-describedby', 'rec-referral-name-error');
    await expectNoAxeViolation(page);

    await name.fill('Ola Nowak');
    await expect(page.locator('rec-referral #rec-referral-name-error')).toHaveCount(0);
    const email = page.getByLabel('Twój adres e-mail');
    await email.fill(`ola.${Date.now()}@lumen.example`);
    await page.keyboard.press('Enter');
    const link = page.locator('rec-referral [part~="referral-link"]');
    await expect(link).toBeVisible();
    expect(new URL((await link.getAttribute('href')) ?? '').searchParams.get('ref')).toMatch(/^[a-z2-9]{10}$/);
    await expect(page.locator('rec-referral [part~="copy-link"]')).toHaveText('Kopiuj link');
    await expectNoAxeViolation(page);

    // What the widget bundle loaded for this page: none of it is preact, i18next, ofetch…
    const manifest = (await (await page.request.get('/widgets/manifest.json')).json()) as { chunks: Record<string, { packages?: string[] }> };
    expect(chunks.some((chunk) => chunk.startsWith('chunks/referral.element-'))).toBe(true);
    const reactStack = ['preact', 'i18next', 'ofetch', 'nanostores', '@r2wc/react-to-web-component', '@r2wc/core'];
    expect(chunks.flatMap((chunk) => (manifest.chunks[chunk]?.packages ?? []).filter((pkg) => reactStack.includes(pkg)))).toEqual([]);
    expect(cspErrors).toEqual([]);
  } finally {
    await context.close();
  }
});
