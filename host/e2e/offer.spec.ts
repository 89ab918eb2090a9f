import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type FileChooser, type Page } from '@playwright/test';
import { createCompany } from './fixtures';
import { expectNoAxeViolation, SAMPLE_CHANNEL, smallPdf } from './helpers';
import { test } from './test';

// The server's DATA_DIR, as host/playwright.config.ts sets it: the outbox is below it.
const OUTBOX = join(tmpdir(), `rec-e2e-${process.env.E2E_PORT ?? 3107}`, 'outbox');


function mailsTo(address: string): Array<{ to: string; subject: string; text: string }> {
  try {
    return readdirSync(OUTBOX)
      .map((name) => JSON.parse(readFileSync(join(OUTBOX, name), 'utf8')))
      .filter((mail) => mail.to === address);
  } catch {
    return [];
  }
}

/** The id of the focused element, looking inside shadow roots. */
const focusedId = (page: Page) =>
  page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.id ?? '';
  });

async function tabTo(page: Page, id: string) {
  for (let i = 0; i < 80; i++) {
    if ((await focusedId(page)) === id) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached #${id}`);
}


test('a candidate opens an offer from the career site, applies with a CV, and the mail lands in the outbox', async ({ page }) => {
  const email = `e2e.${Date.now()}@example.org`;
  // The career site shows the board of a company of this test's own, whose sample offer takes the application.
  const { boardId, sample } = await createCompany({ sample: true, privacyNotices: true });
  await page.goto(`/demo/career-site.html?board=${boardId}`);
  // The visitor reads the board in English; the offer link carries that language (issue 9).
  await page.getByLabel('Langue des offres').selectOption('en');
  await page.locator(`rec-board a[href$="/offer/c/${sample!.channelId}?language=en"]`).click();
  await expect(page).toHaveURL(new RegExp(`/offer/c/${sample!.channelId}`));
  // The offer is written in English too.
  await expect(page.locator('rec-offer h1')).toContainText('Embedded Software Engineer');
  expect(await page.locator('head script[type="application/ld+json"]').count()).toBeLessThanOrEqual(1);

  await page.locator('rec-offer [part~="apply-button"]').click();
  // An engineering offer asks name, email, phone, cover letter, profile URL and CV; nothing sensitive (issue 9).
  await expect(page.locator('#rec-apply-firstName')).toBeVisible();
  const fields = await page.locator('rec-offer .apply-form [name]').evaluateAll((elements) => [...new Set(elements.map((element) => element.getAttribute('name')))]);
  expect(fields).toEqual(['cv', 'firstName', 'lastName', 'email', 'phone', 'coverLetter', 'coverLetterFile', 'profileUrl', 'gdprConsent']);
  for (const label of ['Nationality', 'Date of birth', 'Gender', 'Postal address', 'Expected salary', 'Driving licences', 'Work permit for this country']) {
    await expect(page.locator('rec-offer').getByText(label, { exact: true })).toHaveCount(0);
  }
  await page.locator('#rec-apply-firstName').fill('Ana');
  await page.locator('#rec-apply-lastName').fill('Silva');
  await page.locator('#rec-apply-email').fill(email);
  await page.locator('#rec-apply-coverLetter').fill('I would love to build your robots.');
  await page.locator('#rec-apply-profileUrl').fill('https://www.linkedin.com/in/ana-silva');
  await page.locator('#rec-apply-cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
  await expect(page.locator('rec-offer #rec-apply-cv ~ .upload-status')).toContainText('cv.pdf');
  await page.locator('#rec-apply-gdprConsent').check();
  await page.locator('rec-offer [part~="apply-submit"]').click();
  await expect(page.locator('rec-offer [part~="apply-success"]')).toBeVisible();

  await expect.poll(() => mailsTo(email).length, { timeout: 5000 }).toBe(1);
  expect(mailsTo(email)[0]?.subject).toBe('Your application for Embedded Software Engineer (C++/ROS)');
});

test('keyboard only: errors move focus to the first invalid field, then the application goes through', async ({ page }) => {
  const email = `keyboard.${Date.now()}@example.org`;
  // Listen for the file chooser before anything happens: Playwright switches the browser's
  // chooser interception on asynchronously when the first listener appears, so a listener added
  // just before the key press can miss the dialog on a busy machine (seen in CI).
  const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
  // The sample offer of a company of this test's own takes the application.
  const { sample } = await createCompany({ sample: true, privacyNotices: true });
  await page.goto(`/offer/c/${sample!.channelId}?embedded=applyManualOnly&language=en`);
  await expect(page.locator('#rec-apply-firstName')).toBeVisible();
  await page.evaluate(() => localStorage.clear());

  await tabTo(page, 'rec-apply-firstName');
  await page.keyboard.type('Ana');
  // Submit empty-ish: focus goes to the first invalid field, its error is tied to it.
  await page.locator('rec-offer [part~="apply-submit"]').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedId(page)).toBe('rec-apply-lastName');
  await expect(page.locator('#rec-apply-lastName')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#rec-apply-lastName')).toHaveAttribute('aria-describedby', /rec-apply-lastName-error/);
  await expect(page.locator('#rec-apply-lastName-error')).toHaveText('This field is required.');

  await page.keyboard.type('Silva');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await tabTo(page, 'rec-apply-cv');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
  await expect(page.locator('rec-offer #rec-apply-cv ~ .upload-status')).toContainText('cv.pdf is uploaded');
  await tabTo(page, 'rec-apply-gdprConsent');
  await page.keyboard.press('Space');
  await tabTo(page, 'rec-apply-submit');
  await page.keyboard.press('Enter');
  await expect(page.locator('rec-offer [part~="apply-success"]')).toBeFocused();
  await expect.poll(() => mailsTo(email).length, { timeout: 5000 }).toBe(1);
});

test('a half-filled form survives a reload', async ({ page }) => {
  await page.goto(`/offer/c/${SAMPLE_CHANNEL}?embedded=applyManualOnly&language=en`);
  await page.locator('#rec-apply-firstName').fill('Draft');
  await page.reload();
  await expect(page.locator('#rec-apply-firstName')).toHaveValue('Draft');
  await expect(page.locator('rec-offer .apply-notice')).toBeVisible();
  await page.evaluate(() => localStorage.clear());
});

test('a closed offer shows the closed-job message', async ({ page }) => {
  await page.goto('/offer/c/64b0c4a10000000000000051');
  await expect(page.locator('rec-offer [part~="error"]')).toHaveAttribute('data-message-key', 'closedJob');
});

test('the share page opens the offer through its short link', async ({ page }) => {
  await page.goto('/share/lumen-embedded-engineer');
  await expect(page.locator('rec-offer h1')).toBeVisible();
  await expect(page.getByRole('button', { name: /Copier le lien|Copy link/ }).first()).toBeVisible();
});

for (const path of [`/offer/c/${SAMPLE_CHANNEL}`, `/offer/c/${SAMPLE_CHANNEL}?embedded=applyManualOnly`]) {
  test(`axe finds no violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('rec-offer h1, rec-offer h2').first()).toBeVisible();
    if (path.includes('embedded')) {
      await expect(page.locator('#rec-apply-firstName')).toBeVisible();
      // With the errors shown too.
      await page.locator('rec-offer [part~="apply-submit"]').click();
      await expect(page.locator('#rec-apply-firstName')).toHaveAttribute('aria-invalid', 'true');
    }
    await expectNoAxeViolation(page);
  });
}
